/**
 * The pharmacy's patients for the Patient Database table (spec §7 GET /api/patients with an optional
 * search), one page at a time, from `rpc('search_patients')`: the database holds the search rule (name words,
 * phone digits, date of birth; private.patient_search_condition), orders by last name, first name and id (a stable
 * order to page by; A–Z or Z–A, both read along the name index) and gives every row the exact number of matches,
 * so the screen can say "Showing 1–25 of 100,000" and page through all of them. RLS admits only the signed-in
 * staff member's pharmacy. No artificial delay: the spec's 1.2 s one was simulated.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { patientKeys } from '../keys.ts';
import { PATIENT_PAGE_SIZE, patientPageRange } from './patient-paging.ts';
import { PATIENT_COLUMNS, patientFromRow, type Patient } from './patient-record.ts';

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

async function searchPatients(search: string, pageSize: number, pageOffset: number, sort: PatientSort) {
  const { data, error } = await supabase
    .rpc('search_patients', { search, page_size: pageSize, page_offset: pageOffset, name_descending: sort.descending })
    .select(`${PATIENT_COLUMNS}, total_count`);
  if (error) throw new Error(error.message);
  return data;
}

export async function getPatients(search: string, page: number, sort: PatientSort = DEFAULT_PATIENT_SORT): Promise<PatientPage> {
  const rows = await searchPatients(search, PATIENT_PAGE_SIZE, patientPageRange(page).from, sort);
  if (rows.length === 0 && page > 0) {
    // Past the last page (the list shrank under the page shown): the total alone, so the screen can step back.
    const [first] = await searchPatients(search, 1, 0, sort);
    return { page, patients: [], total: first?.total_count ?? 0 };
  }
  return { page, patients: rows.map(patientFromRow), total: rows[0]?.total_count ?? 0 };
}

export function getPatientsQueryOptions(pharmacyId: string, search: string, page: number, sort: PatientSort = DEFAULT_PATIENT_SORT) {
  return queryOptions({
    meta: { reads: ['patients'] },
    queryKey: patientKeys.list(pharmacyId, search, page, sort),
    queryFn: () => getPatients(search, page, sort),
  });
}

/** Keeps the previous page's rows on screen while the next one loads, so the table does not flash. */
export function usePatients(pharmacyId: string, search: string, page: number, sort: PatientSort = DEFAULT_PATIENT_SORT) {
  return useQuery({ ...getPatientsQueryOptions(pharmacyId, search, page, sort), placeholderData: keepPreviousData });
}
