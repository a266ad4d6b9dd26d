/**
 * Create New Order: a wholesaler, then lines by NDC (any format; sent as 11 digits) and packages. A Schedule II
 * order is its own order with the DEA Form 222 or CSOS order number (it is never sent by EDI). The Inventory tab's
 * Order button opens it with the product's NDC filled in.
 */
import { type CreateOrderBody, createOrderSchema } from '@pharmacy/shared/inventory/wholesale.ts';
import { useFieldArray, useForm } from 'react-hook-form';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useCreateWholesaleOrder } from '../api/create-wholesale-order.ts';
import { useWholesalers } from '../api/get-wholesalers.ts';

interface OrderForm {
  wholesalerId: string;
  lines: { ndc: string; quantity: string }[];
  scheduleIi: boolean;
  form: 'dea_222' | 'csos';
  number: string;
}

export interface OrderStart {
  ndc?: string;
  productName?: string;
}

export function CreateOrderDialog({ pharmacyId, start, onClose }: { pharmacyId: string; start: OrderStart | null; onClose: () => void }) {
  return (
    <Dialog open={start !== null} onClose={onClose} title="Create New Order" size="lg">
      {start ? <CreateOrderForm pharmacyId={pharmacyId} start={start} onClose={onClose} /> : null}
    </Dialog>
  );
}

function CreateOrderForm({ pharmacyId, start, onClose }: { pharmacyId: string; start: OrderStart; onClose: () => void }) {
  const wholesalers = useWholesalers(pharmacyId);
  const create = useCreateWholesaleOrder();
  const form = useForm<OrderForm>({
    defaultValues: { wholesalerId: '', lines: [{ ndc: start.ndc ?? '', quantity: '1' }], scheduleIi: false, form: 'dea_222', number: '' },
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const scheduleIi = form.watch('scheduleIi');
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    const body: CreateOrderBody = {
      wholesalerId: values.wholesalerId,
      lines: values.lines.map((line) => ({ ndc: line.ndc, quantity: Number(line.quantity) })),
      ...(values.scheduleIi ? { controlledOrder: { form: values.form, number: values.number } } : {}),
    };
    const parsed = createOrderSchema.safeParse(body);
    if (!parsed.success) {
      // The shared schema's messages, on the fields they concern (the Schedule II number is `number` here).
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.') === 'controlledOrder.number' ? 'number' : issue.path.join('.');
        form.setError(path as Parameters<typeof form.setError>[0], { message: issue.message });
      }
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (order) => {
        toast({ title: 'Order created', description: `${order.poNumber} is a draft: a pharmacist reviews and submits it.` });
        onClose();
      },
    });
  });

  const options = (wholesalers.data ?? []).map((wholesaler) => ({ value: wholesaler.id, label: wholesaler.name }));
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      {start.productName ? <p className="text-sm text-base-content/80">Ordering {start.productName}.</p> : null}
      <SelectField label="Wholesaler" required placeholder={options.length === 0 ? 'No wholesaler connected yet' : 'Choose a wholesaler'} options={options}
        error={errors.wholesalerId?.message} {...form.register('wholesalerId')} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Lines</legend>
        {lines.fields.map((field, index) => (
          <div key={field.id} className="grid grid-cols-[1fr_8rem_auto] items-end gap-2">
            <TextField label={`NDC, line ${index + 1}`} required autoComplete="off" placeholder="12345-6789-01" error={errors.lines?.[index]?.ndc?.message} {...form.register(`lines.${index}.ndc`)} />
            <TextField label="Packages" required inputMode="numeric" error={errors.lines?.[index]?.quantity?.message} {...form.register(`lines.${index}.quantity`)} />
            <button type="button" className="btn btn-ghost btn-sm mb-1" aria-label={`Remove line ${index + 1}`} disabled={lines.fields.length === 1} onClick={() => lines.remove(index)}>✕</button>
          </div>
        ))}
        {errors.lines?.message ? <p className="text-sm text-error">{errors.lines.message}</p> : null}
        <button type="button" className="btn btn-sm self-start" onClick={() => lines.append({ ndc: '', quantity: '1' })}>Add line</button>
      </fieldset>
      <CheckboxField label="Schedule II order (DEA Form 222 or CSOS: not sent by EDI)" {...form.register('scheduleIi')} />
      {scheduleIi ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label="Ordered on" options={[{ value: 'dea_222', label: 'DEA Form 222' }, { value: 'csos', label: 'CSOS' }]} {...form.register('form')} />
          <TextField label="Form or CSOS order number" required autoComplete="off" error={errors.number?.message} {...form.register('number')} />
        </div>
      ) : null}
      {create.error ? <p role="alert" className="alert alert-error alert-soft">{create.error.message}</p> : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>Cancel</button>
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>{create.isPending ? 'Creating…' : 'Create Order'}</button>
      </div>
    </form>
  );
}
