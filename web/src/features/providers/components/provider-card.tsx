/**
 * One prescriber of the directory (spec part 2 §3 Prescriber): name with title and degree, specialty, NPI, contact,
 * practice place, credentials, the status badge (Verified green, Pending yellow, Needs Review red, else Unknown) with
 * the reason when not verified, an "Excluded (OIG)" badge, activity, and the licence and DEA registration with their
 * expiration, flagged when expired or within 90 days. The actions the staff member may take sit at the bottom.
 */
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { prescriberDisplayName, verificationStatusLabel, type Prescriber } from '@pharmacy/shared/prescribers/prescriber.ts';
import { credentialExpiry, verificationBadgeClass, type CredentialExpiry } from '../provider-format.ts';

export interface ProviderCardProps {
  prescriber: Prescriber;
  /** The pharmacy's today (YYYY-MM-DD). */
  today: string;
  onHistory: () => void;
  /** Present only for staff who may edit and verify (prescribers:verify). */
  onEdit?: () => void;
  onVerify?: () => void;
}

function CredentialLine({ label, value, expiry }: { label: string; value: string; expiry: CredentialExpiry | null }) {
  const flagged = expiry && expiry.state !== 'valid';
  return (
    <li className="flex flex-wrap items-center gap-x-2">
      <span className="text-base-content/70">{label}:</span>{' '}
      <span className="font-mono">{value}</span>{' '}
      {expiry ? <span className={flagged ? 'font-medium text-error' : 'text-base-content/70'}>{expiry.text}</span> : null}{' '}
      {flagged ? <span className={`badge badge-sm ${expiry.state === 'expired' ? 'badge-error' : 'badge-warning'}`}>{expiry.state === 'expired' ? 'Expired' : 'Expiring'}</span> : null}
    </li>
  );
}

export function ProviderCard({ prescriber, today, onHistory, onEdit, onVerify }: ProviderCardProps) {
  const name = prescriberDisplayName(prescriber);
  const status = prescriber.verificationStatus;
  const place = [prescriber.practiceCity, prescriber.practiceState].filter(Boolean).join(', ');
  const licence = prescriber.licenseNumber ? [prescriber.licenseState, prescriber.licenseNumber].filter(Boolean).join(' ') : null;
  const { degree, boardCertifications } = prescriber.credentials;
  return (
    <article className="card card-border bg-base-100" aria-label={name} data-testid="provider-card">
      <div className="card-body gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="card-title text-base">{name}</h3>
            <p className="text-sm text-base-content/70">{prescriber.specialty ?? 'Specialty not on file'}</p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <span className={`badge ${verificationBadgeClass(status)}`} data-testid="verification-status">
              {verificationStatusLabel(status)}
            </span>
            {prescriber.excluded ? <span className="badge badge-error badge-outline">Excluded (OIG)</span> : null}
          </div>
        </div>
        {status !== 'verified' && prescriber.verificationReason ? (
          <p className="rounded-box bg-base-200 p-2 text-sm" data-testid="verification-reason">
            {prescriber.verificationReason}
          </p>
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-base-content/70">NPI</dt>
          <dd className="font-mono">{prescriber.npiNumber ?? '—'}</dd>
          <dt className="text-base-content/70">Phone</dt>
          <dd>{prescriber.phone ?? '—'}</dd>
          <dt className="text-base-content/70">Email</dt>
          <dd className="truncate">{prescriber.email ?? '—'}</dd>
          <dt className="text-base-content/70">Practice</dt>
          <dd>{place || '—'}</dd>
          <dt className="text-base-content/70">Credentials</dt>
          <dd>{[degree, ...boardCertifications].filter(Boolean).join(' · ') || '—'}</dd>
        </dl>
        {licence || prescriber.deaNumber ? (
          <ul className="flex flex-col gap-1 text-sm" aria-label="Licence and DEA registration">
            {licence ? <CredentialLine label="Licence" value={licence} expiry={credentialExpiry(prescriber.licenseExpiration, today)} /> : null}
            {prescriber.deaNumber ? <CredentialLine label="DEA" value={prescriber.deaNumber} expiry={credentialExpiry(prescriber.deaExpiration, today)} /> : null}
          </ul>
        ) : null}
        <p className="text-sm text-base-content/70">
          {prescriber.activeCount} active prescription{prescriber.activeCount === 1 ? '' : 's'}
          {' · '}
          {prescriber.lastPrescription ? `last written ${usDate(prescriber.lastPrescription)}` : 'no prescriptions yet'}
        </p>
        <div className="card-actions justify-end">
          <button type="button" className="btn btn-ghost btn-sm" onClick={onHistory} aria-label={`History of ${name}`}>
            History
          </button>
          {onEdit ? (
            <button type="button" className="btn btn-outline btn-sm" onClick={onEdit} aria-label={`Edit ${name}`}>
              Edit
            </button>
          ) : null}
          {onVerify && status !== 'verified' ? (
            <button type="button" className="btn btn-primary btn-sm" onClick={onVerify} aria-label={`Verify ${name}`}>
              Verify
            </button>
          ) : null}
        </div>
      </div>
    </article>
  );
}
