/**
 * Add Wholesaler and Configure: name, API endpoint, API key (never shown again: Configure shows it masked and a
 * blank field keeps it), account number and the daily order cut-off. The rules are the shared schema's and the
 * database's (save_wholesaler).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { createWholesalerSchema, type Wholesaler, type WholesalerForm, wholesalerFormSchema } from '@pharmacy/shared/inventory/wholesale.ts';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useSaveWholesaler } from '../api/save-wholesaler.ts';

const EMPTY: WholesalerForm = { name: '', apiEndpoint: 'https://', apiKey: '', accountNumber: '', dailyOrderCutoff: '15:00', partnerId: '' };

export function WholesalerDialog({ open, wholesaler, onClose }: { open: boolean; wholesaler: Wholesaler | null; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={wholesaler ? `Configure ${wholesaler.name}` : 'Add Wholesaler'}>
      <WholesalerFormBody wholesaler={wholesaler} onClose={onClose} />
    </Dialog>
  );
}

function WholesalerFormBody({ wholesaler, onClose }: { wholesaler: Wholesaler | null; onClose: () => void }) {
  const save = useSaveWholesaler();
  const form = useForm<WholesalerForm>({
    resolver: zodResolver(wholesaler ? wholesalerFormSchema : createWholesalerSchema),
    defaultValues: wholesaler
      ? { name: wholesaler.name, apiEndpoint: wholesaler.apiEndpoint, apiKey: '', accountNumber: wholesaler.accountNumber, dailyOrderCutoff: wholesaler.dailyOrderCutoff, partnerId: wholesaler.partnerId }
      : EMPTY,
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    save.mutate({ id: wholesaler?.id ?? null, form: values }, {
      onSuccess: (saved) => {
        toast({ title: 'Wholesaler saved', description: `${saved.name}: use Test Connection to check the endpoint and key.` });
        onClose();
      },
    });
  });

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <TextField label="Name" required autoComplete="off" error={errors.name?.message} {...form.register('name')} />
      <TextField label="API endpoint" required inputMode="url" hint="X12 over HTTP: the pharmacy sends POST {endpoint}/x12" error={errors.apiEndpoint?.message} {...form.register('apiEndpoint')} />
      <TextField
        label="API key"
        required={wholesaler === null}
        type="password"
        autoComplete="new-password"
        hint={wholesaler?.apiKeyMasked ? `Saved: ${wholesaler.apiKeyMasked}. Leave blank to keep it (a new endpoint needs it again).` : 'Kept in the vault; shown only masked'}
        error={errors.apiKey?.message}
        {...form.register('apiKey')}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Account number" required autoComplete="off" error={errors.accountNumber?.message} {...form.register('accountNumber')} />
        <TextField label="Daily order cut-off" required type="time" error={errors.dailyOrderCutoff?.message} {...form.register('dailyOrderCutoff')} />
      </div>
      <TextField label="Wholesaler's EDI id" autoComplete="off" hint="The receiver id (ISA08) the wholesaler gave you; blank uses the name" error={errors.partnerId?.message} {...form.register('partnerId')} />
      {save.error ? <p role="alert" className="alert alert-error alert-soft">{save.error.message}</p> : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>Cancel</button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>{save.isPending ? 'Saving…' : 'Save'}</button>
      </div>
    </form>
  );
}
