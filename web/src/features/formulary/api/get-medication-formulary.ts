/**
 * A medication's formulary entries (public.formulary_entries, staff read their pharmacy's; RLS applies), one per
 * insurance type in the order the shared list offers the types. Read through PostgREST as the signed-in user.
 */
import {
  FORMULARY_ENTRY_COLUMNS, INSURANCE_TYPES, formularyEntryFromRow, type FormularyEntry, type FormularyEntryRow,
} from '@pharmacy/shared/drugs/formulary.ts';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { formularyKeys } from '../keys.ts';

/** An entry with its row id (what the editor changes and removes). */
export interface MedicationFormularyEntry extends FormularyEntry {
  id: string;
}

export async function getMedicationFormulary(medicationId: string): Promise<MedicationFormularyEntry[]> {
  const { data, error } = await supabase.from('formulary_entries').select(FORMULARY_ENTRY_COLUMNS).eq('medication_id', medicationId);
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return (data as FormularyEntryRow[])
    .map((row) => ({ id: row.id, ...formularyEntryFromRow(row) }))
    .sort((a, b) => INSURANCE_TYPES.indexOf(a.insuranceType) - INSURANCE_TYPES.indexOf(b.insuranceType));
}

export function getMedicationFormularyQueryOptions(pharmacyId: string, medicationId: string) {
  return queryOptions({
    meta: { reads: ['formulary_entries'] },
    queryKey: formularyKeys.medication(pharmacyId, medicationId),
    queryFn: () => getMedicationFormulary(medicationId),
  });
}

export function useMedicationFormulary(pharmacyId: string, medicationId: string) {
  return useQuery(getMedicationFormularyQueryOptions(pharmacyId, medicationId));
}
