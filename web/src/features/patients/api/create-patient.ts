/**
 * Add Patient (spec §7 POST /api/patients): inserts the validated form as the signed-in staff member (RLS
 * applies; the database fills in their pharmacy) and refreshes the pharmacy's patient lists.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { useMutation } from '@tanstack/react-query';
import type { PatientFormValues } from '@pharmacy/shared/patients/patient.ts';
import { supabase } from '../../../lib/supabase.ts';
import { PATIENT_COLUMNS, patientFromRow, patientWriteFromForm, type Patient } from './patient-record.ts';

export async function createPatient(values: PatientFormValues): Promise<Patient> {
  const { data, error } = await supabase.from('patients').insert(patientWriteFromForm(values)).select(PATIENT_COLUMNS).single();
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return patientFromRow(data);
}

export function useCreatePatient() {
  return useMutation({
    meta: { writes: ['patients', 'audit_log'] },
    mutationFn: createPatient,
  });
}
