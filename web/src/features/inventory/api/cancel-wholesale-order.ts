/** Cancels a draft, rejected or back-ordered order (public.cancel_wholesale_order); a sent order is cancelled by the wholesaler. */
import { useMutation } from '@tanstack/react-query';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { supabase } from '../../../lib/supabase.ts';

export async function cancelWholesaleOrder(orderId: string): Promise<void> {
  const { error } = await supabase.rpc('cancel_wholesale_order', { order_id: orderId });
  if (error) throw new Error(clientMessageForDatabaseError(error));
}

export function useCancelWholesaleOrder() {
  return useMutation({ meta: { writes: ['wholesale_orders'] }, mutationFn: cancelWholesaleOrder });
}
