/** The sources a verification checked (NPPES, licence, DEA, OIG list), each with its result and detail. */
import { VERIFICATION_SOURCE_LABELS, type VerificationCheck } from '@pharmacy/shared/prescribers/prescriber.ts';

const RESULT_LABELS: Record<VerificationCheck['result'], string> = {
  passed: 'Passed',
  failed: 'Failed',
  unavailable: 'Unavailable',
  'not-applicable': 'Not applicable',
};

const RESULT_BADGES: Record<VerificationCheck['result'], string> = {
  passed: 'badge-success',
  failed: 'badge-error',
  unavailable: 'badge-warning',
  'not-applicable': 'badge-ghost',
};

export function VerificationChecks({ checks }: { checks: readonly VerificationCheck[] }) {
  if (checks.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2 text-sm" aria-label="Checks">
      {checks.map((check) => (
        <li key={check.source} className="flex flex-col gap-1 rounded-box border border-base-300 p-2">
          <div className="flex items-center justify-between gap-2">
            <span className="font-medium">{VERIFICATION_SOURCE_LABELS[check.source]}</span>
            <span className={`badge badge-sm ${RESULT_BADGES[check.result]}`}>{RESULT_LABELS[check.result]}</span>
          </div>
          {check.detail ? <span className="text-base-content/70">{check.detail}</span> : null}
        </li>
      ))}
    </ul>
  );
}
