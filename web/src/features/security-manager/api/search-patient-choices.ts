/**
 * The audit log's patient filter: the first few of the pharmacy's patients a typed search finds, from
 * `rpc('search_patients')` (the database's one search rule: name words, phone digits, date of birth), read with
 * RLS. Searched only from two typed characters, so no list of every patient is loaded.
 */
import { usDate } from '@pharmacy/shared/dates.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ComboboxOption } from '../../../components/ui/combobox.tsx';
import { supabase } from '../../../lib/supabase.ts';
import { securityManagerKeys } from '../keys.ts';

/** How many patients the filter offers for a search (the admin narrows the search for more). */
export const PATIENT_CHOICES_LIMIT = 8;
/** Typed characters before the filter searches. */
export const PATIENT_SEARCH_MIN_LENGTH = 2;

export async function searchPatientChoices(search: string): Promise<ComboboxOption[]> {
  const { data, error } = await supabase
    .rpc('search_patients', { search, page_size: PATIENT_CHOICES_LIMIT, page_offset: 0 })
    .select('id, first_name, last_name, date_of_birth');
  if (error) throw new Error(error.message);
  return data.map((patient) => ({
    value: patient.id,
    label: `${patient.first_name} ${patient.last_name}`,
    detail: patient.date_of_birth ? `DOB ${usDate(patient.date_of_birth)}` : undefined,
  }));
}

export function searchPatientChoicesQueryOptions(pharmacyId: string, search: string) {
  return queryOptions({
    queryKey: securityManagerKeys.patientChoices(pharmacyId, search),
    queryFn: () => searchPatientChoices(search),
    enabled: search.length >= PATIENT_SEARCH_MIN_LENGTH,
  });
}

export function usePatientChoices(pharmacyId: string, search: string) {
  return useQuery(searchPatientChoicesQueryOptions(pharmacyId, search));
}
