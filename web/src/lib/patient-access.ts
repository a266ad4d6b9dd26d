/**
 * Recording a read of protected health information (HIPAA §164.312(b) audit controls), shared by the patients
 * and prescriptions features: opening a patient's record or a prescription's details calls the database's
 * record_patient_access, which takes the pharmacy from the signed-in user, refuses a patient they cannot see
 * and writes the audit row (who, which patient, when, from which IP). Prints are recorded by the server.
 */
import { supabase } from './supabase.ts';

export type PatientAccess =
  | { what: 'patient_record'; patientId: string }
  | { what: 'prescription_details'; patientId: string; prescriptionId: string };

/** One key per record opened: the same key twice is the same open. */
export function patientAccessKey(access: PatientAccess): string {
  return access.what === 'patient_record' ? `patient:${access.patientId}` : `prescription:${access.prescriptionId}`;
}

export async function recordPatientAccess(access: PatientAccess): Promise<void> {
  const { error } = await supabase.rpc('record_patient_access', {
    patient_id: access.patientId,
    what: access.what,
    ...(access.what === 'prescription_details' ? { prescription_id: access.prescriptionId } : {}),
  });
  if (error) throw new Error(error.message);
}
