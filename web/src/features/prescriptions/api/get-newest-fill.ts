/**
 * The newest fill of an Rx number (a cancelled fill left aside: only a discontinued prescription has one), for the
 * queue's Refill dialog: which patient and drug it is, and which refill Refill would enter. null when the pharmacy
 * has no prescription with that Rx number. The database decides whether the refill is allowed.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';

const rowSchema = z.object({
  id: z.string(),
  rx_number: z.coerce.number(),
  fill_number: z.number(),
  refills: z.number(),
  status: z.string(),
  patient: z.object({ first_name: z.string(), last_name: z.string() }),
  medication: z.object({ name: z.string(), strength: z.string().nullable() }),
});

export interface NewestFill {
  id: string;
  rxNumber: number;
  fillNumber: number;
  refills: number;
  status: string;
  patientName: string;
  medication: string;
}

export async function getNewestFill(rxNumber: number): Promise<NewestFill | null> {
  const { data, error } = await supabase
    .from('prescriptions')
    .select(
      'id, rx_number, fill_number, refills, status, patient:patients!prescriptions_patient_fkey(first_name, last_name), ' +
        'medication:medications!prescriptions_medication_fkey(name, strength)',
    )
    .eq('rx_number', rxNumber)
    .neq('status', 'cancelled')
    .order('fill_number', { ascending: false })
    .limit(1);
  if (error) throw new Error(error.message);
  const row = z.array(rowSchema).parse(data)[0];
  if (row === undefined) return null;
  return {
    id: row.id,
    rxNumber: row.rx_number,
    fillNumber: row.fill_number,
    refills: row.refills,
    status: row.status,
    patientName: `${row.patient.first_name} ${row.patient.last_name}`,
    medication: row.medication.strength ? `${row.medication.name} ${row.medication.strength}` : row.medication.name,
  };
}

export function getNewestFillQueryOptions(pharmacyId: string, rxNumber: number) {
  return queryOptions({
    meta: { reads: ['prescriptions', 'patients', 'medications'] },
    queryKey: prescriptionKeys.newestFill(pharmacyId, rxNumber),
    queryFn: () => getNewestFill(rxNumber),
    staleTime: 0,
  });
}

export function useNewestFill(pharmacyId: string, rxNumber: number) {
  return useQuery(getNewestFillQueryOptions(pharmacyId, rxNumber));
}
