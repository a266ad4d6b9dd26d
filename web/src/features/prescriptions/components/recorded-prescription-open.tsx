/**
 * Opening a prescription's details (the queue opens one in the Interaction Alert dialog): what it wraps is
 * shown once the open is on the audit trail (one record_patient_access per open); a refusal or failure is
 * handed to onFailed instead, and nothing is shown.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useRecordPatientAccess } from '../../../hooks/use-record-patient-access.ts';
import type { QueuePrescription } from '../api/prescription-model.ts';

export interface RecordedPrescriptionOpenProps {
  prescription: QueuePrescription;
  onFailed: (message: string) => void;
  children: ReactNode;
}

export function RecordedPrescriptionOpen({ prescription, onFailed, children }: RecordedPrescriptionOpenProps) {
  const recording = useRecordPatientAccess({ what: 'prescription_details', patientId: prescription.patient.id, prescriptionId: prescription.id });
  const onFailedRef = useRef(onFailed);
  onFailedRef.current = onFailed;
  const failure = recording.status === 'failed' ? recording.message : null;
  useEffect(() => {
    if (failure !== null) onFailedRef.current(failure);
  }, [failure]);
  return recording.status === 'recorded' ? <>{children}</> : null;
}
