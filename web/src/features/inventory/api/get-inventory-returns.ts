/**
 * One page of the Returns tab (public.inventory_return_page): newest first, by status, with the exact total; and the
 * products Create Return may choose from (inventory_items' search, with each product's lots on hand).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { inventoryItemFromRow, type InventoryItem, type InventoryItemRow } from '@pharmacy/shared/inventory/inventory-item.ts';
import { inventoryReturnFromRow, type InventoryReturn, type ReturnFilter } from '@pharmacy/shared/inventory/inventory-return.ts';
import { pageOffset } from '../../../lib/paging.ts';
import { supabase } from '../../../lib/supabase.ts';
import { inventoryKeys } from '../keys.ts';

export async function getInventoryReturns(filter: ReturnFilter, page: number, pageSize: number): Promise<{ returns: InventoryReturn[]; total: number }> {
  const { data, error } = await supabase.rpc('inventory_return_page', { status_filter: filter, page_size: pageSize, page_offset: pageOffset(page, pageSize) });
  if (error) throw new Error(error.message);
  return { returns: data.map(inventoryReturnFromRow), total: Number(data[0]?.total_count ?? 0) };
}

export function getInventoryReturnsQueryOptions(pharmacyId: string, filter: ReturnFilter, page: number, pageSize: number) {
  return queryOptions({
    meta: { reads: ['inventory_returns', 'medications', 'inventory_lots', 'wholesalers', 'staff_profiles'] },
    queryKey: inventoryKeys.returns(pharmacyId, filter, page, pageSize),
    queryFn: () => getInventoryReturns(filter, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useInventoryReturns(pharmacyId: string, filter: ReturnFilter, page: number, pageSize: number) {
  return useQuery(getInventoryReturnsQueryOptions(pharmacyId, filter, page, pageSize));
}

/** The most products the search offers at once. */
const RETURN_PRODUCT_CHOICES = 10;
export const RETURN_PRODUCT_MIN_SEARCH = 2;

async function getReturnProducts(search: string): Promise<InventoryItem[]> {
  const { data, error } = await supabase.rpc('inventory_items', { search, status: 'all', page_size: RETURN_PRODUCT_CHOICES, page_offset: 0 });
  if (error) throw new Error(error.message);
  return ((data ?? []) as InventoryItemRow[]).map(inventoryItemFromRow);
}

/** Products matching the search (no answer of an earlier search is ever shown for a new one). */
export function useReturnProducts(pharmacyId: string, search: string) {
  return useQuery({
    meta: { reads: ['medications', 'inventory_lots', 'inventory_movements', 'inventory_forecasts', 'inventory_products'] },
    queryKey: inventoryKeys.returnProducts(pharmacyId, search),
    queryFn: () => getReturnProducts(search),
    enabled: search.length >= RETURN_PRODUCT_MIN_SEARCH,
  });
}
