/**
 * The body of Patient Details: the record is shown once opening it is on the audit trail (one
 * record_patient_access per open), then the admin's Access History below it. A refused or failed record
 * shows why instead of the record.
 */
import { useRecordPatientAccess } from '../../../hooks/use-record-patient-access.ts';
import type { Patient } from '../api/patient-record.ts';
import { PatientAccessHistory } from './patient-access-history.tsx';
import { PatientDetails } from './patient-details.tsx';

export interface OpenedPatientRecordProps {
  pharmacyId: string;
  patient: Patient;
  canSeeAccessHistory: boolean;
}

export function OpenedPatientRecord({ pharmacyId, patient, canSeeAccessHistory }: OpenedPatientRecordProps) {
  const recording = useRecordPatientAccess({ what: 'patient_record', patientId: patient.id });
  if (recording.status === 'recording') {
    return (
      <p role="status" className="text-base-content/70">
        <span className="loading loading-spinner loading-sm mr-2 align-middle" aria-hidden="true" />
        Opening the record…
      </p>
    );
  }
  if (recording.status === 'failed') {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>This record could not be opened: {recording.message}</span>
      </div>
    );
  }
  return (
    <>
      <PatientDetails patient={patient} />
      {canSeeAccessHistory ? <PatientAccessHistory pharmacyId={pharmacyId} patientId={patient.id} /> : null}
    </>
  );
}
