/**
 * System Information (spec §2), three columns: Staff Credentials (initials of the pharmacy's active
 * pharmacists and technicians, passwords masked), System Status (today's date, the next Rx number) and
 * License Information from the pharmacy record, with a placeholder where a value is not on file.
 */
import { useNextRxNumber } from '../api/get-next-rx-number.ts';
import { useStaffCredentials } from '../api/get-staff-credentials.ts';
import { formatLongUsDate } from '../local-day.ts';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';

const MASKED_PASSWORD = '****';
const NOT_ON_FILE = 'Not on file';
export const DEFAULT_PHARMACY_NAME = 'Demo Pharmacy';

export interface DashboardPharmacy {
  id: string;
  pharmacyName: string;
  city?: string | null;
  state?: string | null;
  deaNumber?: string | null;
  ncpdpId?: string | null;
  stateLicenseNumber?: string | null;
}

export interface SystemInformationPanelProps {
  pharmacy: DashboardPharmacy;
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-base-content/70">{label}</dt>
      <dd className="text-right font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function StaffCredentials({ pharmacyId }: { pharmacyId: string }) {
  const staff = useStaffCredentials(pharmacyId);
  return (
    <QueryState
      query={staff}
      errorText="Staff could not be loaded"
      loadingLabel="Loading staff"
      skeletonRows={1}
      skeletonRowClassName="h-12"
      size="sm"
      isEmpty={(members) => members.length === 0}
      emptyText="No active pharmacists or technicians."
    >
      {(members) => (
        <dl className="flex flex-col gap-1 text-sm">
          {members.map((member) => (
            <div key={member.userId} className="flex justify-between gap-3" data-testid="staff-credential">
              <dt className="text-base-content/70">{member.role === 'pharmacist' ? 'Pharmacist' : 'Tech'}</dt>
              <dd className="font-mono">
                <span className="font-medium">{member.initials}</span>
                <span className="ml-2 text-base-content/70">
                  <span className="sr-only">password </span>
                  {MASKED_PASSWORD}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </QueryState>
  );
}

export function SystemInformationPanel({ pharmacy }: SystemInformationPanelProps) {
  const nextRx = useNextRxNumber(pharmacy.id);
  const place = [pharmacy.city, pharmacy.state].filter(Boolean).join(', ');
  return (
    <SectionCard title="System Information" gap="gap-4">
      <div className="grid gap-6 md:grid-cols-3">
        <section aria-labelledby="staff-credentials-title">
          <h3 id="staff-credentials-title" className="mb-2 font-semibold">Staff Credentials</h3>
          <StaffCredentials pharmacyId={pharmacy.id} />
        </section>
        <section aria-labelledby="system-status-title">
          <h3 id="system-status-title" className="mb-2 font-semibold">System Status</h3>
          <dl className="flex flex-col gap-1 text-sm">
            <Row label="Date" value={formatLongUsDate()} />
            <Row
              label="Next RX"
              testId="next-rx-number"
              value={nextRx.isPending ? '…' : nextRx.isError ? '—' : String(nextRx.data)}
            />
          </dl>
        </section>
        <section aria-labelledby="license-information-title">
          <h3 id="license-information-title" className="mb-2 font-semibold">License Information</h3>
          <dl className="flex flex-col gap-1 text-sm">
            <Row label="Pharmacy" value={pharmacy.pharmacyName || DEFAULT_PHARMACY_NAME} testId="license-pharmacy-name" />
            <Row label="Location" value={place || NOT_ON_FILE} />
            <Row label="DEA" value={pharmacy.deaNumber || NOT_ON_FILE} testId="license-dea" />
            <Row label="NCPDP" value={pharmacy.ncpdpId || NOT_ON_FILE} testId="license-ncpdp" />
            <Row label="State License" value={pharmacy.stateLicenseNumber || NOT_ON_FILE} testId="license-state" />
          </dl>
        </section>
      </div>
    </SectionCard>
  );
}
