/** The Analytics tab's 7, 30 and 90-day summaries from the ledger (public.inventory_analytics). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { analyticsPeriodSchema, type AnalyticsPeriod } from '@pharmacy/shared/inventory/inventory-item.ts';
import { supabase } from '../../../lib/supabase.ts';
import { inventoryKeys } from '../keys.ts';

export async function getInventoryAnalytics(): Promise<AnalyticsPeriod[]> {
  const { data, error } = await supabase.rpc('inventory_analytics');
  if (error) throw new Error(error.message);
  return z.array(analyticsPeriodSchema).parse(data);
}

export function getInventoryAnalyticsQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: ['inventory_movements', 'inventory_lots', 'inventory_products', 'medications'] },
    queryKey: inventoryKeys.analytics(pharmacyId),
    queryFn: getInventoryAnalytics,
  });
}

export function useInventoryAnalytics(pharmacyId: string) {
  return useQuery(getInventoryAnalyticsQueryOptions(pharmacyId));
}
