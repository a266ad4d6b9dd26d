/**
 * The DEA registration banner of the queue and the dashboard (System Settings → Controlled → DEA expiration
 * date): expired — 'DEA registration expired …: controlled substances cannot be filled' (the database refuses
 * controlled entry and fills) — or expiring within 90 days (a warning). Nothing while it is valid for longer, no
 * date was entered, or the status cannot be read (the database still enforces the rule).
 */
import { deaRegistrationNotice } from '@pharmacy/shared/prescriptions/controlled-substance-status.ts';
import { useControlledSubstanceStatus } from '../api/get-controlled-substance-status.ts';

export function DeaRegistrationBanner({ pharmacyId }: { pharmacyId: string }) {
  const status = useControlledSubstanceStatus(pharmacyId);
  const notice = status.data ? deaRegistrationNotice(status.data) : null;
  if (!notice) return null;
  return notice.level === 'error' ? (
    <div role="alert" aria-label="DEA registration" className="alert alert-error alert-soft mb-4">
      <span className="font-medium">{notice.text}</span>
    </div>
  ) : (
    <div role="status" aria-label="DEA registration" className="alert alert-warning alert-soft mb-4">
      <span className="font-medium">{notice.text}</span>
    </div>
  );
}
