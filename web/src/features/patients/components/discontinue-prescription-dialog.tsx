/**
 * Discontinue a prescription (pharmacists and admins): the reason is required (shared discontinueRequestSchema; the
 * database refuses an empty one too). Its fill not yet verified (pending or processing), if any, is cancelled with it
 * and leaves every terminal's queue; a verified fill stays and may still be picked up.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { discontinueRequestSchema, type DiscontinueRequest } from '@pharmacy/shared/prescriptions/refills.ts';
import { useForm } from 'react-hook-form';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useDiscontinuePrescription } from '../api/discontinue-prescription.ts';
import type { PatientPrescription } from '../api/get-patient-prescriptions.ts';

export function DiscontinuePrescriptionDialog({ prescription, onClose }: { prescription: PatientPrescription; onClose: () => void }) {
  const discontinue = useDiscontinuePrescription();
  const form = useForm<DiscontinueRequest>({ resolver: zodResolver(discontinueRequestSchema), defaultValues: { reason: '' } });

  const submit = form.handleSubmit(({ reason }) =>
    discontinue.mutate(
      { prescriptionId: prescription.orderId, reason },
      {
        onSuccess: () => {
          toast({ title: 'Prescription discontinued', description: `Rx ${prescription.rxNumber} was discontinued.` });
          onClose();
        },
        onError: (error) => form.setError('root', { message: error.message }),
      },
    ),
  );

  return (
    <Dialog open title={`Discontinue Rx ${prescription.rxNumber}`} onClose={onClose} dismissible={!discontinue.isPending}>
      <p className="text-sm">
        {prescription.medication}. It cannot be refilled afterwards; a fill not yet verified is cancelled, a verified fill
        stays ready for pickup.
      </p>
      <form className="mt-3 flex flex-col gap-3" noValidate onSubmit={(event) => void submit(event)}>
        <TextAreaField label="Reason for discontinuing" data-autofocus required rows={3} error={form.formState.errors.reason?.message} {...form.register('reason')} />
        {form.formState.errors.root?.message ? (
          <p role="alert" className="text-sm text-error">
            {form.formState.errors.root.message}
          </p>
        ) : null}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose} disabled={discontinue.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-error" disabled={discontinue.isPending}>
            {discontinue.isPending ? 'Discontinuing…' : 'Discontinue'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
