/**
 * A patient's third-party prescription plan, as an NCPDP D.0 claim is sent with it: the payer's name, BIN (101-A1),
 * PCN (104-A4), group (301-C1), cardholder id (302-C2), person code (303-C3), patient relationship (306-C6), the
 * order the plans pay in (primary, secondary, tertiary), the payer type (the formulary's insurance types), dates
 * and whether it is active. Kept in public.patient_insurance_plans
 * (supabase/migrations/20261129004000_patient_insurance_plans.sql), whose constraints say the same with the same
 * messages; the web form validates with this schema first, the functions will too. A plan is never removed, only
 * deactivated (claims refer to it).
 */
import * as z from 'zod';
import { INVALID_DATE_MESSAGE, isCalendarDate } from '../common/field-rules.ts';
import { INSURANCE_TYPES, type InsuranceType } from '../drugs/formulary.ts';

/** The order plans pay in, first to last (coordination of benefits). */
export const INSURANCE_PLAN_PRIORITIES = ['primary', 'secondary', 'tertiary'] as const;
export type InsurancePlanPriority = (typeof INSURANCE_PLAN_PRIORITIES)[number];

export const INSURANCE_PLAN_PRIORITY_LABELS: Readonly<Record<InsurancePlanPriority, string>> = {
  primary: 'Primary',
  secondary: 'Secondary',
  tertiary: 'Tertiary',
};

/** NCPDP 306-C6 Patient Relationship Code values. */
export const RELATIONSHIP_CODES = ['0', '1', '2', '3', '4'] as const;
export type RelationshipCode = (typeof RELATIONSHIP_CODES)[number];

export const RELATIONSHIP_CODE_LABELS: Readonly<Record<RelationshipCode, string>> = {
  '0': 'Not specified',
  '1': 'Cardholder',
  '2': 'Spouse',
  '3': 'Child',
  '4': 'Other',
};

/** The NCPDP field widths (and the payer name's, ours). */
export const PAYER_NAME_MAX = 100;
export const PCN_MAX = 10;
export const GROUP_ID_MAX = 15;
export const CARDHOLDER_ID_MAX = 20;

export const BIN_PATTERN = /^\d{6}$/;
export const PERSON_CODE_PATTERN = /^[A-Za-z0-9]{1,3}$/;
/**
 * NCPDP alphanumeric fields: printable ASCII only. The claim's field and segment separators are control
 * characters, so nothing typed may contain one.
 */
const NCPDP_TEXT_PATTERN = /^[ -~]+$/;

/** The messages of the form; the database's constraint comments say the same words. */
export const INSURANCE_PLAN_MESSAGES = {
  payerNameRequired: 'Payer name is required',
  payerName: `Payer name must be 1 to ${PAYER_NAME_MAX} characters`,
  binRequired: 'BIN is required',
  bin: 'BIN must be 6 digits',
  pcn: `PCN must be at most ${PCN_MAX} letters, digits or symbols`,
  groupId: `Group ID must be at most ${GROUP_ID_MAX} letters, digits or symbols`,
  cardholderIdRequired: 'Cardholder ID is required',
  cardholderId: `Cardholder ID must be at most ${CARDHOLDER_ID_MAX} letters, digits or symbols`,
  personCode: 'Person code must be 1 to 3 letters or digits (e.g. 001)',
  relationshipCode: 'Relationship must be 0 (not specified), 1 (cardholder), 2 (spouse), 3 (child) or 4 (other)',
  priority: 'Priority must be primary, secondary or tertiary',
  insuranceType: "Insurance type must be Commercial, Medicare Part D, Medicaid, TRICARE or Workers' compensation",
  date: INVALID_DATE_MESSAGE,
  dates: 'The termination date cannot be before the effective date',
  active: 'Say whether the plan is active',
  added: 'Insurance plan added',
  saved: 'Insurance plan saved',
  deactivated: 'Insurance plan deactivated',
} as const;

/** The database's refusal of a second active plan of one priority (private.guard_one_active_insurance_plan). */
export function alreadyActivePlanMessage(priority: InsurancePlanPriority): string {
  return `This patient already has an active ${priority} plan; deactivate it first`;
}

export function insurancePlanPriorityLabel(priority: InsurancePlanPriority): string {
  return INSURANCE_PLAN_PRIORITY_LABELS[priority];
}

/** "Cardholder", or "Not recorded" when the plan has no relationship code. */
export function relationshipCodeLabel(code: RelationshipCode | null): string {
  return code === null ? 'Not recorded' : RELATIONSHIP_CODE_LABELS[code];
}

/** A field the form may leave blank: trimmed, blank (or null) → null, at most `max` characters of `pattern`. */
function optionalCode(max: number, pattern: RegExp, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(max, { error: message, abort: true })
    .refine((value) => value === '' || pattern.test(value), message)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));
}

/** One of `values`, or blank (→ null); numbers are taken as their text (an api body may send 1 for '1'). */
function optionalChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z
    .union([z.string(), z.number(), z.null(), z.undefined()], { error: message })
    .transform((value, ctx): T[number] | null => {
      const text = value === null || value === undefined ? '' : String(value).trim();
      if (text === '') return null;
      if ((values as readonly string[]).includes(text)) return text as T[number];
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
}

/** A calendar date (YYYY-MM-DD) or blank (→ null). */
function optionalCalendarDate() {
  return z
    .string({ error: INSURANCE_PLAN_MESSAGES.date })
    .trim()
    .max(10, { error: INSURANCE_PLAN_MESSAGES.date, abort: true })
    .refine((value) => value === '' || isCalendarDate(value), { error: INSURANCE_PLAN_MESSAGES.date, abort: true })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));
}

const PRIORITY_BY_NUMBER: Readonly<Record<string, InsurancePlanPriority>> = { '1': 'primary', '2': 'secondary', '3': 'tertiary' };

/** primary / secondary / tertiary, any case, or their numbers 1 / 2 / 3 (as the database also takes them). */
const priority = z.union([z.string(), z.number()], { error: INSURANCE_PLAN_MESSAGES.priority }).transform((value, ctx): InsurancePlanPriority => {
  const text = String(value).trim().toLowerCase();
  const word = PRIORITY_BY_NUMBER[text] ?? text;
  if ((INSURANCE_PLAN_PRIORITIES as readonly string[]).includes(word)) return word as InsurancePlanPriority;
  ctx.addIssue({ code: 'custom', message: INSURANCE_PLAN_MESSAGES.priority });
  return z.NEVER;
});

/**
 * The Add plan / Edit plan form (react-hook-form; text inputs) and, later, an api body: required payer name, BIN,
 * cardholder id and priority; the rest may be blank (stored as none). Text is trimmed.
 */
export const insurancePlanFormSchema = z
  .object({
    payerName: z
      .string({ error: INSURANCE_PLAN_MESSAGES.payerNameRequired })
      .trim()
      .min(1, { error: INSURANCE_PLAN_MESSAGES.payerNameRequired, abort: true })
      .max(PAYER_NAME_MAX, INSURANCE_PLAN_MESSAGES.payerName),
    bin: z
      .string({ error: INSURANCE_PLAN_MESSAGES.binRequired })
      .trim()
      .min(1, { error: INSURANCE_PLAN_MESSAGES.binRequired, abort: true })
      .regex(BIN_PATTERN, INSURANCE_PLAN_MESSAGES.bin),
    pcn: optionalCode(PCN_MAX, NCPDP_TEXT_PATTERN, INSURANCE_PLAN_MESSAGES.pcn),
    groupId: optionalCode(GROUP_ID_MAX, NCPDP_TEXT_PATTERN, INSURANCE_PLAN_MESSAGES.groupId),
    cardholderId: z
      .string({ error: INSURANCE_PLAN_MESSAGES.cardholderIdRequired })
      .trim()
      .min(1, { error: INSURANCE_PLAN_MESSAGES.cardholderIdRequired, abort: true })
      .max(CARDHOLDER_ID_MAX, { error: INSURANCE_PLAN_MESSAGES.cardholderId, abort: true })
      .regex(NCPDP_TEXT_PATTERN, INSURANCE_PLAN_MESSAGES.cardholderId),
    personCode: optionalCode(3, PERSON_CODE_PATTERN, INSURANCE_PLAN_MESSAGES.personCode),
    relationshipCode: optionalChoice(RELATIONSHIP_CODES, INSURANCE_PLAN_MESSAGES.relationshipCode),
    priority,
    insuranceType: optionalChoice(INSURANCE_TYPES, INSURANCE_PLAN_MESSAGES.insuranceType),
    effectiveDate: optionalCalendarDate(),
    terminationDate: optionalCalendarDate(),
    active: z.boolean({ error: INSURANCE_PLAN_MESSAGES.active }).default(true),
  })
  // The database holds the same rule (patient_insurance_plans_dates_check). Same-format dates compare in order.
  .refine((plan) => !plan.effectiveDate || !plan.terminationDate || !isCalendarDate(plan.effectiveDate) || !isCalendarDate(plan.terminationDate) || plan.terminationDate >= plan.effectiveDate, {
    error: INSURANCE_PLAN_MESSAGES.dates,
    path: ['terminationDate'],
  });

/** What the form holds. */
export type InsurancePlanFormInput = z.input<typeof insurancePlanFormSchema>;
/** What the schema gives: text trimmed, blank optional fields null, priority as its word. */
export type InsurancePlanFormValues = z.output<typeof insurancePlanFormSchema>;

/** A blank form, for Add plan: a primary plan, active. */
export const EMPTY_INSURANCE_PLAN_FORM = {
  payerName: '',
  bin: '',
  pcn: '',
  groupId: '',
  cardholderId: '',
  personCode: '',
  relationshipCode: '',
  priority: 'primary',
  insuranceType: '',
  effectiveDate: '',
  terminationDate: '',
  active: true,
} satisfies InsurancePlanFormInput;

/** A plan as the screens (and, later, billing) use it. */
export interface InsurancePlan {
  id: string;
  patientId: string;
  payerName: string;
  bin: string;
  pcn: string | null;
  groupId: string | null;
  cardholderId: string;
  personCode: string | null;
  relationshipCode: RelationshipCode | null;
  priority: InsurancePlanPriority;
  insuranceType: InsuranceType | null;
  effectiveDate: string | null;
  terminationDate: string | null;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The columns of public.patient_insurance_plans the screens read. */
export const INSURANCE_PLAN_COLUMNS =
  'id, patient_id, payer_name, bin, pcn, group_id, cardholder_id, person_code, relationship_code, priority, insurance_type, effective_date, termination_date, active, created_at, updated_at' as const;

export interface InsurancePlanRow {
  id: string;
  patient_id: string;
  payer_name: string;
  bin: string;
  pcn: string | null;
  group_id: string | null;
  cardholder_id: string;
  person_code: string | null;
  relationship_code: string | null;
  priority: string;
  insurance_type: string | null;
  effective_date: string | null;
  termination_date: string | null;
  active: boolean;
  created_at: string;
  updated_at: string;
}

const storedPlanSchema = z.object({
  relationshipCode: z.enum(RELATIONSHIP_CODES).nullable(),
  priority: z.enum(INSURANCE_PLAN_PRIORITIES),
  insuranceType: z.enum(INSURANCE_TYPES).nullable(),
});

/** A row as the plan (the database's checks guarantee the coded columns; a row breaking them is refused here). */
export function insurancePlanFromRow(row: InsurancePlanRow): InsurancePlan {
  const coded = storedPlanSchema.parse({ relationshipCode: row.relationship_code, priority: row.priority, insuranceType: row.insurance_type });
  return {
    id: row.id,
    patientId: row.patient_id,
    payerName: row.payer_name,
    bin: row.bin,
    pcn: row.pcn,
    groupId: row.group_id,
    cardholderId: row.cardholder_id,
    personCode: row.person_code,
    relationshipCode: coded.relationshipCode,
    priority: coded.priority,
    insuranceType: coded.insuranceType,
    effectiveDate: row.effective_date,
    terminationDate: row.termination_date,
    active: row.active,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The form's values as the columns written (the pharmacy, the patient of an edit, who and when are the database's). */
export function insurancePlanRowFromForm(values: InsurancePlanFormValues) {
  return {
    payer_name: values.payerName,
    bin: values.bin,
    pcn: values.pcn,
    group_id: values.groupId,
    cardholder_id: values.cardholderId,
    person_code: values.personCode,
    relationship_code: values.relationshipCode,
    priority: values.priority,
    insurance_type: values.insuranceType,
    effective_date: values.effectiveDate,
    termination_date: values.terminationDate,
    active: values.active,
  };
}

/** The Edit form's starting values: the stored plan, nulls as blanks. */
export function insurancePlanFormFromPlan(plan: InsurancePlan): InsurancePlanFormInput {
  return {
    payerName: plan.payerName,
    bin: plan.bin,
    pcn: plan.pcn ?? '',
    groupId: plan.groupId ?? '',
    cardholderId: plan.cardholderId,
    personCode: plan.personCode ?? '',
    relationshipCode: plan.relationshipCode ?? '',
    priority: plan.priority,
    insuranceType: plan.insuranceType ?? '',
    effectiveDate: plan.effectiveDate ?? '',
    terminationDate: plan.terminationDate ?? '',
    active: plan.active,
  };
}

/**
 * The order a record lists plans in: active plans first, in the order they pay (primary, secondary, tertiary),
 * then deactivated ones in the same order, the newest first within a priority.
 */
export function sortInsurancePlans<T extends Pick<InsurancePlan, 'active' | 'priority' | 'createdAt'>>(plans: readonly T[]): T[] {
  const rank = (plan: T) => INSURANCE_PLAN_PRIORITIES.indexOf(plan.priority);
  return [...plans].sort(
    (a, b) => Number(b.active) - Number(a.active) || rank(a) - rank(b) || (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0),
  );
}
