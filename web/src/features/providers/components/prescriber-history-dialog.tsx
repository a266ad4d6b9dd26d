/**
 * A prescriber's verification history (GET /api/prescribers/{id}), newest first: when, the outcome, its reason,
 * the sources checked, how it ran (manual, monthly, exclusion list, expiry) and by whom.
 */
import { prescriberDisplayName, verificationStatusLabel, type Prescriber } from '@pharmacy/shared/prescribers/prescriber.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { usePrescriber } from '../api/get-prescriber.ts';
import { verificationBadgeClass } from '../provider-format.ts';
import { VerificationChecks } from './verification-checks.tsx';

const RUN_KINDS: Record<string, string> = {
  manual: 'Verified by staff',
  monthly: 'Monthly re-verification',
  'exclusion-list': 'OIG exclusion list upload',
  expiry: 'Credential expired',
};

export interface PrescriberHistoryDialogProps {
  pharmacyId: string;
  /** The signed-in user, so their own checks read "by you" (the history names staff by user id only). */
  userId: string;
  prescriber: Prescriber;
  onClose: () => void;
}

export function PrescriberHistoryDialog({ pharmacyId, userId, prescriber, onClose }: PrescriberHistoryDialogProps) {
  const detail = usePrescriber(pharmacyId, prescriber.id);
  return (
    <Dialog open onClose={onClose} title={`Verification history: ${prescriberDisplayName(prescriber)}`} size="lg" closeButton>
      <QueryState
        query={detail}
        errorText="The verification history could not be loaded"
        loadingLabel="Loading verification history"
        isEmpty={(data) => data.verifications.length === 0}
        emptyText="Not verified yet: no verification on record."
      >
        {(data) => (
          <ol className="flex flex-col gap-3" aria-label="Verifications">
            {data.verifications.map((verification) => (
              <li key={verification.id} className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className={`badge ${verificationBadgeClass(verification.outcome)}`}>{verificationStatusLabel(verification.outcome)}</span>
                  <time dateTime={verification.checkedAt} className="text-sm text-base-content/70">
                    {new Date(verification.checkedAt).toLocaleString('en-US')}
                  </time>
                </div>
                <p className="text-sm">{verification.reason}</p>
                <p className="text-sm text-base-content/70">
                  {RUN_KINDS[verification.runKind] ?? verification.runKind}
                  {verification.checkedBy === null ? ' · by the system' : verification.checkedBy === userId ? ' · by you' : ' · by a staff member'}
                </p>
                <VerificationChecks checks={verification.checks} />
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </Dialog>
  );
}
