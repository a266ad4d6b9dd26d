/**
 * Asks the pharmacist why a ready fill goes back to stock (the ledger keeps the reason), then returns it: its units
 * go back into their lots, the fill leaves the Ready tab and its refill is available again.
 */
import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useReturnFillToStock } from '../api/return-fill-to-stock.ts';
import type { QueuePrescription } from '../api/prescription-model.ts';

export const RETURN_TO_STOCK_REASON_REQUIRED = 'Give a reason for returning the fill to stock';

export function ReturnToStockDialog({ prescription, onClose }: { prescription: QueuePrescription | null; onClose: () => void }) {
  const returning = useReturnFillToStock();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  function close() {
    setReason('');
    setMissing(false);
    returning.reset();
    onClose();
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!prescription) return;
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    returning.mutate(
      { prescriptionId: prescription.id, reason: reason.trim() },
      {
        onSuccess: (units) => {
          toast({ title: 'Returned to stock', description: `RX ${prescription.rxNumber}: ${units} units back on the shelf.` });
          close();
        },
      },
    );
  }

  return (
    <Dialog open={prescription !== null} onClose={close} title={`Return RX ${prescription?.rxNumber ?? ''} to stock`}>
      <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
        <p className="text-sm text-base-content/80">
          The fill was not picked up: its units go back into the lots they came from and the prescription's refill is available again.
        </p>
        <label className="flex flex-col gap-1">
          <span className="font-medium">Reason</span>
          <textarea
            className={`textarea w-full ${missing ? 'textarea-error' : ''}`}
            rows={2}
            maxLength={500}
            value={reason}
            aria-invalid={missing}
            aria-describedby={missing ? 'return-to-stock-reason-error' : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {missing ? <span id="return-to-stock-reason-error" className="text-sm text-error">{RETURN_TO_STOCK_REASON_REQUIRED}</span> : null}
        </label>
        {returning.error ? <p role="alert" className="alert alert-error alert-soft">{returning.error.message}</p> : null}
        <div className="modal-action">
          <button type="button" className="btn" onClick={close}>Cancel</button>
          <button type="submit" className="btn btn-warning" disabled={returning.isPending}>{returning.isPending ? 'Returning…' : 'Return to stock'}</button>
        </div>
      </form>
    </Dialog>
  );
}
