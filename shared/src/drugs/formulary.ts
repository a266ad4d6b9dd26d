/**
 * Formulary entries (issue 13): how a payer type covers one of the pharmacy's medications — tier, prior
 * authorisation and quantity limit — kept in public.formulary_entries (supabase/migrations/20261126000300_formulary.sql,
 * whose check constraints say the same as these schemas) and answered by GET /api/drugs/formulary/{id}?insuranceType=.
 *
 * The quantity limit is units per period ("30 per 30 days"): a claim is judged on its quantity dispensed and days
 * supply against it, so billing needs both numbers, not text; anything else a payer states goes to notes.
 */
import * as z from 'zod';

/** The payer types an entry is kept for, in the order the screen offers them (the table's check constraint). */
export const INSURANCE_TYPES = ['commercial', 'medicare_part_d', 'medicaid', 'tricare', 'workers_compensation'] as const;
export type InsuranceType = (typeof INSURANCE_TYPES)[number];

export const INSURANCE_TYPE_LABELS: Readonly<Record<InsuranceType, string>> = {
  commercial: 'Commercial',
  medicare_part_d: 'Medicare Part D',
  medicaid: 'Medicaid',
  tricare: 'TRICARE',
  workers_compensation: "Workers' compensation",
};

export const FORMULARY_TIER_MIN = 1;
export const FORMULARY_TIER_MAX = 6;
export const FORMULARY_QUANTITY_MAX = 99_999_999.99;
export const FORMULARY_DAYS_MAX = 365;
export const FORMULARY_NOTES_MAX = 500;

/** What tiers usually mean (Medicare Part D's model); shown beside the number. */
export const FORMULARY_TIER_LABELS: Readonly<Record<number, string>> = {
  1: 'Preferred generic',
  2: 'Generic',
  3: 'Preferred brand',
  4: 'Non-preferred drug',
  5: 'Specialty',
  6: 'Select care',
};

export const FORMULARY_MESSAGES = {
  insuranceType: `Choose an insurance type: ${INSURANCE_TYPES.map((type) => INSURANCE_TYPE_LABELS[type]).join(', ')}`,
  tier: `Tier must be a whole number from ${FORMULARY_TIER_MIN} to ${FORMULARY_TIER_MAX}`,
  priorAuthorization: 'Prior authorization must be yes or no',
  quantity: 'Quantity limit must be a number greater than 0 with at most 2 decimals',
  days: `Quantity limit days must be a whole number from 1 to ${FORMULARY_DAYS_MAX}`,
  quantityNeedsDays: 'Enter the number of days the quantity limit covers',
  daysNeedQuantity: 'Enter the quantity allowed in those days',
  notes: `Notes are at most ${FORMULARY_NOTES_MAX} characters`,
  medicationId: 'The medication id must be a UUID',
  notFound: 'No formulary entry for this medication and insurance type',
  saved: 'Formulary entry saved',
  removed: 'Formulary entry removed',
} as const;

export function insuranceTypeLabel(type: InsuranceType): string {
  return INSURANCE_TYPE_LABELS[type];
}

/** "Tier 1 — Preferred generic". */
export function formularyTierLabel(tier: number): string {
  const meaning = FORMULARY_TIER_LABELS[tier];
  return meaning ? `Tier ${tier} — ${meaning}` : `Tier ${tier}`;
}

export const quantityLimitSchema = z.object({
  /** Units (the medication's dispensing unit) covered per `days`. */
  quantity: z.number().gt(0).max(FORMULARY_QUANTITY_MAX),
  days: z.number().int().min(1).max(FORMULARY_DAYS_MAX),
});
export type QuantityLimit = z.infer<typeof quantityLimitSchema>;

/** "30 per 30 days", or "No limit". */
export function formatQuantityLimit(limit: QuantityLimit | null): string {
  if (!limit) return 'No limit';
  return `${limit.quantity} per ${limit.days} ${limit.days === 1 ? 'day' : 'days'}`;
}

export const insuranceTypeSchema = z.enum(INSURANCE_TYPES, { error: FORMULARY_MESSAGES.insuranceType });

/** An entry as the api answers it (GET /api/drugs/formulary/{id}) and the web shows it. */
export const formularyEntrySchema = z.object({
  medicationId: z.uuid(),
  insuranceType: z.enum(INSURANCE_TYPES),
  tier: z.number().int().min(FORMULARY_TIER_MIN).max(FORMULARY_TIER_MAX),
  priorAuthorization: z.boolean(),
  quantityLimit: quantityLimitSchema.nullable(),
  notes: z.string().nullable(),
  updatedAt: z.string(),
});
export type FormularyEntry = z.infer<typeof formularyEntrySchema>;

/** Query of GET /api/drugs/formulary/{id}: which payer type. */
export const formularyQuerySchema = z.object({ insuranceType: insuranceTypeSchema });

/** The path parameter of GET /api/drugs/formulary/{id}: the medication's id. */
export const formularyMedicationIdSchema = z.object({ id: z.uuid({ error: FORMULARY_MESSAGES.medicationId }) });

/** Blank text is "no value"; otherwise a number (the form's inputs are text). */
function optionalNumber(message: string) {
  return z
    .union([z.string(), z.number(), z.null(), z.undefined()], { error: message })
    .transform((value, ctx) => {
      if (value === null || value === undefined) return null;
      const text = typeof value === 'number' ? String(value) : value.trim();
      if (text === '') return null;
      const parsed = Number(text);
      if (!Number.isFinite(parsed) || !/^\d+(\.\d+)?$/.test(text)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return parsed;
    });
}

/**
 * The entry as the web form writes it (react-hook-form; text inputs coerced): insurance type, tier, prior
 * authorisation, the quantity limit as quantity + days (both or neither) and notes. The database checks the same.
 */
export const formularyEntryFormSchema = z
  .object({
    insuranceType: insuranceTypeSchema,
    tier: z.coerce
      .number({ error: FORMULARY_MESSAGES.tier })
      .int({ error: FORMULARY_MESSAGES.tier })
      .min(FORMULARY_TIER_MIN, { error: FORMULARY_MESSAGES.tier })
      .max(FORMULARY_TIER_MAX, { error: FORMULARY_MESSAGES.tier }),
    priorAuthorization: z.boolean({ error: FORMULARY_MESSAGES.priorAuthorization }),
    quantityLimit: optionalNumber(FORMULARY_MESSAGES.quantity).refine(
      (value) => value === null || (value > 0 && value <= FORMULARY_QUANTITY_MAX && Math.abs(Math.round(value * 100) - value * 100) < 1e-6),
      FORMULARY_MESSAGES.quantity,
    ),
    quantityLimitDays: optionalNumber(FORMULARY_MESSAGES.days).refine(
      (value) => value === null || (Number.isInteger(value) && value >= 1 && value <= FORMULARY_DAYS_MAX),
      FORMULARY_MESSAGES.days,
    ),
    notes: z
      .string({ error: FORMULARY_MESSAGES.notes })
      .trim()
      .max(FORMULARY_NOTES_MAX, { error: FORMULARY_MESSAGES.notes })
      .optional()
      .transform((value) => (value ? value : null)),
  })
  .superRefine((entry, ctx) => {
    if (entry.quantityLimit !== null && entry.quantityLimitDays === null) {
      ctx.addIssue({ code: 'custom', path: ['quantityLimitDays'], message: FORMULARY_MESSAGES.quantityNeedsDays });
    }
    if (entry.quantityLimitDays !== null && entry.quantityLimit === null) {
      ctx.addIssue({ code: 'custom', path: ['quantityLimit'], message: FORMULARY_MESSAGES.daysNeedQuantity });
    }
  });
export type FormularyEntryFormInput = z.input<typeof formularyEntryFormSchema>;
export type FormularyEntryFormValues = z.output<typeof formularyEntryFormSchema>;

/** A public.formulary_entries row's columns as the web and the api read them. */
export const FORMULARY_ENTRY_COLUMNS =
  'id, medication_id, insurance_type, tier, prior_authorization, quantity_limit, quantity_limit_days, notes, updated_at' as const;

export interface FormularyEntryRow {
  id: string;
  medication_id: string;
  insurance_type: string;
  tier: number;
  prior_authorization: boolean;
  quantity_limit: number | string | null;
  quantity_limit_days: number | null;
  notes: string | null;
  updated_at: string;
}

/** A row as the entry the api answers (numeric columns may arrive as text). */
export function formularyEntryFromRow(row: FormularyEntryRow): FormularyEntry {
  return formularyEntrySchema.parse({
    medicationId: row.medication_id,
    insuranceType: row.insurance_type,
    tier: row.tier,
    priorAuthorization: row.prior_authorization,
    quantityLimit:
      row.quantity_limit === null || row.quantity_limit_days === null
        ? null
        : { quantity: Number(row.quantity_limit), days: row.quantity_limit_days },
    notes: row.notes,
    updatedAt: row.updated_at,
  });
}

/** The form's values as the columns written (the pharmacy, who and when are the database's). */
export function formularyRowFromForm(values: FormularyEntryFormValues) {
  return {
    insurance_type: values.insuranceType,
    tier: values.tier,
    prior_authorization: values.priorAuthorization,
    quantity_limit: values.quantityLimit,
    quantity_limit_days: values.quantityLimitDays,
    notes: values.notes,
  };
}
