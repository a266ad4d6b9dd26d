/** The 'Ready for Pickup' tab (spec §2): the pharmacy's verified prescriptions awaiting pickup, oldest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { labelsKeys } from '../keys.ts';
import { LABEL_PRESCRIPTION_COLUMNS, toLabelPrescription, type LabelPrescription, type LabelPrescriptionRow } from '../label-prescription.ts';

export async function getReadyPrescriptions(pharmacyId: string): Promise<LabelPrescription[]> {
  const { data, error } = await supabase
    .from('prescriptions')
    .select(LABEL_PRESCRIPTION_COLUMNS)
    .eq('pharmacy_id', pharmacyId)
    .eq('status', 'ready')
    .order('verified_at', { ascending: true });
  if (error) throw new Error(error.message);
  return (data as unknown as LabelPrescriptionRow[]).map(toLabelPrescription);
}

export function getReadyPrescriptionsQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: ['prescriptions', 'patients', 'medications'] },
    queryKey: labelsKeys.readyPrescriptions(pharmacyId),
    queryFn: () => getReadyPrescriptions(pharmacyId),
  });
}

export function useReadyPrescriptions(pharmacyId: string) {
  return useQuery(getReadyPrescriptionsQueryOptions(pharmacyId));
}
