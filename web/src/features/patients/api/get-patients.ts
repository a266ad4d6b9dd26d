/**
 * The pharmacy's patients for the Patient Database table (spec §7 GET /api/patients with an optional
 * search), one page at a time: filtered by the database (see patient-search-filter.ts), ordered by last name,
 * first name and id (a stable order to page by; A–Z or Z–A, both read along patients_pharmacy_id_name_id_idx), with the exact count of every match, so the screen can say
 * "Showing 1–25 of 100,000" and page through all of them. RLS admits only the signed-in staff member's pharmacy.
 * No artificial delay: the spec's 1.2 s one was simulated.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { patientKeys } from '../keys.ts';
import { patientPageRange } from './patient-paging.ts';
import { PATIENT_COLUMNS, patientFromRow, type Patient } from './patient-record.ts';
import { patientSearchFilter } from './patient-search-filter.ts';

export interface PatientPage {
  /** Which page (from 0) these rows are. */
  page: number;
  patients: Patient[];
  /** Every patient the search matches, on all pages. */
  total: number;
}

/** The orders the table offers: by name (last, first, id), ascending or descending — the ones an index serves. */
export type PatientSortColumn = 'name';
export interface PatientSort {
  column: PatientSortColumn;
  descending: boolean;
}
export const DEFAULT_PATIENT_SORT: PatientSort = { column: 'name', descending: false };

/** PostgREST's answer to a range that starts past the last row (the list shrank under the page shown). */
const RANGE_NOT_SATISFIABLE = 'PGRST103';

export async function getPatients(search: string, page: number, sort: PatientSort = DEFAULT_PATIENT_SORT): Promise<PatientPage> {
  const filter = patientSearchFilter(search);
  let query = supabase.from('patients').select(PATIENT_COLUMNS, { count: 'exact' });
  if (filter !== null) query = query.or(filter);
  const { from, to } = patientPageRange(page);
  const { data, count, error } = await query
    .order('last_name', { ascending: !sort.descending })
    .order('first_name', { ascending: !sort.descending })
    .order('id', { ascending: !sort.descending })
    .range(from, to);
  if (error?.code === RANGE_NOT_SATISFIABLE) return { page, patients: [], total: await countPatients(filter) };
  if (error) throw new Error(error.message);
  if (count === null) throw new Error('The server did not say how many patients there are.');
  return { page, patients: data.map(patientFromRow), total: count };
}

async function countPatients(filter: string | null): Promise<number> {
  let query = supabase.from('patients').select('id', { count: 'exact', head: true });
  if (filter !== null) query = query.or(filter);
  const { count, error } = await query;
  if (error) throw new Error(error.message);
  return count ?? 0;
}

export function getPatientsQueryOptions(pharmacyId: string, search: string, page: number, sort: PatientSort = DEFAULT_PATIENT_SORT) {
  return queryOptions({
    queryKey: patientKeys.list(pharmacyId, search, page, sort),
    queryFn: () => getPatients(search, page, sort),
  });
}

/** Keeps the previous page's rows on screen while the next one loads, so the table does not flash. */
export function usePatients(pharmacyId: string, search: string, page: number, sort: PatientSort) {
  return useQuery({ ...getPatientsQueryOptions(pharmacyId, search, page, sort), placeholderData: keepPreviousData });
}
