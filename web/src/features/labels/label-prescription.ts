/**
 * A prescription as the labels screen shows and prints it, and how a database row with its embedded
 * patient and medication becomes one. Each row is one fill (issue 21): several may share an Rx number, told apart
 * by their fill number ("Refill N of M").
 */
import type { Tables } from '@pharmacy/shared/database/database.types.ts';
import { fillLabel, refillsRemainingAfter } from '@pharmacy/shared/prescriptions/refills.ts';

export interface LabelPrescription {
  id: string;
  rxNumber: number;
  status: string;
  patientFirstName: string;
  patientLastName: string;
  medicationName: string;
  medicationStrength: string | null;
  quantity: number | null;
  daysSupply: number | null;
  directions: string | null;
  prescriberName: string | null;
  /** Which fill this is: 0 the original, N refill N. */
  fillNumber: number;
  /** Refills the prescriber authorised. */
  refills: number;
  /** Refills left after this fill. */
  refillsRemaining: number;
}

/** The columns LabelPrescription is read from (prescriptions with patient and medication embedded). */
export const LABEL_PRESCRIPTION_COLUMNS =
  'id, rx_number, status, quantity, days_supply, directions, prescriber_name, refills, fill_number, ' +
  'patient:patients(first_name, last_name), medication:medications(name, strength)';

/** The row those columns give: generated table types, with the embedded patient and medication. */
export type LabelPrescriptionRow = Pick<
  Tables<'prescriptions'>,
  'id' | 'rx_number' | 'status' | 'quantity' | 'days_supply' | 'directions' | 'prescriber_name' | 'refills' | 'fill_number'
> & {
  patient: Pick<Tables<'patients'>, 'first_name' | 'last_name'> | null;
  medication: Pick<Tables<'medications'>, 'name' | 'strength'> | null;
};

export function toLabelPrescription(row: LabelPrescriptionRow): LabelPrescription {
  return {
    id: row.id,
    rxNumber: row.rx_number,
    status: row.status,
    patientFirstName: row.patient?.first_name ?? '',
    patientLastName: row.patient?.last_name ?? '',
    medicationName: row.medication?.name ?? '',
    medicationStrength: row.medication?.strength ?? null,
    quantity: row.quantity,
    daysSupply: row.days_supply,
    directions: row.directions,
    prescriberName: row.prescriber_name,
    fillNumber: row.fill_number,
    refills: row.refills,
    refillsRemaining: refillsRemainingAfter(row.fill_number, row.refills),
  };
}

export function patientFullName(prescription: LabelPrescription): string {
  return `${prescription.patientFirstName} ${prescription.patientLastName}`.trim();
}

/** "Refill N of M" for a refill; null for the original (its label names no fill). */
export function refillText(prescription: LabelPrescription): string | null {
  return prescription.fillNumber === 0 ? null : fillLabel(prescription.fillNumber, prescription.refills);
}

export function medicationLabel(prescription: LabelPrescription): string {
  return [prescription.medicationName, prescription.medicationStrength].filter(Boolean).join(' ');
}

/** Search (spec §2): the patient's first or last name, case-insensitive, or the Rx number. */
export function matchesLabelSearch(prescription: LabelPrescription, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return (
    prescription.patientFirstName.toLowerCase().includes(needle) ||
    prescription.patientLastName.toLowerCase().includes(needle) ||
    String(prescription.rxNumber).includes(needle.replace(/^rx\s*/, ''))
  );
}
