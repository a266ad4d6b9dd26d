/**
 * Start a count: a cycle count of a shelf location, of products chosen by search, or of all Schedule II — blind unless
 * unticked — or (pharmacists and admins) the biennial controlled-substance inventory, taken at the opening or the
 * close of business. The database freezes the lines and their expected quantities (start_inventory_count).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  COUNT_SCOPE_LABELS, CYCLE_COUNT_SCOPES, startCountArguments, startCountFormSchema, type StartCountForm,
} from '@pharmacy/shared/inventory/count-session.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { useStartCount } from '../api/count-actions.ts';
import { useInventoryItems } from '../api/get-inventory-items.ts';

const EMPTY: StartCountForm = { kind: 'cycle', scope: 'shelf', shelf: '', productIds: [], blind: true, businessTime: '', note: '' };

export interface CountStartDialogProps {
  open: boolean;
  pharmacyId: string;
  canAdjust: boolean;
  onClose: () => void;
  onStarted: (sessionId: string) => void;
}

export function CountStartDialog({ open, pharmacyId, canAdjust, onClose, onStarted }: CountStartDialogProps) {
  const start = useStartCount();
  const form = useForm<StartCountForm>({ resolver: zodResolver(startCountFormSchema), defaultValues: EMPTY });
  const errors = form.formState.errors;
  const kind = form.watch('kind');
  const scope = form.watch('scope');
  const productIds = form.watch('productIds');
  const [chosenNames, setChosenNames] = useState<Record<string, string>>({});

  function close() {
    form.reset(EMPTY);
    setChosenNames({});
    start.reset();
    onClose();
  }

  function toggleProduct(id: string, name: string) {
    const chosen = form.getValues('productIds');
    form.setValue('productIds', chosen.includes(id) ? chosen.filter((other) => other !== id) : [...chosen, id], { shouldValidate: form.formState.isSubmitted });
    setChosenNames((names) => ({ ...names, [id]: name }));
  }

  const submit = form.handleSubmit((values) => {
    const parsed = startCountFormSchema.parse(values);
    start.mutate(startCountArguments(parsed), {
      onSuccess: (sessionId) => {
        close();
        onStarted(sessionId);
      },
    });
  });

  const kindOptions = [
    { value: 'cycle', label: 'Cycle count' },
    ...(canAdjust ? [{ value: 'biennial_controlled', label: 'Biennial controlled-substance inventory' }] : []),
  ];

  return (
    <Dialog open={open} onClose={close} title="Start a count" size="lg" dismissible={!start.isPending}>
      <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
        <SelectField label="Kind of count" options={kindOptions} {...form.register('kind')} />
        {kind === 'cycle' ? (
          <>
            <SelectField label="What to count" options={CYCLE_COUNT_SCOPES.map((value) => ({ value, label: COUNT_SCOPE_LABELS[value] }))} {...form.register('scope')} />
            {scope === 'shelf' ? <TextField label="Shelf location" required placeholder="e.g. A3" error={errors.shelf?.message} {...form.register('shelf')} /> : null}
            {scope === 'products' ? (
              <ProductChooser pharmacyId={pharmacyId} chosen={productIds} chosenNames={chosenNames} onToggle={toggleProduct} error={errors.productIds?.message} />
            ) : null}
          </>
        ) : (
          <>
            <p className="text-sm text-base-content/70">
              Every controlled substance, dated today. Count Schedule II exactly; an opened Schedule III–V container of at most 1,000 units may be estimated.
            </p>
            <SelectField
              label="Taken at"
              placeholder="Choose opening or close of business"
              options={[{ value: 'opening', label: 'Opening of business' }, { value: 'close', label: 'Close of business' }]}
              error={errors.businessTime?.message}
              {...form.register('businessTime')}
            />
          </>
        )}
        <CheckboxField label="Blind count (counters do not see the expected quantities)" {...form.register('blind')} />
        <TextField label="Note" error={errors.note?.message} {...form.register('note')} />
        {start.error ? <p role="alert" className="alert alert-error alert-soft">{start.error.message}</p> : null}
        <div className="modal-action">
          <button type="button" className="btn" onClick={close}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={start.isPending}>{start.isPending ? 'Starting…' : 'Start count'}</button>
        </div>
      </form>
    </Dialog>
  );
}

interface ProductChooserProps {
  pharmacyId: string;
  chosen: readonly string[];
  chosenNames: Record<string, string>;
  onToggle: (id: string, name: string) => void;
  error?: string | undefined;
}

/** Search the catalog (the Inventory tab's own query) and tick the products to count; the ticked ones stay listed. */
function ProductChooser({ pharmacyId, chosen, chosenNames, onToggle, error }: ProductChooserProps) {
  const [text, setText] = useState('');
  const { term, settling } = useSearchTerm(text);
  const found = useInventoryItems(pharmacyId, term, 'all', 0, 8);
  const results = term === '' ? [] : (found.data?.items ?? []);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">Products to count</legend>
      <SearchInput label="Search products to count" placeholder="Brand, generic name or NDC…" value={text} onChange={setText} busy={settling} />
      <ul className="flex flex-col gap-1" aria-label="Products found">
        {results.map((item) => {
          const name = [item.productName, item.strength].filter(Boolean).join(' ');
          return (
            <li key={item.id}>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="checkbox checkbox-sm" checked={chosen.includes(item.id)} onChange={() => onToggle(item.id, name)} />
                {name}
                {item.ndc ? <span className="text-xs text-base-content/70">NDC {item.ndc}</span> : null}
              </label>
            </li>
          );
        })}
      </ul>
      {chosen.length > 0 ? (
        <p className="text-sm">
          Chosen ({chosen.length}): {chosen.map((id) => chosenNames[id] ?? id).join(', ')}
        </p>
      ) : null}
      {error ? <p className="text-sm text-error">{error}</p> : null}
    </fieldset>
  );
}
