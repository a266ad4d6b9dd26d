/** How patient values read on screen: US dates, initials, the short id, the address on one line. */
import type { Patient } from '../api/patient-record.ts';

/** Characters of the id the table shows (spec §9). */
export const SHORT_ID_LENGTH = 8;

/** "1948-03-14" → "03/14/1948"; read from the text so no time zone can move the day. */
export function formatDateOfBirth(date: string | null): string {
  if (!date) return '—';
  const [year, month, day] = date.split('-');
  return `${month}/${day}/${year}`;
}

export function patientInitials(patient: Pick<Patient, 'firstName' | 'lastName'>): string {
  return `${patient.firstName.trim().charAt(0)}${patient.lastName.trim().charAt(0)}`.toUpperCase();
}

export function patientFullName(patient: Pick<Patient, 'firstName' | 'lastName'>): string {
  return `${patient.firstName} ${patient.lastName}`;
}

export function shortPatientId(id: string): string {
  return id.slice(0, SHORT_ID_LENGTH);
}

/** "1212 S Grand Ave W, Springfield, IL 62704", leaving out what is missing; null when nothing is known. */
export function formatAddress(patient: Pick<Patient, 'streetAddress' | 'city' | 'state' | 'zipCode'>): string | null {
  const stateAndZip = [patient.state, patient.zipCode].filter(Boolean).join(' ');
  const parts = [patient.streetAddress, patient.city, stateAndZip].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : null;
}
