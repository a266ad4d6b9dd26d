/** The wholesaler a product is ordered from (inventory_products.preferred_wholesaler_id; pharmacists and admins, RLS decides). */
import { useMutation } from '@tanstack/react-query';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { supabase } from '../../../lib/supabase.ts';

export async function setPreferredWholesaler({ medicationId, wholesalerId }: { medicationId: string; wholesalerId: string | null }): Promise<void> {
  const { error } = await supabase.from('inventory_products')
    .upsert({ medication_id: medicationId, preferred_wholesaler_id: wholesalerId }, { onConflict: 'pharmacy_id,medication_id' });
  if (error) throw new Error(clientMessageForDatabaseError(error));
}

export function useSetPreferredWholesaler() {
  return useMutation({ meta: { writes: ['inventory_products', 'audit_log'] }, mutationFn: setPreferredWholesaler });
}
