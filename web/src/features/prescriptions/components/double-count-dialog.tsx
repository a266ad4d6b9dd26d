/**
 * Double Count (System Settings → Controlled → requireDoubleCount): a staff member counts a Schedule II
 * prescription being processed and records the quantity they counted; the counts already recorded are listed
 * with who counted. The verifying pharmacist needs a colleague's count of exactly the prescription's quantity —
 * the database decides at verification. Validated with the shared count schema.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  controlledSubstanceCountSchema,
  type ControlledSubstanceCount,
  type ControlledSubstanceCountInput,
} from '@pharmacy/shared/prescriptions/controlled-substance-rules.ts';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useRecordControlledSubstanceCount } from '../api/record-controlled-substance-count.ts';
import type { QueuePrescription } from '../api/prescription-model.ts';
import { ControlledCountList } from './controlled-count-list.tsx';

export interface DoubleCountDialogProps {
  pharmacyId: string;
  prescription: QueuePrescription;
  onClose: () => void;
}

export function DoubleCountDialog({ pharmacyId, prescription, onClose }: DoubleCountDialogProps) {
  const record = useRecordControlledSubstanceCount();
  const form = useForm<ControlledSubstanceCountInput, unknown, ControlledSubstanceCount>({
    resolver: zodResolver(controlledSubstanceCountSchema),
    defaultValues: { prescriptionId: prescription.id, quantityCounted: '' },
  });
  const error = form.formState.errors.quantityCounted?.message;

  const submit = form.handleSubmit((count) =>
    record.mutate(count, {
      onSuccess: () => {
        toast({ title: 'Count recorded', description: `RX ${prescription.rxNumber}: counted ${count.quantityCounted}` });
        onClose();
      },
      onError: (failure) => toast({ title: 'Error', description: failure.message, variant: 'destructive' }),
    }),
  );

  return (
    <Dialog open title={`Double Count — RX ${prescription.rxNumber}`} onClose={onClose} dismissible={!record.isPending}>
      <p className="text-sm">
        {prescription.medication.name}
        {prescription.medication.strength ? ` ${prescription.medication.strength}` : ''} (Schedule II) · Quantity {prescription.quantity ?? '—'}
      </p>
      <p className="mt-1 text-sm text-base-content/70">
        Count the units yourself and enter what you counted. The pharmacist who verifies needs a colleague&apos;s count of the exact quantity.
      </p>
      <div className="mt-3">
        <ControlledCountList pharmacyId={pharmacyId} prescriptionId={prescription.id} />
      </div>
      <form className="mt-4 flex flex-col gap-3" noValidate onSubmit={(event) => void submit(event)}>
        <TextField label="Quantity counted" inputMode="decimal" data-autofocus error={error} required {...form.register('quantityCounted')} />
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose} disabled={record.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={record.isPending}>
            Record Count
          </button>
        </div>
      </form>
    </Dialog>
  );
}
