/**
 * The prescription a file is linked to (its Rx number and the fill's status), read through PostgREST with RLS, so
 * the review names it instead of offering "Create prescription" again. Null when it cannot be read.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionFileKeys } from '../keys.ts';

export interface LinkedPrescription {
  id: string;
  rxNumber: number;
  status: string;
}

export async function getLinkedPrescription(prescriptionId: string): Promise<LinkedPrescription | null> {
  const { data, error } = await supabase.from('prescriptions').select('id, rx_number, status').eq('id', prescriptionId).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? { id: data.id, rxNumber: Number(data.rx_number), status: data.status } : null;
}

export function getLinkedPrescriptionQueryOptions(pharmacyId: string, prescriptionId: string) {
  return queryOptions({
    meta: { reads: ['prescriptions'] },
    queryKey: prescriptionFileKeys.linkedPrescription(pharmacyId, prescriptionId),
    queryFn: () => getLinkedPrescription(prescriptionId),
  });
}

export function useLinkedPrescription(pharmacyId: string, prescriptionId: string) {
  return useQuery(getLinkedPrescriptionQueryOptions(pharmacyId, prescriptionId));
}
