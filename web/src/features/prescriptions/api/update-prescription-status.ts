/**
 * A step of the status machine (spec §4; §7 "PUT /api/prescriptions/{id} status"), written with supabase-js.
 * Only `status` is sent (the database records who and when); an override also sends `override_reason`. The
 * database decides what the signed-in role may do and refuses a lost race — its message is shown as is.
 * Success refreshes the queue (spec §7 "After a prescription update the prescription list is refreshed").
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database-errors.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';
import type { PrescriptionStatus } from './prescription-model.ts';

export interface StatusChange {
  prescriptionId: string;
  status: Exclude<PrescriptionStatus, 'pending'>;
  /** Given only when a pharmacist or admin processes a prescription past its interaction alert. */
  overrideReason?: string;
}

export async function updatePrescriptionStatus({ prescriptionId, status, overrideReason }: StatusChange): Promise<void> {
  const change = overrideReason === undefined ? { status } : { status, override_reason: overrideReason };
  const { data, error } = await supabase.from('prescriptions').update(change).eq('id', prescriptionId).select('id');
  if (error) throw new Error(clientMessageForDatabaseError(error));
  // RLS hides a row the caller may not change: nothing updated is a refusal, not a success.
  if (data.length === 0) throw new Error('This prescription is no longer in your queue; refresh to see the current queue');
}

export function useUpdatePrescriptionStatus(pharmacyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrescriptionStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: prescriptionKeys.all(pharmacyId) }),
  });
}
