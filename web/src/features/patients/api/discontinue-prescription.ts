/**
 * Discontinue a prescription (pharmacists and admins; the database decides): public.discontinue_prescription with
 * the reason, which also cancels its fill waiting in the queue (pending or processing) and is audited. A refusal is
 * the database's sentence.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import type { DiscontinueRequest } from '@pharmacy/shared/prescriptions/refills.ts';
import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';

export interface DiscontinueInput extends DiscontinueRequest {
  /** The prescription (order), or any of its fills. */
  prescriptionId: string;
}

export async function discontinuePrescription({ prescriptionId, reason }: DiscontinueInput): Promise<void> {
  const { error } = await supabase.rpc('discontinue_prescription', { prescription_id: prescriptionId, reason });
  if (error) throw new Error(clientMessageForDatabaseError(error));
}

export function useDiscontinuePrescription() {
  return useMutation({
    meta: { writes: ['prescription_orders', 'prescriptions', 'prescription_queue_counters', 'audit_log'] },
    mutationFn: discontinuePrescription,
  });
}
