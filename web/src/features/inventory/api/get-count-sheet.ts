/**
 * One page of a count's sheet from `rpc('inventory_count_sheet')`: the database orders the lines (shelf, product,
 * expiry, lot), hides the expected and book quantities while a blind count is open, figures each variance as posting
 * would (counted − the book quantity when counted) and gives the exact total on each row.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOffset } from '../../../lib/paging.ts';
import { supabase } from '../../../lib/supabase.ts';
import { inventoryKeys } from '../keys.ts';

export interface CountSheetLine {
  lineId: string;
  medicationName: string;
  strength: string | null;
  ndc: string | null;
  deaSchedule: string | null;
  shelfLocation: string | null;
  lotNumber: string;
  expirationDate: string | null;
  countedQuantity: number | null;
  estimated: boolean;
  openedContainer: boolean;
  containerUnits: number | null;
  /** A second count by another staff member (double count of Schedule II). */
  secondCountQuantity: number | null;
  /** null while a blind count is open. */
  expectedOnHand: number | null;
  bookQuantity: number | null;
  varianceQuantity: number | null;
  varianceReason: string | null;
}

export async function getCountSheet(sessionId: string, onlyVariances: boolean, page: number, pageSize: number) {
  const { data, error } = await supabase.rpc('inventory_count_sheet', {
    count_session_id: sessionId, page_size: pageSize, page_offset: pageOffset(page, pageSize), only_variances: onlyVariances,
  });
  if (error) throw new Error(error.message);
  const rows = data ?? [];
  const lines: CountSheetLine[] = rows.map((row) => ({
    lineId: row.line_id,
    medicationName: row.medication_name,
    strength: row.strength,
    ndc: row.ndc_number,
    deaSchedule: row.dea_schedule,
    shelfLocation: row.shelf_location,
    lotNumber: row.lot_number,
    expirationDate: row.expiration_date,
    countedQuantity: row.counted_quantity,
    estimated: row.estimated,
    openedContainer: row.opened_container,
    containerUnits: row.container_units,
    secondCountQuantity: row.second_count_quantity,
    expectedOnHand: row.expected_on_hand,
    bookQuantity: row.book_quantity,
    varianceQuantity: row.variance_quantity,
    varianceReason: row.variance_reason,
  }));
  return { lines, total: Number(rows[0]?.total_count ?? 0) };
}

export function useCountSheet(pharmacyId: string, sessionId: string, onlyVariances: boolean, page: number, pageSize: number) {
  return useQuery({
    meta: { reads: ['inventory_count_lines', 'inventory_count_expectations', 'inventory_count_sessions', 'inventory_movements', 'inventory_lots', 'inventory_products', 'medications'] },
    queryKey: inventoryKeys.countSheet(pharmacyId, sessionId, onlyVariances, page, pageSize),
    queryFn: () => getCountSheet(sessionId, onlyVariances, page, pageSize),
    placeholderData: keepPreviousData,
  });
}
