/**
 * One catalog product as a choice of the prescription form's Medication field, by id: for a form opened with a
 * product already chosen elsewhere (a prescription file's NDC match), so the form's DEA rules know its schedule as if
 * it had been picked. Read from `medications` with RLS; null when it cannot be read.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';
import { MEDICATION_CHOICE_COLUMNS, medicationChoiceOf, type MedicationChoice } from './search-medication-choices.ts';

export async function getMedicationChoice(medicationId: string): Promise<MedicationChoice | null> {
  const { data, error } = await supabase.from('medications').select(MEDICATION_CHOICE_COLUMNS).eq('id', medicationId).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? medicationChoiceOf(data) : null;
}

/** Disabled without an id (the form opened with no medication). */
export function getMedicationChoiceQueryOptions(pharmacyId: string, medicationId: string) {
  return queryOptions({
    meta: { reads: ['medications'] },
    queryKey: prescriptionKeys.medicationChoice(pharmacyId, medicationId),
    queryFn: () => getMedicationChoice(medicationId),
    enabled: medicationId !== '',
  });
}

export function useMedicationChoice(pharmacyId: string, medicationId: string) {
  return useQuery(getMedicationChoiceQueryOptions(pharmacyId, medicationId));
}
