/** Receives units into a lot by hand (public.receive_inventory): a receipt in the ledger; refusals are the database's. */
import { useMutation } from '@tanstack/react-query';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { supabase } from '../../../lib/supabase.ts';

export interface Receipt {
  medicationId: string;
  quantity: number;
  lotNumber: string;
  expirationDate: string;
  unitCostCents: number | null;
  reference: string;
}

export async function receiveStock(receipt: Receipt): Promise<void> {
  const { error } = await supabase.rpc('receive_inventory', {
    medication_id: receipt.medicationId,
    quantity: receipt.quantity,
    lot_number: receipt.lotNumber,
    expiration_date: receipt.expirationDate,
    ...(receipt.unitCostCents === null ? {} : { unit_cost_cents: receipt.unitCostCents }),
    ...(receipt.reference === '' ? {} : { reference: receipt.reference }),
  });
  if (error) throw new Error(clientMessageForDatabaseError(error));
}

export function useReceiveStock() {
  return useMutation({ meta: { writes: ['inventory_lots', 'inventory_movements', 'medications'] }, mutationFn: receiveStock });
}
