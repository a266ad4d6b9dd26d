/**
 * A patient picker's choices, for every screen that offers one (the prescription form's Patient, the audit log's
 * patient filter): the first few of the pharmacy's patients a typed search finds, from `rpc('search_patients')`
 * (the database's one search rule: name words, phone digits, date of birth), in name order, read with RLS.
 * Searched only from two typed characters, so no list of every patient is ever loaded.
 */
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ComboboxOption } from '../components/ui/combobox.tsx';
import { supabase } from '../lib/supabase.ts';

/** How many patients a picker offers for a search (the user narrows the search for more). */
export const PATIENT_CHOICES_LIMIT = 8;
/** Typed characters before a picker searches. */
export const PATIENT_SEARCH_MIN_LENGTH = 2;

/** Starts with the pharmacy, as every feature's keys do, so one pharmacy's cache never answers for another. */
export function patientChoicesQueryKey(pharmacyId: string, search: string) {
  return ['pharmacy', pharmacyId, 'patient-choices', { search }] as const;
}

export async function searchPatientChoices(search: string): Promise<ComboboxOption[]> {
  const { data, error } = await supabase
    .rpc('search_patients', { search, page_size: PATIENT_CHOICES_LIMIT, page_offset: 0 })
    .select('id, first_name, last_name, date_of_birth, phone');
  if (error) throw new Error(error.message);
  return data.map((patient) => ({
    value: patient.id,
    label: `${patient.first_name} ${patient.last_name}`,
    detail: [patient.date_of_birth ? `DOB ${usDate(patient.date_of_birth)}` : null, patient.phone].filter(Boolean).join(' · ') || undefined,
  }));
}

export function searchPatientChoicesQueryOptions(pharmacyId: string, search: string) {
  return queryOptions({
    meta: { reads: ['patients'] },
    queryKey: patientChoicesQueryKey(pharmacyId, search),
    queryFn: () => searchPatientChoices(search),
    enabled: search.length >= PATIENT_SEARCH_MIN_LENGTH,
  });
}

export function usePatientChoices(pharmacyId: string, search: string) {
  return useQuery(searchPatientChoicesQueryOptions(pharmacyId, search));
}
