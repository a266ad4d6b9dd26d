/**
 * The prescription form's Medication choices: the first few ACTIVE products of the pharmacy's catalogue a typed
 * search finds, from `rpc('search_medications')` (the database's one catalog search: brand or generic name words,
 * or an NDC in any format), in name and strength order, read with RLS. Searched only from two typed characters,
 * so the catalogue (50,000 products at a large pharmacy) is never loaded whole. Each choice carries its DEA
 * schedule for the form's DEA rules and says how much is on hand (kept current by every fill and stock change, here or
 * at another terminal, since the choices read `medications`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEA_SCHEDULES, type DeaSchedule } from '@pharmacy/shared/prescriptions/prescription.ts';
import type { ComboboxOption } from '../../../components/ui/combobox.tsx';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';

/** How many products the picker offers for a search (the user narrows the search for more). */
export const MEDICATION_CHOICES_LIMIT = 8;
/** Typed characters before the picker searches. */
export const MEDICATION_SEARCH_MIN_LENGTH = 2;

export interface MedicationChoice extends ComboboxOption {
  deaSchedule: DeaSchedule | null;
}

function deaSchedule(value: string | null): DeaSchedule | null {
  return DEA_SCHEDULES.find((schedule) => schedule === value) ?? null;
}

/** The catalog's columns a choice is made of. */
export const MEDICATION_CHOICE_COLUMNS = 'id, name, strength, dosage_form, generic_name, ndc_number, dea_schedule, stock';

interface MedicationChoiceRow {
  id: string;
  name: string;
  strength: string | null;
  dosage_form: string | null;
  generic_name: string | null;
  ndc_number: string | null;
  dea_schedule: string | null;
  stock: number;
}

export function medicationChoiceOf(medication: MedicationChoiceRow): MedicationChoice {
  const schedule = deaSchedule(medication.dea_schedule);
  return {
    value: medication.id,
    label: [medication.name, medication.strength, medication.dosage_form].filter(Boolean).join(' '),
    detail: [
      medication.generic_name,
      medication.ndc_number ? `NDC ${medication.ndc_number}` : null,
      schedule ? `C-${schedule}` : null,
      `${medication.stock.toLocaleString('en-US')} on hand`,
    ].filter(Boolean).join(' · '),
    deaSchedule: schedule,
  };
}

export async function searchMedicationChoices(search: string): Promise<MedicationChoice[]> {
  const { data, error } = await supabase
    .rpc('search_medications', { search, page_size: MEDICATION_CHOICES_LIMIT, page_offset: 0 })
    .select(MEDICATION_CHOICE_COLUMNS);
  if (error) throw new Error(error.message);
  return data.map(medicationChoiceOf);
}

export function searchMedicationChoicesQueryOptions(pharmacyId: string, search: string) {
  return queryOptions({
    meta: { reads: ['medications'] },
    queryKey: prescriptionKeys.medicationChoices(pharmacyId, search),
    queryFn: () => searchMedicationChoices(search),
    enabled: search.length >= MEDICATION_SEARCH_MIN_LENGTH,
  });
}

export function useMedicationChoices(pharmacyId: string, search: string) {
  return useQuery(searchMedicationChoicesQueryOptions(pharmacyId, search));
}
