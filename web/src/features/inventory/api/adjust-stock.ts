/** Adjusts a product's stock with a reason (public.adjust_inventory; pharmacists and admins). */
import { useMutation } from '@tanstack/react-query';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { supabase } from '../../../lib/supabase.ts';

export interface Adjustment {
  medicationId: string;
  quantityChange: number;
  reason: string;
  /** null: an increase into the no-lot lot, a decrease first-expiry-first-out. */
  lotId: string | null;
}

export async function adjustStock(adjustment: Adjustment): Promise<void> {
  const { error } = await supabase.rpc('adjust_inventory', {
    medication_id: adjustment.medicationId,
    quantity_change: adjustment.quantityChange,
    reason: adjustment.reason,
    ...(adjustment.lotId === null ? {} : { lot_id: adjustment.lotId }),
  });
  if (error) throw new Error(clientMessageForDatabaseError(error));
}

export function useAdjustStock() {
  return useMutation({ meta: { writes: ['inventory_lots', 'inventory_movements', 'medications', 'audit_log'] }, mutationFn: adjustStock });
}
