/**
 * Opening a fill's billing or one of its claims shows protected health information (the patient, the plan's
 * cardholder id, the raw transmissions): what it wraps is shown once the open is on the audit trail as a
 * prescription's details (hooks/use-record-patient-access.ts, one record per open); a refusal or failure says why
 * and shows nothing.
 */
import type { ReactNode } from 'react';
import { useRecordPatientAccess } from '../../../hooks/use-record-patient-access.ts';

export interface RecordedFillOpenProps {
  patientId: string;
  prescriptionId: string;
  children: ReactNode;
}

export function RecordedFillOpen({ patientId, prescriptionId, children }: RecordedFillOpenProps) {
  const recording = useRecordPatientAccess({ what: 'prescription_details', patientId, prescriptionId });
  if (recording.status === 'recorded') return <>{children}</>;
  if (recording.status === 'failed') {
    return <p role="alert" className="alert alert-error alert-soft">This prescription's billing cannot be shown: {recording.message}</p>;
  }
  return <span className="loading loading-dots loading-md" aria-label="Opening the prescription's billing" />;
}
