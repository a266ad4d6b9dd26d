/**
 * The newest fill of an Rx number with its prescription's state, for the queue's Refill dialog: which patient and
 * drug it is, whether the prescription is still active, and which refill Refill would enter (after the refills used
 * before fills were kept, for an upgraded or imported prescription). null when the pharmacy has no prescription with
 * that Rx number. The database decides whether the refill is allowed.
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
  order: z.object({ status: z.string(), discontinued_reason: z.string().nullable(), refills_used_before: z.number() }),
  patient: z.object({ first_name: z.string(), last_name: z.string() }),
  medication: z.object({ name: z.string(), strength: z.string().nullable() }),
});

export interface NewestFill {
  id: string;
  rxNumber: number;
  fillNumber: number;
  refills: number;
  status: string;
  /** The prescription's: active, inactive or discontinued (with its reason). */
  orderStatus: string;
  discontinuedReason: string | null;
  /** Refills used so far: the newest fill's number, or more when refills were used before fills were kept. */
  refillsUsed: number;
  patientName: string;
  medication: string;
}

export async function getNewestFill(rxNumber: number): Promise<NewestFill | null> {
  const { data, error } = await supabase
    .from('prescriptions')
    .select(
      'id, rx_number, fill_number, refills, status, ' +
        'order:prescription_orders!prescriptions_order_fkey(status, discontinued_reason, refills_used_before), ' +
        'patient:patients!prescriptions_patient_fkey(first_name, last_name), ' +
        'medication:medications!prescriptions_medication_fkey(name, strength)',
    )
    .eq('rx_number', rxNumber)
    .order('fill_number', { ascending: false })
    // A fill returned to stock keeps its number, which the next fill takes again: the newer one is the fill.
    .order('created_at', { ascending: false })
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
    orderStatus: row.order.status,
    discontinuedReason: row.order.discontinued_reason,
    refillsUsed: Math.max(row.fill_number, row.order.refills_used_before),
    patientName: `${row.patient.first_name} ${row.patient.last_name}`,
    medication: row.medication.strength ? `${row.medication.name} ${row.medication.strength}` : row.medication.name,
  };
}

export function getNewestFillQueryOptions(pharmacyId: string, rxNumber: number) {
  return queryOptions({
    meta: { reads: ['prescriptions', 'prescription_orders', 'patients', 'medications'] },
    queryKey: prescriptionKeys.newestFill(pharmacyId, rxNumber),
    queryFn: () => getNewestFill(rxNumber),
    staleTime: 0,
  });
}

export function useNewestFill(pharmacyId: string, rxNumber: number) {
  return useQuery(getNewestFillQueryOptions(pharmacyId, rxNumber));
}
