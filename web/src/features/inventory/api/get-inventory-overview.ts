/** The Overview tab's figures: one aggregate in the database (public.inventory_overview), the caller's pharmacy. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { inventoryOverviewSchema, type InventoryOverview } from '@pharmacy/shared/inventory/inventory-item.ts';
import { supabase } from '../../../lib/supabase.ts';
import { inventoryKeys } from '../keys.ts';

export async function getInventoryOverview(): Promise<InventoryOverview> {
  const { data, error } = await supabase.rpc('inventory_overview');
  if (error) throw new Error(error.message);
  return inventoryOverviewSchema.parse(data);
}

export function getInventoryOverviewQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: ['medications', 'inventory_lots', 'inventory_movements', 'inventory_forecasts', 'inventory_products', 'inventory_settings'] },
    queryKey: inventoryKeys.overview(pharmacyId),
    queryFn: getInventoryOverview,
  });
}

export function useInventoryOverview(pharmacyId: string) {
  return useQuery(getInventoryOverviewQueryOptions(pharmacyId));
}
