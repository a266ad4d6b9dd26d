/**
 * The prescription form (spec part 1 §3 Prescription, §7 POST /api/prescriptions), used by the web dialog
 * and by the API. The spec defines no required fields or messages for this form (§5); these are the
 * minimum a prescription needs to be filled and labelled: a patient, a medication, directions and a
 * quantity. quantity, refills and daysSupply are free text in the form (numbers are accepted too) and come
 * out as whole numbers within the database's limits (quantity and days supply above 0, refills 0–99).
 * The fax fields (originalDate, faxNumber, verificationNotes) and verbal fields (callerInfo,
 * callbackNumber) are optional. Status, Rx number and who entered it are the database's to set.
 */
import * as z from 'zod';
import { INVALID_DATE_MESSAGE, isCalendarDate, isValidDeaNumber, UUID_PATTERN } from '../common/field-rules.ts';
import { DEA_SCHEDULES, type DeaSchedule } from './controlled-substance-status.ts';

export const PRESCRIPTION_TYPES = ['written', 'fax', 'verbal', 'electronic'] as const;
export type PrescriptionType = (typeof PRESCRIPTION_TYPES)[number];
export const URGENCY_LEVELS = ['routine', 'urgent', 'emergency'] as const;
export type UrgencyLevel = (typeof URGENCY_LEVELS)[number];
export const PRESCRIPTION_SOURCES = ['e-prescription', 'manual_entry'] as const;
export type PrescriptionSource = (typeof PRESCRIPTION_SOURCES)[number];

export const MAX_REFILLS = 99;

export const PRESCRIPTION_MESSAGES = {
  patient: 'Select a patient',
  medication: 'Select a medication',
  prescriber: 'Select a prescriber from the list',
  directions: 'Directions are required',
  quantityRequired: 'Quantity is required',
  quantity: 'Quantity must be a whole number greater than 0',
  refills: `Refills must be a whole number from 0 to ${MAX_REFILLS}`,
  daysSupply: 'Days supply must be a whole number greater than 0',
  prescriptionType: 'Choose the prescription type: written, fax, verbal or electronic',
  urgencyLevel: 'Urgency must be routine, urgent or emergency',
  source: 'Source must be e-prescription or manual_entry',
} as const;


/** Text as typed, or a number; surrounding spaces dropped; a missing value is ''. */
function typedText(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'string') return value.trim();
  return null;
}

/** The whole number `text` spells ("30", " 7 "), or null: no signs, decimals or exponents. */
export function parseWholeNumber(text: string): number | null {
  if (!/^\d{1,9}$/.test(text)) return null;
  return Number(text);
}

/**
 * A whole number typed as free text. An empty value gives `emptyValue` when there is one, else
 * `requiredMessage`; anything that is not a whole number within [min, max] gets `message`.
 */
function wholeNumberField<Empty extends number | null>(options: { min: number; max?: number; message: string; requiredMessage?: string; emptyValue?: Empty }) {
  return z.unknown().optional().transform((value, ctx): number | Empty => {
    const text = typedText(value);
    if (text === '') {
      if (options.emptyValue !== undefined) return options.emptyValue;
      ctx.addIssue({ code: 'custom', message: options.requiredMessage ?? options.message });
      return z.NEVER;
    }
    const parsed = text === null ? null : parseWholeNumber(text);
    if (parsed === null || parsed < options.min || (options.max !== undefined && parsed > options.max)) {
      ctx.addIssue({ code: 'custom', message: options.message });
      return z.NEVER;
    }
    return parsed;
  });
}

/** A uuid chosen from a list; missing, blank or malformed all get `message`. */
function selectedId(message: string) {
  return z.string({ error: message }).trim().regex(UUID_PATTERN, message);
}

/** Optional text: blank or missing becomes undefined. */
function optionalText() {
  return z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value));
}

/** An optional choice: blank or missing becomes undefined. */
function optionalChoice<const Values extends readonly [string, ...string[]]>(values: Values, message: string) {
  return z
    .union([z.literal(''), z.enum(values, { error: message })], { error: message })
    .optional()
    .transform((value) => (value === '' ? undefined : value));
}

export const prescriptionFormSchema = z.object({
  prescriptionType: z.enum(PRESCRIPTION_TYPES, { error: PRESCRIPTION_MESSAGES.prescriptionType }),
  source: optionalChoice(PRESCRIPTION_SOURCES, PRESCRIPTION_MESSAGES.source),
  patientId: selectedId(PRESCRIPTION_MESSAGES.patient),
  medicationId: selectedId(PRESCRIPTION_MESSAGES.medication),
  prescriberId: z
    .string({ error: PRESCRIPTION_MESSAGES.prescriber })
    .trim()
    .refine((value) => value === '' || UUID_PATTERN.test(value), PRESCRIPTION_MESSAGES.prescriber)
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  prescriberName: optionalText(),
  directions: z.string({ error: PRESCRIPTION_MESSAGES.directions }).trim().min(1, PRESCRIPTION_MESSAGES.directions),
  quantity: wholeNumberField({ min: 1, message: PRESCRIPTION_MESSAGES.quantity, requiredMessage: PRESCRIPTION_MESSAGES.quantityRequired }),
  refills: wholeNumberField({ min: 0, max: MAX_REFILLS, message: PRESCRIPTION_MESSAGES.refills, emptyValue: 0 }),
  daysSupply: wholeNumberField({ min: 1, message: PRESCRIPTION_MESSAGES.daysSupply, emptyValue: null }),
  urgencyLevel: optionalChoice(URGENCY_LEVELS, PRESCRIPTION_MESSAGES.urgencyLevel),
  // Fax prescriptions
  originalDate: z
    .string()
    .trim()
    .refine((value) => value === '' || isCalendarDate(value), INVALID_DATE_MESSAGE)
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  faxNumber: optionalText(),
  verificationNotes: optionalText(),
  // Verbal prescriptions
  callerInfo: optionalText(),
  callbackNumber: optionalText(),
  /**
   * A pharmacist's or admin's reason to enter a prescription from a prescriber on the OIG exclusion list (the
   * database refuses it otherwise, and refuses the reason from anyone else).
   */
  exclusionOverrideReason: optionalText(),
});

/** What the form holds (free text where the user types). */
export type PrescriptionFormInput = z.input<typeof prescriptionFormSchema>;
/** What the schema gives: whole numbers, blanks dropped. */
export type PrescriptionFormValues = z.output<typeof prescriptionFormSchema>;

/** The source a prescription type implies when the form does not say: electronic ones are e-prescriptions. */
export function sourceForType(type: PrescriptionType): PrescriptionSource {
  return type === 'electronic' ? 'e-prescription' : 'manual_entry';
}

/** DEA schedules of controlled substances (medications.dea_schedule); defined beside the controlled substance status. */
export { DEA_SCHEDULES, type DeaSchedule };

/** Schedules III–V: at most this many refills (21 CFR 1306.22). */
export const CONTROLLED_MAX_REFILLS = 5;
/** Schedules III–V: no fill or refill later than this many months after the date written (21 CFR 1306.22). */
export const CONTROLLED_VALID_MONTHS = 6;

/** The DEA rules' messages; the database refuses with the same words (20261122000900_clinical_safety.sql). */
export const CONTROLLED_SUBSTANCE_MESSAGES = {
  scheduleIIRefills: 'Schedule II controlled substances cannot be refilled (21 CFR 1306.12): refills must be 0',
  tooManyRefills: (schedule: DeaSchedule) =>
    `Schedule ${schedule} controlled substances allow at most ${CONTROLLED_MAX_REFILLS} refills (21 CFR 1306.22)`,
  prescriberDeaNumber: (schedule: DeaSchedule) => `A controlled substance (schedule ${schedule}) needs a prescriber with a valid DEA number`,
  expired: (schedule: DeaSchedule, dateWritten: string) =>
    `A schedule ${schedule} prescription cannot be filled more than ${CONTROLLED_VALID_MONTHS} months after the date written (${dateWritten}) (21 CFR 1306.22)`,
  writtenInFuture: 'The date written of a controlled substance prescription cannot be in the future',
} as const;

/** `date` (YYYY-MM-DD) plus `months`, the day clamped to the month's last day (as Postgres adds intervals). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

export interface ControlledPrescription {
  /** The medication's schedule; null for a drug that is not controlled (no rule applies). */
  deaSchedule: DeaSchedule | null;
  refills: number;
  /** The chosen prescriber's DEA number (none when no prescriber is chosen). */
  prescriberDeaNumber: string | null | undefined;
  /** The date written (the original date, else the day of entry), YYYY-MM-DD. */
  dateWritten: string;
  /** The day of the fill, YYYY-MM-DD. */
  today: string;
}

/** The form field a DEA rule's message belongs to. */
export type ControlledIssueField = 'refills' | 'prescriberId' | 'originalDate';

/**
 * The DEA rules (21 CFR 1306) a prescription breaks, each with the form field it concerns: schedule II no
 * refills; III–V at most 5 refills and no fill past 6 months from the date written, which is never in the
 * future; a prescriber with a valid DEA number.
 */
export function controlledSubstanceFieldIssues(prescription: ControlledPrescription): { field: ControlledIssueField; message: string }[] {
  const { deaSchedule: schedule } = prescription;
  if (schedule === null) return [];
  const issues: { field: ControlledIssueField; message: string }[] = [];
  if (schedule === 'II' && prescription.refills > 0) issues.push({ field: 'refills', message: CONTROLLED_SUBSTANCE_MESSAGES.scheduleIIRefills });
  if (prescription.refills > CONTROLLED_MAX_REFILLS) issues.push({ field: 'refills', message: CONTROLLED_SUBSTANCE_MESSAGES.tooManyRefills(schedule) });
  if (!isValidDeaNumber(prescription.prescriberDeaNumber)) {
    issues.push({ field: 'prescriberId', message: CONTROLLED_SUBSTANCE_MESSAGES.prescriberDeaNumber(schedule) });
  }
  if (prescription.dateWritten > prescription.today) {
    issues.push({ field: 'originalDate', message: CONTROLLED_SUBSTANCE_MESSAGES.writtenInFuture });
  }
  if (schedule !== 'II' && prescription.today > addMonths(prescription.dateWritten, CONTROLLED_VALID_MONTHS)) {
    issues.push({ field: 'originalDate', message: CONTROLLED_SUBSTANCE_MESSAGES.expired(schedule, prescription.dateWritten) });
  }
  return issues;
}

/** The messages of controlledSubstanceFieldIssues (what the api function answers 400 with). */
export function controlledSubstanceIssues(prescription: ControlledPrescription): string[] {
  return controlledSubstanceFieldIssues(prescription).map((issue) => issue.message);
}
