/**
 * The pharmacy's patients for the Patient Database table (spec §7 GET /api/patients with an optional
 * search), filtered by the database (see patient-search-filter.ts), ordered by last then first name. RLS
 * admits only the signed-in staff member's pharmacy. No artificial delay: the spec's 1.2 s one was simulated.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { patientKeys } from '../keys.ts';
import { PATIENT_COLUMNS, patientFromRow, type Patient } from './patient-record.ts';
import { patientSearchFilter } from './patient-search-filter.ts';

/** At most this many rows per search; the screen says when a search should narrow the list. */
export const PATIENT_LIST_LIMIT = 200;

export async function getPatients(search: string): Promise<Patient[]> {
  let query = supabase.from('patients').select(PATIENT_COLUMNS);
  const filter = patientSearchFilter(search);
  if (filter !== null) query = query.or(filter);
  const { data, error } = await query
    .order('last_name', { ascending: true })
    .order('first_name', { ascending: true })
    .order('id', { ascending: true })
    .limit(PATIENT_LIST_LIMIT);
  if (error) throw new Error(error.message);
  return data.map(patientFromRow);
}

export function getPatientsQueryOptions(pharmacyId: string, search: string) {
  return queryOptions({
    queryKey: patientKeys.list(pharmacyId, search),
    queryFn: () => getPatients(search),
  });
}

/** Keeps the previous search's rows on screen while the next one loads, so the table does not flash. */
export function usePatients(pharmacyId: string, search: string) {
  return useQuery({ ...getPatientsQueryOptions(pharmacyId, search), placeholderData: keepPreviousData });
}
