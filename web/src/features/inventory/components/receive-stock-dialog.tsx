/**
 * Receive stock by hand: lot number, expiry, quantity, unit cost and reference (a packing slip or PO number) as
 * printed on the package; the database posts the receipt to the ledger (receive_inventory) and refuses an expired
 * lot or, from a technician, Schedule II.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { centsFromDollars } from '@pharmacy/shared/common/money.ts';
import { receiptFormSchema, type ReceiptForm } from '@pharmacy/shared/inventory/stock-movement.ts';
import type { InventoryItem } from '@pharmacy/shared/inventory/inventory-item.ts';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useReceiveStock } from '../api/receive-stock.ts';

const EMPTY: ReceiptForm = { lotNumber: '', expirationDate: '', quantity: '', unitCost: '', reference: '' };

export function ReceiveStockDialog({ item, onClose }: { item: InventoryItem | null; onClose: () => void }) {
  const receive = useReceiveStock();
  const form = useForm<ReceiptForm>({ resolver: zodResolver(receiptFormSchema), defaultValues: EMPTY });
  const errors = form.formState.errors;
  const name = item ? [item.productName, item.strength].filter(Boolean).join(' ') : '';

  function close() {
    form.reset(EMPTY);
    receive.reset();
    onClose();
  }

  const submit = form.handleSubmit((values) => {
    if (!item) return;
    const parsed = receiptFormSchema.parse(values);
    receive.mutate(
      {
        medicationId: item.id,
        quantity: parsed.quantity,
        lotNumber: parsed.lotNumber,
        expirationDate: parsed.expirationDate,
        unitCostCents: parsed.unitCost === '' ? null : centsFromDollars(parsed.unitCost),
        reference: parsed.reference,
      },
      {
        onSuccess: () => {
          toast({ title: 'Stock received', description: `${parsed.quantity.toLocaleString('en-US')} of ${name}, lot ${parsed.lotNumber}.` });
          close();
        },
      },
    );
  });

  return (
    <Dialog open={item !== null} onClose={close} title={`Receive ${name}`}>
      <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Lot number" required autoComplete="off" error={errors.lotNumber?.message} {...form.register('lotNumber')} />
          <TextField label="Expiration date" type="date" required error={errors.expirationDate?.message} {...form.register('expirationDate')} />
          <TextField label="Quantity (units)" inputMode="numeric" required error={errors.quantity?.message} {...form.register('quantity')} />
          <TextField label="Unit cost ($)" inputMode="decimal" hint="Optional" error={errors.unitCost?.message} {...form.register('unitCost')} />
        </div>
        <TextField label="Reference" hint="Packing slip, invoice or DEA Form 222 number (optional)" error={errors.reference?.message} {...form.register('reference')} />
        {receive.error ? <p role="alert" className="alert alert-error alert-soft">{receive.error.message}</p> : null}
        <div className="modal-action">
          <button type="button" className="btn" onClick={close}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={receive.isPending}>{receive.isPending ? 'Receiving…' : 'Receive'}</button>
        </div>
      </form>
    </Dialog>
  );
}
