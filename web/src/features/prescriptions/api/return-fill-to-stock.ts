/**
 * Return to stock: a ready fill the patient did not pick up goes back on the shelf (public.return_fill_to_stock;
 * pharmacists and admins, with a reason). The database puts its units back into the lots they were dispensed from,
 * cancels the fill and frees its refill; a refusal comes back as its sentence.
 */
import { useMutation } from '@tanstack/react-query';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { supabase } from '../../../lib/supabase.ts';

export async function returnFillToStock({ prescriptionId, reason }: { prescriptionId: string; reason: string }): Promise<number> {
  const { data, error } = await supabase.rpc('return_fill_to_stock', { fill_id: prescriptionId, reason });
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return (data as { unitsReturned: number }).unitsReturned;
}

export function useReturnFillToStock() {
  return useMutation({
    meta: { writes: ['prescriptions', 'prescription_orders', 'inventory_lots', 'inventory_movements', 'medications'] },
    mutationFn: returnFillToStock,
  });
}
