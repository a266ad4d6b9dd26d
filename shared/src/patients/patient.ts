/**
 * The patient record form (spec part 1 §3 Patient, plus the address and contact a pharmacy keeps), used by the
 * Patient Management dialogs. Insurance is not typed here: it is the patient's plans (insurance-plan.ts), kept on
 * the patient's record. Name, date of birth and phone identify the patient at the counter, so they are required; the date of birth must be a real day in the past, the phone the masked shape the
 * onboarding forms take (the shared phone rule). Allergies and current medications are lists of drug or
 * substance names the interaction check reads; an entry may not be blank.
 */
import * as z from 'zod';
import { PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '../common/phone.ts';
import { INVALID_DATE_MESSAGE, isCalendarDate, optionalStateCode, optionalText, requiredFormatted, requiredText, ZIP_CODE_PATTERN } from '../common/field-rules.ts';

/** The earliest date of birth the form takes; anything older is a typing mistake. */
export const EARLIEST_DATE_OF_BIRTH = '1900-01-01';

export const PATIENT_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthInvalid: INVALID_DATE_MESSAGE,
  dateOfBirthFuture: 'Date of birth must be in the past',
  dateOfBirthTooEarly: 'Date of birth must be on or after 01/01/1900',
  phoneRequired: 'Phone number is required',
  phoneFormat: PHONE_FORMAT_MESSAGE,
  email: 'Invalid email address',
  contactConsentNeedsEmail: 'Email notifications need an email address',
  state: 'Choose one of the 50 US states',
  zipCode: 'Invalid ZIP code',
  allergy: 'An allergy cannot be blank',
  medication: 'A medication cannot be blank',
} as const;

/** Today's date where the user is, written YYYY-MM-DD (a date input's format). */
export function localCalendarDate(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** True when `date` (a calendar date, YYYY-MM-DD) is before today. Same-format strings compare in date order. */
export function isPastCalendarDate(date: string, now: Date = new Date()): boolean {
  return date < localCalendarDate(now);
}

const dateOfBirth = z
  .string({ error: PATIENT_MESSAGES.dateOfBirthRequired })
  .trim()
  .min(1, { error: PATIENT_MESSAGES.dateOfBirthRequired, abort: true })
  .refine(isCalendarDate, { error: PATIENT_MESSAGES.dateOfBirthInvalid, abort: true })
  .refine((value) => isPastCalendarDate(value), { error: PATIENT_MESSAGES.dateOfBirthFuture, abort: true })
  .refine((value) => value >= EARLIEST_DATE_OF_BIRTH, PATIENT_MESSAGES.dateOfBirthTooEarly);

/** Empty, or a value matching `pattern`. */
function optionalFormatted(pattern: RegExp, message: string) {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || pattern.test(value), message)
    .optional();
}

/** A list of names, each non-blank (trimmed); missing means none. */
function nameList(entryMessage: string) {
  return z.array(requiredText(entryMessage)).default([]);
}

export const patientFormSchema = z
  .object({
    firstName: requiredText(PATIENT_MESSAGES.firstName),
    lastName: requiredText(PATIENT_MESSAGES.lastName),
    dateOfBirth,
    phone: requiredFormatted(PATIENT_MESSAGES.phoneRequired, PHONE_PATTERN, PATIENT_MESSAGES.phoneFormat),
    email: z
      .string()
      .trim()
      .refine((value) => value === '' || z.email().safeParse(value).success, PATIENT_MESSAGES.email)
      .optional(),
    streetAddress: optionalText(),
    city: optionalText(),
    state: optionalStateCode(PATIENT_MESSAGES.state),
    zipCode: optionalFormatted(ZIP_CODE_PATTERN, PATIENT_MESSAGES.zipCode),
    allergies: nameList(PATIENT_MESSAGES.allergy),
    currentMedications: nameList(PATIENT_MESSAGES.medication),
    /** Email notifications consent (e.g. "ready for pickup" emails, when the pharmacy sends them). */
    contactConsent: z.boolean().default(false),
  })
  // The database holds the same rule (patients_contact_consent_needs_email).
  .refine((patient) => !patient.contactConsent || (patient.email ?? '') !== '', {
    error: PATIENT_MESSAGES.contactConsentNeedsEmail,
    path: ['contactConsent'],
  });

/** What the form holds. */
export type PatientFormInput = z.input<typeof patientFormSchema>;
/** What the schema gives: text trimmed, the lists present. Blank optional fields stay ''. */
export type PatientFormValues = z.output<typeof patientFormSchema>;

/** A blank form, for Add Patient. */
export const EMPTY_PATIENT_FORM = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  phone: '',
  email: '',
  streetAddress: '',
  city: '',
  state: '',
  zipCode: '',
  allergies: [],
  currentMedications: [],
  contactConsent: false,
} satisfies PatientFormInput;
