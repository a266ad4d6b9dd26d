/**
 * Process Pending Returns: the chosen (or the oldest pending) returns with the credit each one brought, typed in
 * dollars and cents and sent as cents; the database processes them all in one transaction, or none (a return
 * processed meanwhile, a missing credit). A credit starts at the return's value; a destruction's at 0.
 */
import { formatCents } from '@pharmacy/shared/common/money.ts';
import {
  RETURN_MESSAGES, creditsFromText, returnDestinationText, suggestedCreditText, type InventoryReturn,
} from '@pharmacy/shared/inventory/inventory-return.ts';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/form/text-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useProcessInventoryReturns } from '../api/process-inventory-returns.ts';

/** The most returns one Process Pending Returns shows and sends (the database takes up to 500). */
export const PROCESS_AT_ONCE = 100;

export interface ReturnBatch {
  returns: InventoryReturn[];
  /** How many returns were pending (more than shown when over PROCESS_AT_ONCE). */
  pendingTotal: number;
}

export function ProcessReturnsDialog({ batch, onClose, onProcessed }: { batch: ReturnBatch | null; onClose: () => void; onProcessed: () => void }) {
  return (
    <Dialog open={batch !== null} onClose={onClose} title="Process Pending Returns" size="table">
      {batch ? <ProcessReturnsForm batch={batch} onClose={onClose} onProcessed={onProcessed} /> : null}
    </Dialog>
  );
}

function ProcessReturnsForm({ batch, onClose, onProcessed }: { batch: ReturnBatch; onClose: () => void; onProcessed: () => void }) {
  const process = useProcessInventoryReturns();
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(batch.returns.map((item) => [item.id, suggestedCreditText(item)])));
  const [unreadable, setUnreadable] = useState<readonly string[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = creditsFromText(batch.returns, typed);
    setUnreadable(read.unreadable);
    if (read.unreadable.length > 0) return;
    process.mutate({ returnIds: batch.returns.map((item) => item.id), credits: read.credits }, {
      onSuccess: (result) => {
        toast({ title: 'Returns processed', description: `${result.processed} return${result.processed === 1 ? '' : 's'} processed, ${formatCents(result.creditCents)} credited.` });
        onProcessed();
      },
    });
  };

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <p className="text-sm text-base-content/80">
        {batch.pendingTotal > batch.returns.length
          ? `The oldest ${batch.returns.length} of ${batch.pendingTotal} pending returns: process these, then the rest.`
          : `${batch.returns.length} return${batch.returns.length === 1 ? '' : 's'} to process. Enter the credit each one brought.`}
      </p>
      {/* Focusable, so a keyboard can scroll a wide list (axe: scrollable-region-focusable). */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Returns to process">
        <table className="table table-sm">
          <thead>
            <tr><th>Product</th><th>Quantity</th><th>Wholesaler</th><th>Total value</th><th>Credit</th></tr>
          </thead>
          <tbody>
            {batch.returns.map((item) => {
              const name = [item.productName, item.strength].filter(Boolean).join(' ');
              return (
                <tr key={item.id}>
                  <td>{name}{item.rmaNumber ? <span className="block text-xs text-base-content/70">RMA {item.rmaNumber}</span> : null}</td>
                  <td>{item.quantity.toLocaleString('en-US')}</td>
                  <td>{returnDestinationText(item)}</td>
                  <td>{formatCents(item.totalValueCents)}</td>
                  <td className="min-w-40">
                    <TextField label={`Credit for ${item.quantity} ${name} ($)`} inputMode="decimal" autoComplete="off" value={typed[item.id] ?? ''}
                      error={unreadable.includes(item.id) ? RETURN_MESSAGES.credit : undefined}
                      onChange={(event) => setTyped((current) => ({ ...current, [item.id]: event.target.value }))} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {process.error ? <p role="alert" className="alert alert-error alert-soft">{process.error.message}</p> : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>Cancel</button>
        <button type="submit" className="btn btn-primary" disabled={process.isPending}>
          {process.isPending ? 'Processing…' : `Process ${batch.returns.length} Return${batch.returns.length === 1 ? '' : 's'}`}
        </button>
      </div>
    </form>
  );
}
