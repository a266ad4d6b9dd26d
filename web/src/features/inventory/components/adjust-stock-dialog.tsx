/**
 * Adjust a product's stock (pharmacists and admins): units up or down, the lot (or first-expiry-first-out), and the
 * reason the ledger keeps; a controlled substance's adjustment is audited by the database (adjust_inventory).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { adjustmentFormSchema, type AdjustmentForm } from '@pharmacy/shared/inventory/stock-movement.ts';
import type { InventoryItem } from '@pharmacy/shared/inventory/inventory-item.ts';
import { useForm } from 'react-hook-form';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useAdjustStock } from '../api/adjust-stock.ts';

const EMPTY: AdjustmentForm = { quantityChange: '', reason: '', lotId: '' };

export function AdjustStockDialog({ item, onClose }: { item: InventoryItem | null; onClose: () => void }) {
  const adjust = useAdjustStock();
  const form = useForm<AdjustmentForm>({ resolver: zodResolver(adjustmentFormSchema), defaultValues: EMPTY });
  const errors = form.formState.errors;
  const name = item ? [item.productName, item.strength].filter(Boolean).join(' ') : '';
  const lotOptions = [
    { value: '', label: 'Any lot (first expiry first out)' },
    ...(item?.lots ?? []).map((lot) => ({
      value: lot.lotId,
      label: `${lot.lotNumber === '' ? 'No lot recorded' : `Lot ${lot.lotNumber}`}: ${lot.onHand} on hand${lot.expirationDate ? `, exp ${usDate(lot.expirationDate)}` : ''}`,
    })),
  ];

  function close() {
    form.reset(EMPTY);
    adjust.reset();
    onClose();
  }

  const submit = form.handleSubmit((values) => {
    if (!item) return;
    const parsed = adjustmentFormSchema.parse(values);
    adjust.mutate(
      { medicationId: item.id, quantityChange: parsed.quantityChange, reason: parsed.reason, lotId: parsed.lotId === '' ? null : parsed.lotId },
      {
        onSuccess: () => {
          toast({ title: 'Stock adjusted', description: `${name}: ${parsed.quantityChange > 0 ? '+' : ''}${parsed.quantityChange} units.` });
          close();
        },
      },
    );
  });

  return (
    <Dialog open={item !== null} onClose={close} title={`Adjust ${name}`}>
      <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
        <p className="text-sm text-base-content/70">On hand: {item?.currentStock.toLocaleString('en-US')} units. Enter a negative number to take units away.</p>
        <TextField label="Change (units)" inputMode="numeric" required error={errors.quantityChange?.message} {...form.register('quantityChange')} />
        <SelectField label="Lot" options={lotOptions} {...form.register('lotId')} />
        <TextAreaField label="Reason" required rows={2} error={errors.reason?.message} {...form.register('reason')} />
        {adjust.error ? <p role="alert" className="alert alert-error alert-soft">{adjust.error.message}</p> : null}
        <div className="modal-action">
          <button type="button" className="btn" onClick={close}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={adjust.isPending}>{adjust.isPending ? 'Saving…' : 'Adjust'}</button>
        </div>
      </form>
    </Dialog>
  );
}
