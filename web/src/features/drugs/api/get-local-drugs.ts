/**
 * One page of the pharmacy's catalog (spec part 2 §2 Drug Search on the Local Database, §7 GET /api/medications
 * with an optional search or lowStock) from `rpc('search_medications')`: the database matches brand, generic name
 * or NDC in any format, orders by name and strength, and gives each row the exact number of matches. RLS admits only
 * the signed-in staff member's pharmacy. Drug Search's cards and the Pricing Management table read it.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { drugKeys, type LocalDrugFilters } from '../keys.ts';
import { pageOffset } from '../../../lib/paging.ts';
import { MEDICATION_SEARCH_COLUMNS, medicationFromSearchRow, type MedicationSearchRow } from '@pharmacy/shared/drugs/medication.ts';
import type { LocalDrug } from './local-drug.ts';

export interface LocalDrugPage {
  page: number;
  drugs: LocalDrug[];
  /** Every product the filters match, on all pages. */
  total: number;
}

async function searchMedications(filters: LocalDrugFilters, pageSize: number, offset: number): Promise<(MedicationSearchRow & { total_count: number })[]> {
  const { data, error } = await supabase
    .rpc('search_medications', {
      search: filters.search,
      low_stock_only: filters.lowStockOnly,
      include_inactive: filters.includeInactive,
      page_size: pageSize,
      page_offset: offset,
    })
    .select(MEDICATION_SEARCH_COLUMNS);
  if (error) throw new Error(error.message);
  return data;
}

export async function getLocalDrugs(filters: LocalDrugFilters, page: number, pageSize: number): Promise<LocalDrugPage> {
  const rows = await searchMedications(filters, pageSize, pageOffset(page, pageSize));
  if (rows.length === 0 && page > 0) {
    // Past the last page (the catalog shrank under the page shown): the total alone, so the screen can step back.
    const [first] = await searchMedications(filters, 1, 0);
    return { page, drugs: [], total: Number(first?.total_count ?? 0) };
  }
  return { page, drugs: rows.map(medicationFromSearchRow), total: Number(rows[0]?.total_count ?? 0) };
}

export function getLocalDrugsQueryOptions(pharmacyId: string, filters: LocalDrugFilters, page: number, pageSize: number) {
  return queryOptions({
    meta: { reads: ['medications'] },
    queryKey: drugKeys.localPage(pharmacyId, filters, page, pageSize),
    queryFn: () => getLocalDrugs(filters, page, pageSize),
  });
}

/** Keeps the previous page on screen while the next one loads, so the list does not flash. */
export function useLocalDrugs(pharmacyId: string, filters: LocalDrugFilters, page: number, pageSize: number) {
  return useQuery({ ...getLocalDrugsQueryOptions(pharmacyId, filters, page, pageSize), placeholderData: keepPreviousData });
}
