/**
 * The patient as the screens use it (spec part 1 §3 Patient, camelCase) and the mapping between it, the
 * `patients` table's snake_case columns and the shared form. Blank optional form fields are stored as null,
 * so clearing a field in Edit clears it in the database. The insurance columns are read, never written: they
 * are the database's mirror of the patient's active primary plan (or the free text recorded before plans).
 */
import type { PatientFormInput, PatientFormValues } from '@pharmacy/shared/patients/patient.ts';
import type { Database } from '@pharmacy/shared/database/database.types.ts';

type PatientRow = Database['public']['Tables']['patients']['Row'];
type PatientWrite = Database['public']['Tables']['patients']['Insert'];

/** The columns the screens read; the list, View and Edit all use them. */
export const PATIENT_COLUMNS =
  'id, first_name, last_name, date_of_birth, phone, email, street_address, city, state, zip_code, insurance_provider, insurance_member_id, insurance_group_number, allergies, current_medications, contact_consent';

export type PatientColumns = Pick<
  PatientRow,
  | 'id'
  | 'first_name'
  | 'last_name'
  | 'date_of_birth'
  | 'phone'
  | 'email'
  | 'street_address'
  | 'city'
  | 'state'
  | 'zip_code'
  | 'insurance_provider'
  | 'insurance_member_id'
  | 'insurance_group_number'
  | 'allergies'
  | 'current_medications'
  | 'contact_consent'
>;

export interface Patient {
  id: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  phone: string | null;
  email: string | null;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  /** The active primary plan's payer name (the Patients table's badge), or legacy text from before plans. */
  insuranceProvider: string | null;
  insuranceMemberId: string | null;
  insuranceGroupNumber: string | null;
  allergies: string[];
  currentMedications: string[];
  /** Email notifications consent. */
  contactConsent: boolean;
}

export function patientFromRow(row: PatientColumns): Patient {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    dateOfBirth: row.date_of_birth,
    phone: row.phone,
    email: row.email,
    streetAddress: row.street_address,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    insuranceProvider: row.insurance_provider,
    insuranceMemberId: row.insurance_member_id,
    insuranceGroupNumber: row.insurance_group_number,
    allergies: row.allergies,
    currentMedications: row.current_medications,
    contactConsent: row.contact_consent,
  };
}

function blankToNull(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

/** The columns a create or update writes; pharmacy_id is never sent (the database sets the caller's), nor insurance. */
export function patientWriteFromForm(values: PatientFormValues): PatientWrite {
  return {
    first_name: values.firstName,
    last_name: values.lastName,
    date_of_birth: values.dateOfBirth,
    phone: values.phone,
    email: blankToNull(values.email),
    street_address: blankToNull(values.streetAddress),
    city: blankToNull(values.city),
    state: blankToNull(values.state),
    zip_code: blankToNull(values.zipCode),
    allergies: values.allergies,
    current_medications: values.currentMedications,
    contact_consent: values.contactConsent,
  };
}

/** The Edit form's starting values: the stored record, nulls as blanks. */
export function patientFormFromPatient(patient: Patient): PatientFormInput {
  return {
    firstName: patient.firstName,
    lastName: patient.lastName,
    dateOfBirth: patient.dateOfBirth ?? '',
    phone: patient.phone ?? '',
    email: patient.email ?? '',
    streetAddress: patient.streetAddress ?? '',
    city: patient.city ?? '',
    state: patient.state ?? '',
    zipCode: patient.zipCode ?? '',
    allergies: [...patient.allergies],
    currentMedications: [...patient.currentMedications],
    contactConsent: patient.contactConsent,
  };
}
