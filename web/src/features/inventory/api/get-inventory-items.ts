/**
 * One page of the Inventory tab from `rpc('inventory_items')` (the same function GET /api/inventory/items serves):
 * the database searches, filters by status, orders by name and gives each row the exact total. RLS admits only the
 * signed-in staff member's pharmacy.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { inventoryItemFromRow, type InventoryItem, type InventoryItemRow, type InventoryStatusFilter } from '@pharmacy/shared/inventory/inventory-item.ts';
import { pageOffset } from '../../../lib/paging.ts';
import { supabase } from '../../../lib/supabase.ts';
import { inventoryKeys } from '../keys.ts';

export interface InventoryPage {
  items: InventoryItem[];
  total: number;
}

export async function getInventoryItems(search: string, status: InventoryStatusFilter, page: number, pageSize: number): Promise<InventoryPage> {
  const { data, error } = await supabase.rpc('inventory_items', { search, status, page_size: pageSize, page_offset: pageOffset(page, pageSize) });
  if (error) throw new Error(error.message);
  const rows = (data ?? []) as InventoryItemRow[];
  return { items: rows.map(inventoryItemFromRow), total: Number(rows[0]?.total_count ?? 0) };
}

export function getInventoryItemsQueryOptions(pharmacyId: string, search: string, status: InventoryStatusFilter, page: number, pageSize: number) {
  return queryOptions({
    meta: { reads: ['medications', 'inventory_lots', 'inventory_movements', 'inventory_forecasts', 'inventory_products'] },
    queryKey: inventoryKeys.items(pharmacyId, search, status, page, pageSize),
    queryFn: () => getInventoryItems(search, status, page, pageSize),
  });
}

/** Keeps the previous page on screen while the next one loads. */
export function useInventoryItems(pharmacyId: string, search: string, status: InventoryStatusFilter, page: number, pageSize: number) {
  return useQuery({ ...getInventoryItemsQueryOptions(pharmacyId, search, status, page, pageSize), placeholderData: keepPreviousData });
}
