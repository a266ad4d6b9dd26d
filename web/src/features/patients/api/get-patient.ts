/**
 * One patient's record by id, for a record opened by address (`/patients?patient=`: the header's global search), not
 * from a row of the list. RLS admits only the signed-in staff member's pharmacy: another pharmacy's id reads null.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { patientKeys } from '../keys.ts';
import { PATIENT_COLUMNS, patientFromRow, type Patient } from './patient-record.ts';

export async function getPatient(patientId: string): Promise<Patient | null> {
  const { data, error } = await supabase.from('patients').select(PATIENT_COLUMNS).eq('id', patientId).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? patientFromRow(data) : null;
}

export function getPatientQueryOptions(pharmacyId: string, patientId: string) {
  return queryOptions({
    meta: { reads: ['patients'] },
    queryKey: patientKeys.record(pharmacyId, patientId),
    queryFn: () => getPatient(patientId),
  });
}

/** Reads nothing without an id. */
export function usePatient(pharmacyId: string, patientId: string | undefined) {
  return useQuery({ ...getPatientQueryOptions(pharmacyId, patientId ?? ''), enabled: patientId !== undefined });
}
