/**
 * Add or edit one formulary entry of a medication: insurance type, tier, prior authorisation, quantity limit
 * (quantity per days) and notes, validated with the shared schema (shared/src/drugs/formulary.ts). The database
 * decides who may write and what it accepts; its refusal is shown in the dialog.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FORMULARY_MESSAGES, FORMULARY_TIER_MAX, FORMULARY_TIER_MIN, formularyEntryFormSchema, formularyTierLabel, insuranceTypeLabel,
  type FormularyEntryFormInput, type FormularyEntryFormValues, type InsuranceType,
} from '@pharmacy/shared/drugs/formulary.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useCreateFormularyEntry } from '../api/create-formulary-entry.ts';
import type { MedicationFormularyEntry } from '../api/get-medication-formulary.ts';
import { useUpdateFormularyEntry } from '../api/update-formulary-entry.ts';
import { formularyFormDefaults } from '../formulary-form-values.ts';

export interface FormularyEntryDialogProps {
  medicationId: string;
  medicationName: string;
  /** The entry being edited, or null to add one. */
  entry: MedicationFormularyEntry | null;
  /** The insurance types the form offers (for a new entry: those without one yet). */
  insuranceTypes: readonly InsuranceType[];
  onClose: () => void;
}

const TIER_OPTIONS = Array.from({ length: FORMULARY_TIER_MAX - FORMULARY_TIER_MIN + 1 }, (_, index) => {
  const tier = FORMULARY_TIER_MIN + index;
  return { value: String(tier), label: formularyTierLabel(tier) };
});

export function FormularyEntryDialog({ medicationId, medicationName, entry, insuranceTypes, onClose }: FormularyEntryDialogProps) {
  const create = useCreateFormularyEntry(medicationId);
  const update = useUpdateFormularyEntry();
  const saving = create.isPending || update.isPending;
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<FormularyEntryFormInput, unknown, FormularyEntryFormValues>({
    resolver: zodResolver(formularyEntryFormSchema),
    defaultValues: formularyFormDefaults(entry, entry?.insuranceType ?? insuranceTypes[0] ?? 'commercial'),
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    setRefusal(null);
    const callbacks = {
      onSuccess: () => {
        toast({ title: FORMULARY_MESSAGES.saved, description: `${medicationName}: ${insuranceTypeLabel(values.insuranceType)}` });
        onClose();
      },
      onError: (failure: Error) => setRefusal(failure.message),
    };
    if (entry) update.mutate({ id: entry.id, values }, callbacks);
    else create.mutate(values, callbacks);
  });

  return (
    <Dialog open title={`${entry ? 'Edit' : 'Add'} Formulary Entry — ${medicationName}`} onClose={onClose} dismissible={!saving}>
      <form className="flex flex-col gap-3" noValidate onSubmit={(event) => void submit(event)}>
        {refusal ? (
          <div role="alert" className="alert alert-error alert-soft">
            {refusal}
          </div>
        ) : null}
        <SelectField
          label="Insurance type"
          required
          data-autofocus
          options={insuranceTypes.map((type) => ({ value: type, label: insuranceTypeLabel(type) }))}
          error={errors.insuranceType?.message}
          {...form.register('insuranceType')}
        />
        <SelectField label="Tier" required options={TIER_OPTIONS} error={errors.tier?.message} {...form.register('tier')} />
        <CheckboxField label="Prior authorization required" error={errors.priorAuthorization?.message} {...form.register('priorAuthorization')} />
        <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium">Quantity limit (leave both blank for none)</legend>
          <TextField label="Quantity" inputMode="decimal" error={errors.quantityLimit?.message} {...form.register('quantityLimit')} />
          <TextField label="Per days" inputMode="numeric" error={errors.quantityLimitDays?.message} {...form.register('quantityLimitDays')} />
        </fieldset>
        <TextAreaField label="Notes" rows={3} error={errors.notes?.message} {...form.register('notes')} />
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save Entry'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
