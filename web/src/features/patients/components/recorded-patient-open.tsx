/**
 * Opening a patient's record (View or Edit): what it wraps is shown once the open is on the audit trail (one
 * record_patient_access per open); while it is being recorded a spinner shows, and a refused or failed
 * recording shows why instead of the record.
 */
import type { ReactNode } from 'react';
import { useRecordPatientAccess } from '../../../hooks/use-record-patient-access.ts';

export function RecordedPatientOpen({ patientId, children }: { patientId: string; children: ReactNode }) {
  const recording = useRecordPatientAccess({ what: 'patient_record', patientId });
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
  return <>{children}</>;
}
