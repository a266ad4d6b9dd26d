/**
 * The patient's prescriptions on file (issue 21): public.patient_prescription_orders, a page at a time, newest
 * first (keyset: created_at, id), each with its refills authorised / used / remaining, its last fill, the day a
 * refill is due (no longer too soon) and the day it expires; the drug's name comes from the page's medications,
 * read in the same fetch. prescription_orders and prescriptions are live tables: a refill or a discontinuation
 * anywhere refreshes it.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { patientKeys } from '../keys.ts';

export const PATIENT_PRESCRIPTIONS_PAGE_SIZE = 20;

export type OrderStatus = 'active' | 'inactive' | 'discontinued';

export interface PatientPrescription {
  orderId: string;
  rxNumber: number;
  status: OrderStatus;
  medication: string;
  writtenOn: string;
  refills: number;
  refillsUsed: number;
  refillsRemaining: number;
  discontinuedReason: string | null;
  discontinuedAt: string | null;
  createdAt: string;
  lastFill: { id: string; status: string; filledOn: string | null };
  /** The first day a refill is not too soon; null until the last fill is filled. */
  refillDueOn: string | null;
  expiresOn: string | null;
}

interface PageCursor {
  createdAt: string;
  id: string;
}

export interface PatientPrescriptionsPage {
  prescriptions: PatientPrescription[];
  nextCursor: PageCursor | null;
}

function orderStatus(status: string): OrderStatus {
  return status === 'discontinued' || status === 'inactive' ? status : 'active';
}

export async function getPatientPrescriptions(patientId: string, after: PageCursor | null): Promise<PatientPrescriptionsPage> {
  const { data, error } = await supabase.rpc('patient_prescription_orders', {
    for_patient_id: patientId,
    page_size: PATIENT_PRESCRIPTIONS_PAGE_SIZE,
    ...(after === null ? {} : { after_created_at: after.createdAt, after_id: after.id }),
  });
  if (error) throw new Error(error.message);
  const medicationIds = [...new Set(data.map((row) => row.medication_id))];
  const names = new Map<string, string>();
  if (medicationIds.length > 0) {
    const medications = await supabase.from('medications').select('id, name, strength').in('id', medicationIds);
    if (medications.error) throw new Error(medications.error.message);
    for (const row of medications.data) names.set(row.id, row.strength ? `${row.name} ${row.strength}` : row.name);
  }
  const prescriptions = data.map((row) => ({
    orderId: row.order_id,
    rxNumber: Number(row.rx_number),
    status: orderStatus(row.status),
    medication: names.get(row.medication_id) ?? 'Unknown drug',
    writtenOn: row.written_on,
    refills: row.refills,
    refillsUsed: row.refills_used,
    refillsRemaining: row.refills_remaining,
    discontinuedReason: row.discontinued_reason,
    discontinuedAt: row.discontinued_at,
    createdAt: row.created_at,
    lastFill: { id: row.last_fill_id, status: row.last_fill_status, filledOn: row.last_filled_on },
    refillDueOn: row.refill_due_on,
    expiresOn: row.expires_on,
  }));
  const last = prescriptions.at(-1);
  return {
    prescriptions,
    nextCursor: prescriptions.length === PATIENT_PRESCRIPTIONS_PAGE_SIZE && last ? { createdAt: last.createdAt, id: last.orderId } : null,
  };
}

export function getPatientPrescriptionsQueryOptions(pharmacyId: string, patientId: string) {
  return infiniteQueryOptions({
    meta: { reads: ['prescription_orders', 'prescriptions', 'medications', 'pharmacy_settings'] },
    queryKey: patientKeys.prescriptions(pharmacyId, patientId),
    queryFn: ({ pageParam }) => getPatientPrescriptions(patientId, pageParam),
    initialPageParam: null as PageCursor | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function usePatientPrescriptions(pharmacyId: string, patientId: string) {
  return useInfiniteQuery(getPatientPrescriptionsQueryOptions(pharmacyId, patientId));
}
