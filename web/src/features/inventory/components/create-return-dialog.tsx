/**
 * Create Return (pharmacists and admins): a product found by name or NDC, one of its lots on hand, the units, why
 * (other needs a description), where they go (a wholesaler for credit, a reverse distributor, destruction), the RMA
 * number, and for Schedule II the DEA Form 222 number. The units leave the lot as soon as the return is created.
 */
import { usDate } from '@pharmacy/shared/common/dates.ts';
import type { InventoryItem } from '@pharmacy/shared/inventory/inventory-item.ts';
import {
  RETURN_DESTINATIONS, RETURN_DESTINATION_LABELS, RETURN_REASONS, RETURN_REASON_LABELS, createReturnArguments,
  createReturnFormSchema, type CreateReturnForm,
} from '@pharmacy/shared/inventory/inventory-return.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SelectField } from '../../../components/form/select-field.tsx';
import { ServerSearchField } from '../../../components/form/server-search-field.tsx';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { useCreateInventoryReturn } from '../api/create-inventory-return.ts';
import { RETURN_PRODUCT_MIN_SEARCH, useReturnProducts } from '../api/get-inventory-returns.ts';
import { useWholesalers } from '../api/get-wholesalers.ts';
import { productLabel } from './inventory-tab.tsx';

const EMPTY: CreateReturnForm = {
  scheduleIi: false, lotId: '', quantity: '', reason: 'expired', reasonDetail: '', destination: 'wholesaler', wholesalerId: '',
  reverseDistributor: '', rmaNumber: '', deaForm222Number: '',
};

export function CreateReturnDialog({ pharmacyId, open, onClose }: { pharmacyId: string; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Create Return" size="lg">
      {open ? <CreateReturnFormBody pharmacyId={pharmacyId} onClose={onClose} /> : null}
    </Dialog>
  );
}

function CreateReturnFormBody({ pharmacyId, onClose }: { pharmacyId: string; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const search = useSearchTerm(query);
  const products = useReturnProducts(pharmacyId, search.term);
  const [product, setProduct] = useState<InventoryItem | null>(null);
  const [productError, setProductError] = useState<string | undefined>();
  const wholesalers = useWholesalers(pharmacyId);
  const create = useCreateInventoryReturn();
  const form = useForm<CreateReturnForm>({ defaultValues: EMPTY });
  const errors = form.formState.errors;
  const reason = form.watch('reason');
  const destination = form.watch('destination');
  const scheduleIi = product?.deaSchedule === 'II';

  const options = (products.data ?? []).map((item) => ({
    value: item.id,
    label: productLabel(item),
    detail: `${item.ndc ? `NDC ${item.ndc} · ` : ''}${item.currentStock.toLocaleString('en-US')} on hand${item.deaSchedule ? ` · C${item.deaSchedule}` : ''}`,
  }));
  const lotOptions = (product?.lots ?? []).filter((lot) => lot.onHand > 0).map((lot) => ({
    value: lot.lotId,
    label: `${lot.lotNumber === '' ? 'No lot recorded' : `Lot ${lot.lotNumber}`}: ${lot.onHand.toLocaleString('en-US')} on hand${lot.expirationDate ? `, exp ${usDate(lot.expirationDate)}` : ''}`,
  }));
  const wholesalerOptions = (wholesalers.data ?? []).map((wholesaler) => ({ value: wholesaler.id, label: wholesaler.name }));

  const submit = form.handleSubmit((values) => {
    if (!product) {
      setProductError('Choose the product to return');
      return;
    }
    const parsed = createReturnFormSchema.safeParse({ ...values, scheduleIi });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        form.setError(issue.path.join('.') as keyof CreateReturnForm, { message: issue.message });
      }
      return;
    }
    create.mutate(createReturnArguments(parsed.data), {
      onSuccess: () => {
        toast({ title: 'Return created', description: `${parsed.data.quantity} ${productLabel(product)} left the shelf; the return is pending until it is processed.` });
        onClose();
      },
    });
  });

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <ServerSearchField
        label="Product"
        placeholder="Search by name or NDC"
        query={query}
        onQueryChange={setQuery}
        value={product?.id ?? ''}
        onSelect={(option) => {
          const chosen = option ? (products.data ?? []).find((item) => item.id === option.value) ?? null : null;
          setProduct(chosen);
          setProductError(undefined);
          form.setValue('lotId', '');
          if (chosen) setQuery(productLabel(chosen));
        }}
        search={search}
        choices={{ data: search.term.length >= RETURN_PRODUCT_MIN_SEARCH ? options : undefined, error: products.error, isFetching: products.isFetching }}
        minQueryLength={RETURN_PRODUCT_MIN_SEARCH}
        hint={`Type at least ${RETURN_PRODUCT_MIN_SEARCH} characters to search products`}
        failedText="The products could not be searched"
        emptyText="No products found"
        error={productError}
        required
      />
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
        <SelectField label="Lot" required placeholder={product ? (lotOptions.length === 0 ? 'Nothing on hand' : 'Choose the lot') : 'Choose the product first'}
          options={lotOptions} error={errors.lotId?.message} {...form.register('lotId')} />
        <TextField label="Quantity (units)" required inputMode="numeric" autoComplete="off" error={errors.quantity?.message} {...form.register('quantity')} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Reason" required options={RETURN_REASONS.map((value) => ({ value, label: RETURN_REASON_LABELS[value] }))}
          error={errors.reason?.message} {...form.register('reason')} />
        <SelectField label="Destination" required options={RETURN_DESTINATIONS.map((value) => ({ value, label: RETURN_DESTINATION_LABELS[value] }))}
          error={errors.destination?.message} {...form.register('destination')} />
      </div>
      <TextAreaField label={reason === 'other' ? 'Reason details' : 'Reason details (optional)'} required={reason === 'other'} rows={2}
        error={errors.reasonDetail?.message} {...form.register('reasonDetail')} />
      {destination === 'wholesaler' ? (
        <SelectField label="Wholesaler" required placeholder={wholesalerOptions.length === 0 ? 'No wholesaler connected yet' : 'Choose the wholesaler'}
          options={wholesalerOptions} error={errors.wholesalerId?.message} {...form.register('wholesalerId')} />
      ) : null}
      {destination === 'reverse_distributor' ? (
        <TextField label="Reverse distributor" required autoComplete="off" error={errors.reverseDistributor?.message} {...form.register('reverseDistributor')} />
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="RMA / authorization number" autoComplete="off" error={errors.rmaNumber?.message} {...form.register('rmaNumber')} />
        {scheduleIi ? (
          <TextField label="DEA Form 222 number" required autoComplete="off" error={errors.deaForm222Number?.message} {...form.register('deaForm222Number')} />
        ) : null}
      </div>
      {create.error ? <p role="alert" className="alert alert-error alert-soft">{create.error.message}</p> : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>Cancel</button>
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>{create.isPending ? 'Creating…' : 'Create Return'}</button>
      </div>
    </form>
  );
}
