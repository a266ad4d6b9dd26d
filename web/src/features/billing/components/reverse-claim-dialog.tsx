/**
 * Reverse a paid (or unanswered) claim (POST /api/claims/reverse, a B2 with the reason): the payer's answer shows
 * here; a reversed claim can be submitted again from the Claims tab.
 */
import type { ClaimTransactionResult } from '@pharmacy/shared/api/claims.ts';
import { CLAIM_MESSAGES } from '@pharmacy/shared/billing/claim.ts';
import { useState } from 'react';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import type { ClaimRow } from '../api/get-claims-page.ts';
import { useReverseClaim } from '../api/reverse-claim.ts';
import { rxFill } from '../billing-format.ts';

export function ReverseClaimDialog({ claim, onClose }: { claim: ClaimRow | null; onClose: () => void }) {
  return (
    <Dialog open={claim !== null} onClose={onClose} title={claim ? `Reverse the claim for Rx ${rxFill(claim)}` : 'Reverse'}>
      {claim ? <ReverseForm claim={claim} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ReverseForm({ claim, onClose }: { claim: ClaimRow; onClose: () => void }) {
  const reverse = useReverseClaim();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [answer, setAnswer] = useState<ClaimTransactionResult | null>(null);
  const label = `Rx ${rxFill(claim)}`;
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={(event) => {
      event.preventDefault();
      const trimmed = reason.trim();
      if (trimmed.length < 1 || trimmed.length > 500) {
        setProblem(CLAIM_MESSAGES.reason);
        return;
      }
      setProblem(undefined);
      reverse.mutate({ prescriptionId: claim.prescriptionId, coverage: claim.coverage, reason: trimmed }, {
        onSuccess: (result) => {
          setAnswer(result);
          toast({
            title: result.claim.status === 'reversed' ? 'Claim reversed' : 'Claim not reversed',
            description: `${label}: ${result.summary}`,
            ...(result.claim.status === 'reversed' ? {} : { variant: 'destructive' as const }),
          });
        },
      });
    }}>
      <p className="text-sm text-base-content/80">
        {claim.payerName} takes back what it paid for this fill. Reverse a claim before the fill goes back to stock, or to bill it again differently.
      </p>
      <TextAreaField label="Reason" required rows={3} maxLength={500} value={reason} error={problem} onChange={(event) => setReason(event.target.value)} data-autofocus />
      {reverse.error ? <p role="alert" className="alert alert-error alert-soft">{reverse.error.message}</p> : null}
      {answer ? <div role="status" className={`alert alert-soft ${answer.claim.status === 'reversed' ? 'alert-success' : 'alert-error'}`}>{answer.summary}</div> : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>{answer ? 'Close' : 'Cancel'}</button>
        {answer ? null : <button type="submit" className="btn btn-warning" disabled={reverse.isPending}>{reverse.isPending ? 'Reversing…' : 'Reverse'}</button>}
      </div>
    </form>
  );
}
