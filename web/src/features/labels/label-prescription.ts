/**
 * A prescription as the labels screen shows and prints it, and how a database row with its embedded
 * patient and medication becomes one.
 */
import type { Tables } from '@pharmacy/shared/database/database.types.ts';

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
  refillsRemaining: number;
}

/** The columns LabelPrescription is read from (prescriptions with patient and medication embedded). */
export const LABEL_PRESCRIPTION_COLUMNS =
  'id, rx_number, status, quantity, days_supply, directions, prescriber_name, refills, refills_used, ' +
  'patient:patients(first_name, last_name), medication:medications(name, strength)';

/** The row those columns give: generated table types, with the embedded patient and medication. */
export type LabelPrescriptionRow = Pick<
  Tables<'prescriptions'>,
  'id' | 'rx_number' | 'status' | 'quantity' | 'days_supply' | 'directions' | 'prescriber_name' | 'refills' | 'refills_used'
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
    refillsRemaining: Math.max(0, row.refills - row.refills_used),
  };
}

export function patientFullName(prescription: LabelPrescription): string {
  return `${prescription.patientFirstName} ${prescription.patientLastName}`.trim();
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
