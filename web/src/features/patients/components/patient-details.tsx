/**
 * View patient: every field of the record, read-only, with allergies as badges and medications as a list. Insurance
 * is the record's Insurance plans section (insurance-plans.tsx).
 */
import type { ReactNode } from 'react';
import type { Patient } from '../api/patient-record.ts';
import { formatAddress, formatDateOfBirth, patientFullName } from './patient-format.ts';

/** One term and its value; the wrapping <div> is the only element a <dl> may hold besides dt/dd. */
function Detail({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`flex flex-col gap-0.5 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="text-xs font-medium uppercase tracking-wide text-base-content/70">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function orNotRecorded(value: string | null): string {
  return value && value !== '' ? value : 'Not recorded';
}

export function PatientDetails({ patient }: { patient: Patient }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Detail term="Name">{patientFullName(patient)}</Detail>
      <Detail term="Patient ID">
        <span className="font-mono text-xs">{patient.id}</span>
      </Detail>
      <Detail term="Date of Birth">{formatDateOfBirth(patient.dateOfBirth)}</Detail>
      <Detail term="Phone">{orNotRecorded(patient.phone)}</Detail>
      <Detail term="Email">{orNotRecorded(patient.email)}</Detail>
      <Detail term="Email Notifications">{patient.contactConsent ? 'Consented' : 'No consent'}</Detail>
      <Detail term="Address">{formatAddress(patient) ?? 'Not recorded'}</Detail>
      <Detail term="Allergies" wide>
        {patient.allergies.length === 0 ? (
          'None'
        ) : (
          <ul className="flex flex-wrap gap-1" aria-label="All allergies">
            {patient.allergies.map((allergy, index) => (
              <li key={`${index}-${allergy}`} className="badge badge-error badge-soft">
                {allergy}
              </li>
            ))}
          </ul>
        )}
      </Detail>
      <Detail term="Current Medications" wide>
        {patient.currentMedications.length === 0 ? (
          'None'
        ) : (
          <ul className="list-inside list-disc" aria-label="Current medications">
            {patient.currentMedications.map((medication, index) => (
              <li key={`${index}-${medication}`}>{medication}</li>
            ))}
          </ul>
        )}
      </Detail>
    </dl>
  );
}
