/** Cancels a pending return with a reason (public.cancel_inventory_return): its units go back into the lot they left. */
import { useMutation } from '@tanstack/react-query';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { supabase } from '../../../lib/supabase.ts';

export async function cancelInventoryReturn({ returnId, reason }: { returnId: string; reason: string }): Promise<void> {
  const { error } = await supabase.rpc('cancel_inventory_return', { return_id: returnId, reason });
  if (error) throw new Error(clientMessageForDatabaseError(error));
}

export function useCancelInventoryReturn() {
  return useMutation({
    meta: { writes: ['inventory_returns', 'inventory_lots', 'inventory_movements', 'medications', 'audit_log'] },
    mutationFn: cancelInventoryReturn,
  });
}
