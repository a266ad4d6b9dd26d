/**
 * Verify (spec §4: offered for any prescriber not verified; pharmacists and admins): a confirmation saying what is
 * checked, then POST /api/prescribers/{id}/verify. Outcome 'verified' → toast 'Success' / 'Provider credentials
 * verified successfully'; anything else or a failed call → toast 'Error' / 'Failed to verify credentials' with the
 * reason, and the dialog shows the reason and each source's check. When NPPES answered details, "Use NPPES details"
 * opens Edit prefilled with them.
 */
import { useState } from 'react';
import { PRESCRIBER_MESSAGES, prescriberDisplayName, type Prescriber, type VerifyResult } from '@pharmacy/shared/prescribers/prescriber.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useVerifyPrescriber } from '../api/verify-prescriber.ts';
import { VerificationChecks } from './verification-checks.tsx';

export interface VerifyPrescriberDialogProps {
  prescriber: Prescriber;
  onClose: () => void;
  /** Offered when NPPES answered a record: opens Edit with its details. */
  onUseRegistryDetails: (record: unknown) => void;
}

export function VerifyPrescriberDialog({ prescriber, onClose, onUseRegistryDetails }: VerifyPrescriberDialogProps) {
  const verify = useVerifyPrescriber();
  const [result, setResult] = useState<VerifyResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = prescriberDisplayName(prescriber);

  const run = async () => {
    setFailure(null);
    try {
      const answer = await verify.mutateAsync(prescriber.id);
      setResult(answer);
      if (answer.verification.outcome === 'verified') {
        toast({ title: PRESCRIBER_MESSAGES.verifySuccessTitle, description: PRESCRIBER_MESSAGES.verifySuccess });
      } else {
        // The spec's toast word for word; the reason and each source's result are in the dialog.
        toast({ title: PRESCRIBER_MESSAGES.verifyFailureTitle, description: PRESCRIBER_MESSAGES.verifyFailure, variant: 'destructive' });
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      setFailure(reason);
      toast({ title: PRESCRIBER_MESSAGES.verifyFailureTitle, description: PRESCRIBER_MESSAGES.verifyFailure, variant: 'destructive' });
    }
  };

  const record = result?.verification.registryRecord;
  return (
    <Dialog open onClose={() => (verify.isPending ? undefined : onClose())} dismissible={!verify.isPending} title={`Verify ${name}`} size="lg" closeButton>
      <div className="flex flex-col gap-4">
        {result === null ? (
          <>
            <p>Verifying checks the provider&apos;s credentials against:</p>
            <ul className="list-disc pl-6 text-sm">
              <li>the NPPES NPI Registry (NPI {prescriber.npiNumber ?? 'not on file'}: active, an individual, the name on file);</li>
              <li>the state licence on file and its expiration;</li>
              <li>the DEA registration on file and its expiration;</li>
              <li>the pharmacy&apos;s OIG exclusion list.</li>
            </ul>
            <p className="text-sm">By verifying you attest you checked the state licence on the state board&apos;s site.</p>
          </>
        ) : (
          <div className="flex flex-col gap-3" data-testid="verification-outcome">
            <p role="status" className={`alert alert-soft ${result.verification.outcome === 'verified' ? 'alert-success' : 'alert-error'}`}>
              {result.verification.outcome === 'verified' ? PRESCRIBER_MESSAGES.verifySuccess : `${PRESCRIBER_MESSAGES.verifyFailure}: ${result.verification.reason}`}
            </p>
            <VerificationChecks checks={result.verification.checks} />
          </div>
        )}
        {failure ? (
          <p role="alert" className="alert alert-error alert-soft">
            {PRESCRIBER_MESSAGES.verifyFailure}: {failure}
          </p>
        ) : null}
        <div className="modal-action mt-0">
          {result === null ? (
            <>
              <button type="button" className="btn btn-ghost" onClick={onClose} disabled={verify.isPending}>
                Cancel
              </button>
              <button type="button" className="btn btn-primary" onClick={() => void run()} disabled={verify.isPending} data-autofocus>
                {verify.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
                {verify.isPending ? 'Verifying…' : 'Verify Credentials'}
              </button>
            </>
          ) : (
            <>
              {record ? (
                <button type="button" className="btn btn-outline" onClick={() => onUseRegistryDetails(record)}>
                  Use NPPES details
                </button>
              ) : null}
              <button type="button" className="btn btn-primary" onClick={onClose}>
                Close
              </button>
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}
