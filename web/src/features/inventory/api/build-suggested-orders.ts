/**
 * Auto-Reorder All (public.build_suggested_orders): one suggested draft per wholesaler from the auto-order products
 * whose forecast asks for stock, for a pharmacist to review and submit.
 */
import { useMutation } from '@tanstack/react-query';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { supabase } from '../../../lib/supabase.ts';

export interface SuggestedOrders {
  orders: { orderId: string; poNumber: string; wholesaler: string; lines: number }[];
  scheduleIiSkipped: number;
  withoutWholesaler: number;
}

export async function buildSuggestedOrders(): Promise<SuggestedOrders> {
  const { data, error } = await supabase.rpc('build_suggested_orders');
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return data as unknown as SuggestedOrders;
}

export function useBuildSuggestedOrders() {
  return useMutation({ meta: { writes: ['wholesale_orders', 'wholesale_order_lines'] }, mutationFn: buildSuggestedOrders });
}
