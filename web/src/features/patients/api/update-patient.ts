/**
 * Edit patient (spec §7 PUT /api/patients/{id}): writes the validated form over the stored record as the
 * signed-in staff member (RLS applies) and refreshes the pharmacy's patient lists. A row the caller may not
 * change comes back as no row, which is reported rather than taken for success.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { useMutation } from '@tanstack/react-query';
import type { PatientFormValues } from '@pharmacy/shared/patients/patient.ts';
import { supabase } from '../../../lib/supabase.ts';
import { PATIENT_COLUMNS, patientFromRow, patientWriteFromForm, type Patient } from './patient-record.ts';

export interface UpdatePatientInput {
  id: string;
  values: PatientFormValues;
}

export async function updatePatient({ id, values }: UpdatePatientInput): Promise<Patient> {
  const { data, error } = await supabase.from('patients').update(patientWriteFromForm(values)).eq('id', id).select(PATIENT_COLUMNS).maybeSingle();
  if (error) throw new Error(clientMessageForDatabaseError(error));
  if (data === null) throw new Error('This patient no longer exists or you may not change it.');
  return patientFromRow(data);
}

export function useUpdatePatient() {
  return useMutation({
    meta: { writes: ['patients', 'audit_log'] },
    mutationFn: updatePatient,
  });
}
