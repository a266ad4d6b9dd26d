/**
 * Migration import data (spec part 2 §3 "Migration import data (four arrays)", issue 27): one zod schema per
 * record of a PrimeRx-style export, each giving the row as the importer writes it — dates ISO, NDC 11 digits,
 * phone "(555) 123-4567", ZIP 12345 or 12345-6789, money integer cents, Rx number as the digits of the bigint.
 * Exports come from other systems, so the schemas take what such a file holds (numbers as text, MM/DD/YYYY dates,
 * NDCs in any labeler format, phones with any punctuation) and refuse what the database would (check digits,
 * states, bounds). Rules and messages are the forms' where a form has the same field.
 *
 * Two optional fields beyond the spec: `deaNumber` on a prescriber and `deaSchedule` on a medication. PrimeRx's
 * prescriber and drug exports carry both, and without them a controlled prescription imported cannot be checked
 * against the DEA refill limits (see validate-migration.ts) nor reported to the PMP.
 */
import * as z from 'zod';
import { DEA_CHECK_DIGIT_MESSAGE, DEA_NUMBER_FORMAT_MESSAGE, DEA_NUMBER_PATTERN, isCalendarDate, isValidDeaNumber, NPI_PATTERN } from '../common/field-rules.ts';
import { centsFromDollars } from '../common/money.ts';
import { formatPhoneNumber } from '../common/phone.ts';
import { isUsStateCode } from '../common/us-states.ts';
import { parseNdc } from '../drugs/ndc.ts';
import { EARLIEST_DATE_OF_BIRTH, localCalendarDate, PATIENT_MESSAGES } from '../patients/patient.ts';
import { isValidNpi } from '../prescribers/npi.ts';
import { PRESCRIBER_MESSAGES } from '../prescribers/prescriber.ts';
import { DEA_SCHEDULES, type DeaSchedule } from '../prescriptions/controlled-substance-status.ts';

/** The four arrays, in the order they are imported (a prescription needs the other three). */
export const MIGRATION_ARRAYS = ['prescribers', 'medications', 'patients', 'prescriptions'] as const;
export type MigrationArray = (typeof MIGRATION_ARRAYS)[number];

/** Each array's source id field: the row's id in the system it comes from. */
export const MIGRATION_SOURCE_ID_FIELDS = {
  patients: 'patientId',
  medications: 'drugId',
  prescribers: 'prescriberId',
  prescriptions: 'prescriptionId',
} as const satisfies Record<MigrationArray, string>;

/** Bounds that keep a hostile or broken file from costing more than a real one. */
export const MIGRATION_LIMITS = {
  sourceIdLength: 64,
  nameLength: 100,
  textLength: 200,
  directionsLength: 1000,
  allergies: 100,
  /** Units on hand or a reorder level: the inventory counts' bound. */
  quantityMax: 10_000_000,
  /** A prescription's quantity (units, mL, g): above this it is a typing mistake. */
  prescribedQuantityMax: 100_000,
  daysSupplyMax: 365,
  /** The database's refill bound (prescription_orders_refills_check). */
  refillsMax: 99,
  /** An Rx number is the database's bigint; 15 digits keep it exact in a JavaScript number too. */
  rxNumberDigits: 15,
} as const;

/**
 * Prescription statuses an export may carry, each with the order status it becomes (prescription_orders:
 * active, inactive, discontinued). Completed, expired and on-hold prescriptions are kept on file but not refillable.
 */
export const MIGRATION_PRESCRIPTION_STATUSES = {
  active: 'active',
  inactive: 'inactive',
  on_hold: 'inactive',
  completed: 'inactive',
  expired: 'inactive',
  discontinued: 'discontinued',
} as const;
export type MigrationPrescriptionStatus = keyof typeof MIGRATION_PRESCRIPTION_STATUSES;
const STATUS_NAMES = Object.keys(MIGRATION_PRESCRIPTION_STATUSES) as MigrationPrescriptionStatus[];

export const MIGRATION_MESSAGES = {
  required: (field: string) => `${field} is required`,
  tooLong: (max: number) => `At most ${max} characters`,
  text: 'Must be text',
  date: 'Enter a real date (YYYY-MM-DD or MM/DD/YYYY)',
  dateFuture: 'Date cannot be in the future',
  dateTooEarly: 'Date must be on or after 01/01/1900',
  phone: 'Phone must be a US number of 10 digits',
  state: 'State must be one of the 50 US state codes',
  zipCode: 'ZIP code must be 5 or 9 digits (12345 or 12345-6789)',
  npiRequired: PRESCRIBER_MESSAGES.npiRequired,
  npiFormat: PRESCRIBER_MESSAGES.npiFormat,
  npiCheckDigit: PRESCRIBER_MESSAGES.npiCheckDigit,
  deaFormat: DEA_NUMBER_FORMAT_MESSAGE,
  deaCheckDigit: DEA_CHECK_DIGIT_MESSAGE,
  deaSchedule: 'DEA schedule must be II, III, IV or V (or blank when not controlled)',
  money: 'Enter an amount in dollars with at most 2 decimals (e.g. 12.50), at most 9,999,999.99',
  wholeNumber: (min: number, max: number) => `Must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`,
  quantity: `Quantity must be greater than 0 and at most ${MIGRATION_LIMITS.prescribedQuantityMax.toLocaleString('en-US')}, with at most 3 decimals`,
  refillsRemaining: 'Refills remaining cannot exceed the original refills',
  status: `Status must be one of: ${STATUS_NAMES.join(', ')}`,
  rxNumber: `Rx number must be a whole number of 1 to ${MIGRATION_LIMITS.rxNumberDigits} digits`,
  allergies: 'Allergies must be a list of names',
  allergy: PATIENT_MESSAGES.allergy,
  tooManyAllergies: `At most ${MIGRATION_LIMITS.allergies} allergies`,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Field rules. Optional fields: missing, null and blank all mean none (null in the output).

/** Numbers as text too: exports written by spreadsheets carry "12" as often as 12. */
const textOrNumber = z.union([z.string(), z.number()]).transform((value) => (typeof value === 'number' ? String(value) : value.trim()));

function requiredString(label: string, max: number) {
  return z
    .union([z.string(), z.number()], { error: MIGRATION_MESSAGES.required(label) })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .pipe(z.string().min(1, { error: MIGRATION_MESSAGES.required(label), abort: true }).max(max, MIGRATION_MESSAGES.tooLong(max)));
}

function optionalString(max: number) {
  return z
    .union([z.string(), z.number()], { error: MIGRATION_MESSAGES.text })
    .nullish()
    .transform((value) => (value === null || value === undefined ? '' : typeof value === 'number' ? String(value) : value.trim()))
    .pipe(z.string().max(max, MIGRATION_MESSAGES.tooLong(max)))
    .transform((value) => (value === '' ? null : value));
}

/** A source id: required text (or a number) of at most 64 characters. */
export const sourceId = (label: string) => requiredString(label, MIGRATION_LIMITS.sourceIdLength);

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A date as an export writes it, YYYY-MM-DD or MM/DD/YYYY (a timestamp's date part too), as YYYY-MM-DD; null when not a real day. */
export function isoDateOf(text: string): string | null {
  const value = text.trim();
  const us = US_DATE.exec(value);
  const iso = us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(value) ? value.slice(0, 10) : null;
  return iso !== null && isCalendarDate(iso) ? iso : null;
}

/** A real day from 1900 to today (a date of birth, a date written). */
function pastDate(label: string) {
  return requiredString(label, 40)
    .transform((value, context) => {
      const iso = isoDateOf(value);
      if (iso === null) {
        context.addIssue({ code: 'custom', message: MIGRATION_MESSAGES.date });
        return z.NEVER;
      }
      return iso;
    })
    .refine((iso) => iso >= EARLIEST_DATE_OF_BIRTH, { error: MIGRATION_MESSAGES.dateTooEarly, abort: true })
    .refine((iso) => iso <= localCalendarDate(new Date()), MIGRATION_MESSAGES.dateFuture);
}

/** Ten digits (a leading US country code 1 dropped), written "(555) 123-4567" as the database keeps phones. */
export function usPhoneOf(text: string): string | null {
  if (text.length > 40 || !/^[\d\s().+\-]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 ? formatPhoneNumber(digits) : null;
}

const optionalPhone = () =>
  optionalString(40).transform((value, context) => {
    if (value === null) return null;
    const phone = usPhoneOf(value);
    if (phone === null) context.addIssue({ code: 'custom', message: MIGRATION_MESSAGES.phone });
    return phone;
  });

const optionalState = () =>
  optionalString(40)
    .transform((value) => (value === null ? null : value.toUpperCase()))
    .refine((value) => value === null || isUsStateCode(value), MIGRATION_MESSAGES.state);

/** "12345", "12345-6789" or "123456789" as the database's 12345 / 12345-6789; a ZIP read as a number has lost its leading zeros, so 4 digits are padded. */
export function zipCodeOf(text: string): string | null {
  const match = /^(\d{4,5})(?:-?(\d{4}))?$/.exec(text.trim());
  if (!match) return null;
  const five = match[1]!.padStart(5, '0');
  return match[2] ? `${five}-${match[2]}` : five;
}

const optionalZip = () =>
  optionalString(20).transform((value, context) => {
    if (value === null) return null;
    const zip = zipCodeOf(value);
    if (zip === null) context.addIssue({ code: 'custom', message: MIGRATION_MESSAGES.zipCode });
    return zip;
  });

/** Dollars (12.5, "12.50", "$1,234.56") → integer cents, read digit by digit so no float rounding enters. */
export function centsOf(value: string | number): number | null {
  if (typeof value === 'number') {
    // A JSON number's shortest text is what the exporter wrote (12.5 → "12.5"); anything with more than 2 decimals is refused.
    if (!Number.isFinite(value) || value < 0) return null;
    return centsFromDollars(String(value));
  }
  return centsFromDollars(value);
}

const optionalMoney = () =>
  z
    .union([z.string(), z.number()], { error: MIGRATION_MESSAGES.money })
    .nullish()
    .transform((value, context) => {
      if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
      const cents = centsOf(value);
      if (cents === null) {
        context.addIssue({ code: 'custom', message: MIGRATION_MESSAGES.money });
        return z.NEVER;
      }
      return cents;
    });

/** A number written as a number or as text ("30"); null when it is not one. */
function numberOf(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  return /^\d{1,12}(\.\d{1,6})?$/.test(text) ? Number(text) : null;
}

function wholeNumber(label: string, min: number, max: number, fallback?: number) {
  const message = MIGRATION_MESSAGES.wholeNumber(min, max);
  const base = z.union([z.string(), z.number()], { error: fallback === undefined ? MIGRATION_MESSAGES.required(label) : message });
  return (fallback === undefined ? base : base.nullish()).transform((value, context) => {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
      if (fallback !== undefined) return fallback;
      context.addIssue({ code: 'custom', message: MIGRATION_MESSAGES.required(label) });
      return z.NEVER;
    }
    const number = numberOf(value);
    if (number === null || !Number.isInteger(number) || number < min || number > max) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return number;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The four records.

export const migrationPatientSchema = z.object({
  patientId: sourceId('patientId'),
  firstName: requiredString('First name', MIGRATION_LIMITS.nameLength),
  lastName: requiredString('Last name', MIGRATION_LIMITS.nameLength),
  dateOfBirth: pastDate('Date of birth'),
  phone: optionalPhone(),
  address: optionalString(MIGRATION_LIMITS.textLength),
  city: optionalString(MIGRATION_LIMITS.nameLength),
  state: optionalState(),
  zipCode: optionalZip(),
  allergies: z
    .array(
      z.union([z.string(), z.number()], { error: MIGRATION_MESSAGES.allergy }).transform((value) => String(value).trim())
        .pipe(z.string().min(1, MIGRATION_MESSAGES.allergy).max(MIGRATION_LIMITS.nameLength, MIGRATION_MESSAGES.tooLong(MIGRATION_LIMITS.nameLength))),
      { error: MIGRATION_MESSAGES.allergies },
    )
    .max(MIGRATION_LIMITS.allergies, MIGRATION_MESSAGES.tooManyAllergies)
    .nullish()
    .transform((list) => list ?? []),
  insuranceProvider: optionalString(MIGRATION_LIMITS.nameLength),
  insurancePolicyNumber: optionalString(40),
});
export type MigrationPatientInput = z.input<typeof migrationPatientSchema>;
export type MigrationPatient = z.output<typeof migrationPatientSchema>;

/** "II", "CII", "C-II", "2" or "C2" → II; blank → null (not controlled). */
export function deaScheduleOf(text: string): DeaSchedule | null | undefined {
  const value = text.trim().toUpperCase().replace(/^C-?/, '');
  if (value === '') return null;
  const arabic: Record<string, DeaSchedule> = { '2': 'II', '3': 'III', '4': 'IV', '5': 'V' };
  const schedule = arabic[value] ?? value;
  return (DEA_SCHEDULES as readonly string[]).includes(schedule) ? (schedule as DeaSchedule) : undefined;
}

export const migrationMedicationSchema = z.object({
  drugId: sourceId('drugId'),
  name: requiredString('Name', MIGRATION_LIMITS.textLength),
  genericName: optionalString(MIGRATION_LIMITS.textLength),
  strength: optionalString(MIGRATION_LIMITS.nameLength),
  dosageForm: optionalString(MIGRATION_LIMITS.nameLength),
  manufacturer: optionalString(MIGRATION_LIMITS.textLength),
  /** Any NDC format (4-4-2, 5-3-2, 5-4-1, 11 digits) → the 11 digits the catalog is keyed by. */
  ndc: requiredString('NDC', 20).transform((value, context) => {
    const parsed = parseNdc(value);
    if (parsed.ok) return parsed.ndc.ndc11;
    context.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }),
  awpPrice: optionalMoney(),
  wholesaleCost: optionalMoney(),
  quantityOnHand: wholeNumber('quantityOnHand', 0, MIGRATION_LIMITS.quantityMax, 0),
  reorderLevel: wholeNumber('reorderLevel', 0, MIGRATION_LIMITS.quantityMax, 0),
  deaSchedule: textOrNumber
    .nullish()
    .transform((value, context) => {
      const schedule = deaScheduleOf(value ?? '');
      if (schedule === undefined) {
        context.addIssue({ code: 'custom', message: MIGRATION_MESSAGES.deaSchedule });
        return z.NEVER;
      }
      return schedule;
    }),
});
export type MigrationMedicationInput = z.input<typeof migrationMedicationSchema>;
/** awpPrice and wholesaleCost are integer cents (null when not given); ndc the 11 digits. */
export type MigrationMedication = z.output<typeof migrationMedicationSchema>;

export const migrationPrescriberSchema = z.object({
  prescriberId: sourceId('prescriberId'),
  npiNumber: z
    .union([z.string(), z.number()], { error: MIGRATION_MESSAGES.npiRequired })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .min(1, { error: MIGRATION_MESSAGES.npiRequired, abort: true })
        .regex(NPI_PATTERN, { error: MIGRATION_MESSAGES.npiFormat, abort: true })
        .refine(isValidNpi, MIGRATION_MESSAGES.npiCheckDigit),
    ),
  firstName: requiredString('First name', MIGRATION_LIMITS.nameLength),
  lastName: requiredString('Last name', MIGRATION_LIMITS.nameLength),
  phone: optionalPhone(),
  address: optionalString(MIGRATION_LIMITS.textLength),
  city: optionalString(MIGRATION_LIMITS.nameLength),
  state: optionalState(),
  zipCode: optionalZip(),
  licenseNumber: optionalString(40),
  licenseState: optionalState(),
  deaNumber: optionalString(20)
    .transform((value) => (value === null ? null : value.toUpperCase()))
    .refine((value) => value === null || DEA_NUMBER_PATTERN.test(value), { error: MIGRATION_MESSAGES.deaFormat, abort: true })
    .refine((value) => value === null || isValidDeaNumber(value), MIGRATION_MESSAGES.deaCheckDigit),
});
export type MigrationPrescriberInput = z.input<typeof migrationPrescriberSchema>;
export type MigrationPrescriber = z.output<typeof migrationPrescriberSchema>;

export const migrationPrescriptionSchema = z
  .object({
    prescriptionId: sourceId('prescriptionId'),
    patientId: sourceId('patientId'),
    /** Optional: an order may have no prescriber on file (prescription_orders.prescriber_id is nullable). */
    prescriberId: optionalString(MIGRATION_LIMITS.sourceIdLength),
    drugId: sourceId('drugId'),
    datePrescribed: pastDate('Date prescribed'),
    quantity: z.union([z.string(), z.number()], { error: MIGRATION_MESSAGES.required('Quantity') }).transform((value, context) => {
      const number = numberOf(value);
      // Thousandths at most: the quantity is stored as numeric, and 3 decimals cover mL and g.
      if (number === null || number <= 0 || number > MIGRATION_LIMITS.prescribedQuantityMax || Math.round(number * 1000) !== number * 1000) {
        context.addIssue({ code: 'custom', message: MIGRATION_MESSAGES.quantity });
        return z.NEVER;
      }
      return number;
    }),
    daysSupply: wholeNumber('Days supply', 1, MIGRATION_LIMITS.daysSupplyMax),
    directions: optionalString(MIGRATION_LIMITS.directionsLength),
    refillsRemaining: wholeNumber('refillsRemaining', 0, MIGRATION_LIMITS.refillsMax, 0),
    originalRefills: wholeNumber('originalRefills', 0, MIGRATION_LIMITS.refillsMax, 0),
    status: textOrNumber
      .nullish()
      .transform((value) => (value ?? '').toLowerCase().replace(/[\s-]+/g, '_') || 'active')
      .refine((value): value is MigrationPrescriptionStatus => Object.hasOwn(MIGRATION_PRESCRIPTION_STATUSES, value), MIGRATION_MESSAGES.status),
    /** The Rx number staff and patients know the prescription by: kept, so a refill request still finds it. */
    rpNumber: requiredString('Rx number (rpNumber)', 40).transform((value, context) => {
      const digits = value.replace(/^0+(?=\d)/, '');
      if (!/^\d+$/.test(digits) || digits === '0' || digits.length > MIGRATION_LIMITS.rxNumberDigits) {
        context.addIssue({ code: 'custom', message: MIGRATION_MESSAGES.rxNumber });
        return z.NEVER;
      }
      return digits;
    }),
  })
  .refine((row) => row.refillsRemaining <= row.originalRefills, { error: MIGRATION_MESSAGES.refillsRemaining, path: ['refillsRemaining'] });
export type MigrationPrescriptionInput = z.input<typeof migrationPrescriptionSchema>;
/** status is one of MIGRATION_PRESCRIPTION_STATUSES (its order status: that map); rpNumber the Rx number's digits. */
export type MigrationPrescription = z.output<typeof migrationPrescriptionSchema>;

export const MIGRATION_RECORD_SCHEMAS = {
  patients: migrationPatientSchema,
  medications: migrationMedicationSchema,
  prescribers: migrationPrescriberSchema,
  prescriptions: migrationPrescriptionSchema,
} as const;

/** The import data as a file holds it: any of the four arrays (a missing one is none). */
export interface MigrationDataInput {
  patients?: MigrationPatientInput[];
  medications?: MigrationMedicationInput[];
  prescribers?: MigrationPrescriberInput[];
  prescriptions?: MigrationPrescriptionInput[];
}

/** The normalised rows, ready for import. */
export interface MigrationData {
  patients: MigrationPatient[];
  medications: MigrationMedication[];
  prescribers: MigrationPrescriber[];
  prescriptions: MigrationPrescription[];
}
