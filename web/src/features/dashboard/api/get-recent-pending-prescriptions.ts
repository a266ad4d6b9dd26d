/**
 * The Recent E-Prescriptions card (spec §2, §9): the 5 most recently entered pending prescriptions of the
 * pharmacy, with the patient, the medication and whether the interaction check flagged them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { dashboardKeys } from '../keys.ts';

export const RECENT_PENDING_LIMIT = 5;

export interface RecentPendingPrescription {
  id: string;
  rxNumber: number;
  createdAt: string;
  prescriptionType: string;
  patientName: string;
  medication: string;
  hasInteractions: boolean;
}

export async function getRecentPendingPrescriptions(pharmacyId: string): Promise<RecentPendingPrescription[]> {
  const { data, error } = await supabase
    .from('prescriptions')
    .select('id, rx_number, created_at, prescription_type, ai_flags, patient:patients(first_name, last_name), medication:medications(name, strength)')
    .eq('pharmacy_id', pharmacyId)
    .eq('status', 'pending')
    .order('created_at', { ascending: false })
    .limit(RECENT_PENDING_LIMIT);
  if (error) throw new Error(error.message);
  return data.map((row) => ({
    id: row.id,
    rxNumber: row.rx_number,
    createdAt: row.created_at,
    prescriptionType: row.prescription_type,
    patientName: row.patient ? `${row.patient.first_name} ${row.patient.last_name}` : 'Unknown patient',
    medication: row.medication ? [row.medication.name, row.medication.strength].filter(Boolean).join(' ') : 'Unknown medication',
    hasInteractions: (row.ai_flags as { hasInteractions?: unknown } | null)?.hasInteractions === true,
  }));
}

export function getRecentPendingPrescriptionsQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: ['prescriptions', 'patients', 'medications'] },
    queryKey: dashboardKeys.recentPending(pharmacyId),
    queryFn: () => getRecentPendingPrescriptions(pharmacyId),
  });
}

export function useRecentPendingPrescriptions(pharmacyId: string) {
  return useQuery(getRecentPendingPrescriptionsQueryOptions(pharmacyId));
}
