/** Process Pending Returns (public.process_inventory_returns): the chosen returns, each with its credit in cents, in one transaction. */
import { useMutation } from '@tanstack/react-query';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import * as z from 'zod';
import { supabase } from '../../../lib/supabase.ts';

const processedSchema = z.object({ processed: z.number().int(), creditCents: z.number().int() });

export async function processInventoryReturns({ returnIds, credits }: { returnIds: string[]; credits: Record<string, number> }): Promise<z.infer<typeof processedSchema>> {
  const { data, error } = await supabase.rpc('process_inventory_returns', { return_ids: returnIds, credits });
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return processedSchema.parse(data);
}

export function useProcessInventoryReturns() {
  return useMutation({ meta: { writes: ['inventory_returns', 'audit_log'] }, mutationFn: processInventoryReturns });
}
