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
  quantity: `Quantity must be greater than 0 and at most ${MIGRATION_LIMITS.prescribedQuantityMax.toLocaleString('en-US')}, with at most 2 decimals`,
  refillsRemaining: 'Refills remaining cannot exceed the original refills',
  status: `Status must be one of: ${STATUS_NAMES.join(', ')}`,
  rxNumber: `Rx number must be a whole number of 1 to ${MIGRATION_LIMITS.rxNumberDigits} digits`,
  allergies: 'Allergies must be a list of names',
  allergy: PATIENT_MESSAGES.allergy,
  tooManyAllergies: `At most ${MIGRATION_LIMITS.allergies} allergies`,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Field rules. Each field is one transform over the raw value (a file holds any JSON), which reads it and gives
// the normalised value or a message: one step a field keeps 600,000 rows within the validation goal. Text may
// come as a number and numbers as text (exports written by spreadsheets carry "12" as often as 12). Optional
// fields: missing, null and blank all mean none (null in the output).

/** A field's message instead of its value. */
class Invalid {
  constructor(readonly message: string) {}
}

function field<T>(read: (value: unknown) => T | Invalid) {
  return z.unknown().optional().transform((value, context): T => {
    const result = read(value);
    if (!(result instanceof Invalid)) return result;
    context.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });
}

/** Text or a number as trimmed text; undefined for anything else. null and undefined are ''. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (value === null || value === undefined) return '';
  return undefined;
}

function requiredString(label: string, max: number) {
  const required = new Invalid(MIGRATION_MESSAGES.required(label));
  const tooLong = new Invalid(MIGRATION_MESSAGES.tooLong(max));
  return field((value) => {
    const text = textOf(value);
    if (!text) return required;
    return text.length > max ? tooLong : text;
  });
}

/** Optional text, or null; `then` reads a non-blank value further. */
function optionalField<T = string>(max: number, then?: (text: string) => T | Invalid) {
  const notText = new Invalid(MIGRATION_MESSAGES.text);
  const tooLong = new Invalid(MIGRATION_MESSAGES.tooLong(max));
  return field((value): T | string | null | Invalid => {
    const text = textOf(value);
    if (text === undefined) return notText;
    if (text === '') return null;
    if (text.length > max) return tooLong;
    return then ? then(text) : text;
  });
}

function optionalString(max: number) {
  return optionalField<string>(max);
}

/** A source id: required text (or a number) of at most 64 characters. */
export const sourceId = (label: string) => requiredString(label, MIGRATION_LIMITS.sourceIdLength);

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]{1,15}(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A date as an export writes it, YYYY-MM-DD or MM/DD/YYYY (a timestamp's date part too), as YYYY-MM-DD; null when not a real day. */
export function isoDateOf(text: string): string | null {
  const value = text.trim();
  if (value.length > 40) return null;
  const us = US_DATE.exec(value);
  const iso = us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : ISO_DATE.test(value) ? value.slice(0, 10) : null;
  return iso !== null && isCalendarDate(iso) ? iso : null;
}

/** Today where the validation runs, read once a minute rather than once a row. */
let todayCache = { until: 0, date: '' };
function today(): string {
  const now = Date.now();
  if (now >= todayCache.until) todayCache = { until: now + 60_000, date: localCalendarDate(new Date(now)) };
  return todayCache.date;
}

/** A real day from 1900 to today (a date of birth, a date written). */
function pastDate(label: string) {
  const required = new Invalid(MIGRATION_MESSAGES.required(label));
  const invalid = new Invalid(MIGRATION_MESSAGES.date);
  const tooEarly = new Invalid(MIGRATION_MESSAGES.dateTooEarly);
  const future = new Invalid(MIGRATION_MESSAGES.dateFuture);
  return field((value) => {
    const text = textOf(value);
    if (!text) return required;
    const iso = isoDateOf(text);
    if (iso === null) return invalid;
    if (iso < EARLIEST_DATE_OF_BIRTH) return tooEarly;
    return iso > today() ? future : iso;
  });
}

/** Ten digits (a leading US country code 1 dropped), written "(555) 123-4567" as the database keeps phones. */
export function usPhoneOf(text: string): string | null {
  if (text.length > 40 || !/^[\d\s().+-]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 ? formatPhoneNumber(digits) : null;
}

const optionalPhone = () => optionalField(40, (text) => usPhoneOf(text) ?? new Invalid(MIGRATION_MESSAGES.phone));

const optionalState = () =>
  optionalField(40, (text): string | Invalid => {
    const code = text.toUpperCase();
    return isUsStateCode(code) ? code : new Invalid(MIGRATION_MESSAGES.state);
  });

/** "12345", "12345-6789" or "123456789" as the database's 12345 / 12345-6789; a ZIP read as a number has lost its leading zeros, so 4 digits are padded. */
export function zipCodeOf(text: string): string | null {
  const match = /^(\d{4,5})(?:-?(\d{4}))?$/.exec(text.trim());
  if (!match) return null;
  const five = match[1]!.padStart(5, '0');
  return match[2] ? `${five}-${match[2]}` : five;
}

const optionalZip = () => optionalField(20, (text) => zipCodeOf(text) ?? new Invalid(MIGRATION_MESSAGES.zipCode));

/** Dollars (12.5, "12.50", "$1,234.56") → integer cents, read digit by digit so no float rounding enters. */
export function centsOf(value: string | number): number | null {
  if (typeof value === 'number') {
    // A JSON number's shortest text is what the exporter wrote (12.5 → "12.5"); more than 2 decimals is refused.
    if (!Number.isFinite(value) || value < 0) return null;
    return centsFromDollars(String(value));
  }
  return centsFromDollars(value);
}

const optionalMoney = () => optionalField(20, (text) => centsOf(text) ?? new Invalid(MIGRATION_MESSAGES.money));

/** A number written as a number or as text ("30"); null when it is not one. */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return /^\d{1,12}(\.\d{1,6})?$/.test(text) ? Number(text) : null;
}

/** A whole number from min to max; missing or blank is `fallback`, or required when there is none. */
function wholeNumber(label: string, min: number, max: number, fallback?: number) {
  const required = new Invalid(MIGRATION_MESSAGES.required(label));
  const invalid = new Invalid(MIGRATION_MESSAGES.wholeNumber(min, max));
  return field((value) => {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return fallback ?? required;
    const number = numberOf(value);
    return number === null || !Number.isInteger(number) || number < min || number > max ? invalid : number;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The four records.

const allergiesField = () => {
  const notAList = new Invalid(MIGRATION_MESSAGES.allergies);
  const blank = new Invalid(MIGRATION_MESSAGES.allergy);
  const tooMany = new Invalid(MIGRATION_MESSAGES.tooManyAllergies);
  const tooLong = new Invalid(MIGRATION_MESSAGES.tooLong(MIGRATION_LIMITS.nameLength));
  return field((value): string[] | Invalid => {
    if (value === null || value === undefined) return [];
    if (!Array.isArray(value)) return notAList;
    if (value.length > MIGRATION_LIMITS.allergies) return tooMany;
    const names: string[] = [];
    for (const entry of value as unknown[]) {
      const name = textOf(entry);
      if (!name) return blank;
      if (name.length > MIGRATION_LIMITS.nameLength) return tooLong;
      names.push(name);
    }
    return names;
  });
};

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
  allergies: allergiesField(),
  insuranceProvider: optionalString(MIGRATION_LIMITS.nameLength),
  insurancePolicyNumber: optionalString(40),
});
export type MigrationPatientInput = z.input<typeof migrationPatientSchema>;
export type MigrationPatient = z.output<typeof migrationPatientSchema>;

/** "II", "CII", "C-II", "2" or "C2" → II; blank → null (not controlled); undefined when not a schedule. */
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
  ndc: field((value) => {
    const text = textOf(value);
    if (!text) return new Invalid(MIGRATION_MESSAGES.required('NDC'));
    if (text.length > 20) return new Invalid(MIGRATION_MESSAGES.tooLong(20));
    const parsed = parseNdc(text);
    return parsed.ok ? parsed.ndc.ndc11 : new Invalid(parsed.error);
  }),
  awpPrice: optionalMoney(),
  wholesaleCost: optionalMoney(),
  quantityOnHand: wholeNumber('quantityOnHand', 0, MIGRATION_LIMITS.quantityMax, 0),
  reorderLevel: wholeNumber('reorderLevel', 0, MIGRATION_LIMITS.quantityMax, 0),
  deaSchedule: field((value): DeaSchedule | null | Invalid => {
    const text = textOf(value);
    const schedule = text === undefined || text.length > 10 ? undefined : deaScheduleOf(text);
    return schedule === undefined ? new Invalid(MIGRATION_MESSAGES.deaSchedule) : schedule;
  }),
});
export type MigrationMedicationInput = z.input<typeof migrationMedicationSchema>;
/** awpPrice and wholesaleCost are integer cents (null when not given); ndc the 11 digits. */
export type MigrationMedication = z.output<typeof migrationMedicationSchema>;

export const migrationPrescriberSchema = z.object({
  prescriberId: sourceId('prescriberId'),
  npiNumber: field((value): string | Invalid => {
    const text = textOf(value);
    if (!text) return new Invalid(MIGRATION_MESSAGES.npiRequired);
    if (!NPI_PATTERN.test(text)) return new Invalid(MIGRATION_MESSAGES.npiFormat);
    return isValidNpi(text) ? text : new Invalid(MIGRATION_MESSAGES.npiCheckDigit);
  }),
  firstName: requiredString('First name', MIGRATION_LIMITS.nameLength),
  lastName: requiredString('Last name', MIGRATION_LIMITS.nameLength),
  phone: optionalPhone(),
  address: optionalString(MIGRATION_LIMITS.textLength),
  city: optionalString(MIGRATION_LIMITS.nameLength),
  state: optionalState(),
  zipCode: optionalZip(),
  licenseNumber: optionalString(40),
  licenseState: optionalState(),
  deaNumber: optionalField(20, (text): string | Invalid => {
    const number = text.toUpperCase();
    if (!DEA_NUMBER_PATTERN.test(number)) return new Invalid(MIGRATION_MESSAGES.deaFormat);
    return isValidDeaNumber(number) ? number : new Invalid(MIGRATION_MESSAGES.deaCheckDigit);
  }),
});
export type MigrationPrescriberInput = z.input<typeof migrationPrescriberSchema>;
export type MigrationPrescriber = z.output<typeof migrationPrescriberSchema>;

const statusInvalid = new Invalid(MIGRATION_MESSAGES.status);
const quantityInvalid = new Invalid(MIGRATION_MESSAGES.quantity);
const rxNumberInvalid = new Invalid(MIGRATION_MESSAGES.rxNumber);

export const migrationPrescriptionSchema = z
  .object({
    prescriptionId: sourceId('prescriptionId'),
    patientId: sourceId('patientId'),
    /** Optional: an order may have no prescriber on file (prescription_orders.prescriber_id is nullable). */
    prescriberId: optionalString(MIGRATION_LIMITS.sourceIdLength),
    drugId: sourceId('drugId'),
    datePrescribed: pastDate('Date prescribed'),
    quantity: field((value): number | Invalid => {
      if (value === null || value === undefined || value === '') return new Invalid(MIGRATION_MESSAGES.required('Quantity'));
      const number = numberOf(value);
      // Hundredths at most: a fill's quantity is numeric(10,2) (public.prescriptions), which a refill copies it into.
      if (number === null || number <= 0 || number > MIGRATION_LIMITS.prescribedQuantityMax) return quantityInvalid;
      return Number.isInteger(Math.round(number * 100 * 1e6) / 1e6) ? number : quantityInvalid;
    }),
    daysSupply: wholeNumber('Days supply', 1, MIGRATION_LIMITS.daysSupplyMax),
    directions: optionalString(MIGRATION_LIMITS.directionsLength),
    refillsRemaining: wholeNumber('refillsRemaining', 0, MIGRATION_LIMITS.refillsMax, 0),
    originalRefills: wholeNumber('originalRefills', 0, MIGRATION_LIMITS.refillsMax, 0),
    /** Missing means the spec's sample status, active. "On Hold" and "on-hold" are on_hold. */
    status: field((value): MigrationPrescriptionStatus | Invalid => {
      const text = textOf(value);
      if (text === undefined || text.length > 40) return statusInvalid;
      const status = text.toLowerCase().replace(/[\s-]+/g, '_') || 'active';
      return Object.hasOwn(MIGRATION_PRESCRIPTION_STATUSES, status) ? (status as MigrationPrescriptionStatus) : statusInvalid;
    }),
    /** The Rx number staff and patients know the prescription by: kept, so a refill request still finds it. */
    rpNumber: field((value): string | Invalid => {
      const text = textOf(value);
      if (!text) return new Invalid(MIGRATION_MESSAGES.required('Rx number (rpNumber)'));
      if (text.length > 40 || !/^\d+$/.test(text)) return rxNumberInvalid;
      const digits = text.replace(/^0+/, '');
      return digits === '' || digits.length > MIGRATION_LIMITS.rxNumberDigits ? rxNumberInvalid : digits;
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
