/** The auto-order switch of a product (inventory_products; pharmacists and admins, RLS decides). */
import { useMutation } from '@tanstack/react-query';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { supabase } from '../../../lib/supabase.ts';

export async function setAutoOrder({ medicationId, autoOrder }: { medicationId: string; autoOrder: boolean }): Promise<void> {
  const { error } = await supabase.from('inventory_products').upsert({ medication_id: medicationId, auto_order: autoOrder }, { onConflict: 'pharmacy_id,medication_id' });
  if (error) throw new Error(clientMessageForDatabaseError(error));
}

export function useSetAutoOrder() {
  return useMutation({ meta: { writes: ['inventory_products', 'audit_log'] }, mutationFn: setAutoOrder });
}
