/**
 * The prescription queue (spec §4 "Each queue tab fetches prescriptions with its status filter. The tab counts
 * are computed from the full list"; §7 GET /api/prescriptions with an optional status), read through
 * PostgREST with RLS keeping it to the signed-in staff member's pharmacy. Newest first.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';
import { PRESCRIPTION_QUEUE_SELECT, parseQueuePrescriptions, type PrescriptionStatus, type QueuePrescription } from './prescription-model.ts';

export async function getPrescriptions(status: PrescriptionStatus | 'all'): Promise<QueuePrescription[]> {
  let query = supabase.from('prescriptions').select(PRESCRIPTION_QUEUE_SELECT).order('created_at', { ascending: false });
  if (status !== 'all') query = query.eq('status', status);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return parseQueuePrescriptions(data);
}

export function getPrescriptionsQueryOptions(pharmacyId: string, status: PrescriptionStatus | 'all') {
  return queryOptions({ queryKey: prescriptionKeys.list(pharmacyId, status), queryFn: () => getPrescriptions(status) });
}

export function usePrescriptions(pharmacyId: string, status: PrescriptionStatus | 'all') {
  return useQuery(getPrescriptionsQueryOptions(pharmacyId, status));
}
