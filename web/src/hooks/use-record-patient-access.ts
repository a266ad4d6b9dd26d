/**
 * Records one open of a patient's record or a prescription's details (lib/patient-access.ts) and says whether
 * the view may show it: a record is shown only once its access is on the audit trail. Once per open: a view
 * records when it mounts and again only when it is opened for another record — not on re-renders, live
 * refreshes, or React's development double run of effects (the ref survives that).
 */
import { useEffect, useRef, useState } from 'react';
import { patientAccessKey, recordPatientAccess, type PatientAccess } from '../lib/patient-access.ts';

export type AccessRecording = { status: 'recording' } | { status: 'recorded' } | { status: 'failed'; message: string };

export function useRecordPatientAccess(access: PatientAccess): AccessRecording {
  const key = patientAccessKey(access);
  const recordedKey = useRef<string | null>(null);
  const accessRef = useRef(access);
  accessRef.current = access;
  const [recording, setRecording] = useState<{ key: string; state: AccessRecording } | null>(null);

  useEffect(() => {
    if (recordedKey.current === key) return;
    recordedKey.current = key;
    recordPatientAccess(accessRef.current).then(
      () => setRecording({ key, state: { status: 'recorded' } }),
      (error: unknown) =>
        setRecording({ key, state: { status: 'failed', message: error instanceof Error ? error.message : String(error) } }),
    );
  }, [key]);

  // A result for another record (the view was switched) does not count for this one.
  return recording !== null && recording.key === key ? recording.state : { status: 'recording' };
}
