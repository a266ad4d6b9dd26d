/** Creates a pending return (public.create_inventory_return; pharmacists and admins): the units leave the lot at once. */
import { useMutation } from '@tanstack/react-query';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import type { createReturnArguments } from '@pharmacy/shared/inventory/inventory-return.ts';
import { supabase } from '../../../lib/supabase.ts';

export async function createInventoryReturn(args: ReturnType<typeof createReturnArguments>): Promise<{ id: string; totalValueCents: number | null }> {
  const { data, error } = await supabase.rpc('create_inventory_return', args);
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return { id: data.id, totalValueCents: data.total_value_cents === null ? null : Number(data.total_value_cents) };
}

export function useCreateInventoryReturn() {
  return useMutation({
    meta: { writes: ['inventory_returns', 'inventory_lots', 'inventory_movements', 'medications', 'audit_log'] },
    mutationFn: createInventoryReturn,
  });
}
