/**
 * Override a rejected claim (pharmacists and admins; POST /api/claims/override): the fill may go on to ready though
 * its claim was rejected, with the reason — recorded on the fill's billing and audited by the database.
 */
import { CLAIM_MESSAGES } from '@pharmacy/shared/billing/claim.ts';
import { useState } from 'react';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useOverrideClaimReject } from '../api/override-claim-reject.ts';

export interface OverrideTarget {
  prescriptionId: string;
  /** "Rx 100234-0". */
  label: string;
  payerName: string;
}

export function OverrideRejectDialog({ target, onClose }: { target: OverrideTarget | null; onClose: () => void }) {
  return (
    <Dialog open={target !== null} onClose={onClose} title={target ? `Override the rejected claim of ${target.label}` : 'Override'}>
      {target ? <OverrideForm target={target} onClose={onClose} /> : null}
    </Dialog>
  );
}

function OverrideForm({ target, onClose }: { target: OverrideTarget; onClose: () => void }) {
  const override = useOverrideClaimReject();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={(event) => {
      event.preventDefault();
      const trimmed = reason.trim();
      if (trimmed.length < 1 || trimmed.length > 500) {
        setProblem(CLAIM_MESSAGES.reason);
        return;
      }
      setProblem(undefined);
      override.mutate({ prescriptionId: target.prescriptionId, reason: trimmed }, {
        onSuccess: () => {
          toast({ title: 'Rejected claim overridden', description: `${target.label} may go on to ready though ${target.payerName} rejected it.` });
          onClose();
        },
      });
    }}>
      <p className="text-sm text-base-content/80">
        {target.payerName} rejected this claim. Overriding lets the prescription be verified and picked up anyway; the reason is kept on its billing and in the audit log.
      </p>
      <TextAreaField label="Reason" required rows={3} maxLength={500} value={reason} error={problem} onChange={(event) => setReason(event.target.value)} data-autofocus />
      {override.error ? <p role="alert" className="alert alert-error alert-soft">{override.error.message}</p> : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>Cancel</button>
        <button type="submit" className="btn btn-warning" disabled={override.isPending}>{override.isPending ? 'Overriding…' : 'Override'}</button>
      </div>
    </form>
  );
}
