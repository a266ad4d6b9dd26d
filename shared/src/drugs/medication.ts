/**
 * A medication of the local catalog as the api answers it (spec part 2 §3 Medication, plus the catalog's NDC,
 * package, price and sync fields of issue 13), and GET /api/medications' query (spec §7: optional search or
 * lowStock=true): the search is the database's one catalog search (public.search_medications).
 */
import * as z from 'zod';

/** Most medications one page of GET /api/medications holds. */
export const MEDICATIONS_PAGE_MAX = 100;

export const MEDICATION_QUERY_MESSAGES = {
  search: 'The search may be at most 100 characters',
  flag: 'Use true or false',
  limit: `limit must be a whole number from 1 to ${MEDICATIONS_PAGE_MAX}`,
  offset: 'offset must be a whole number of 0 or more',
} as const;

const flag = z.enum(['true', 'false'], { error: MEDICATION_QUERY_MESSAGES.flag }).optional().transform((value) => value === 'true');

export const medicationsQuerySchema = z.object({
  search: z.string().trim().max(100, { error: MEDICATION_QUERY_MESSAGES.search }).default(''),
  /** Only products at or below their low-stock threshold. */
  lowStock: flag,
  /** Products no longer stocked too. */
  includeInactive: flag,
  limit: z.coerce.number({ error: MEDICATION_QUERY_MESSAGES.limit }).int({ error: MEDICATION_QUERY_MESSAGES.limit })
    .min(1, { error: MEDICATION_QUERY_MESSAGES.limit }).max(MEDICATIONS_PAGE_MAX, { error: MEDICATION_QUERY_MESSAGES.limit }).default(MEDICATIONS_PAGE_MAX),
  offset: z.coerce.number({ error: MEDICATION_QUERY_MESSAGES.offset }).int({ error: MEDICATION_QUERY_MESSAGES.offset })
    .min(0, { error: MEDICATION_QUERY_MESSAGES.offset }).default(0),
});
export type MedicationsQuery = z.output<typeof medicationsQuerySchema>;

const money = z.number().nonnegative().nullable();

export const medicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  genericName: z.string().nullable(),
  strength: z.string().nullable(),
  dosageForm: z.string().nullable(),
  /** The NDC in its labeler format, and its 11 digits. */
  ndcNumber: z.string().nullable(),
  ndc11: z.string().nullable(),
  manufacturer: z.string().nullable(),
  /** Price per fill, dollars. */
  price: z.number().nonnegative(),
  stock: z.number().int().nonnegative(),
  lowStockThreshold: z.number().int().nonnegative(),
  isLowStock: z.boolean(),
  deaSchedule: z.enum(['II', 'III', 'IV', 'V']).nullable(),
  packageSize: z.number().positive().nullable(),
  packageUnit: z.enum(['EA', 'ML', 'GM']).nullable(),
  packageDescription: z.string().nullable(),
  active: z.boolean(),
  awpPrice: money,
  wacPrice: money,
  nadacPerUnit: money,
  nadacEffectiveDate: z.string().nullable(),
  pricesUpdatedAt: z.string().nullable(),
  source: z.enum(['manual', 'openfda', 'rxnorm']),
  syncedAt: z.string().nullable(),
  /** Spec §3: the product's interactions (the interaction engine checks them; none are stored per product). */
  interactions: z.array(z.string()),
});
export type Medication = z.infer<typeof medicationSchema>;

/** One page of medications with how many match in all. */
export const medicationPageSchema = z.object({
  medications: z.array(medicationSchema),
  total: z.number().int().nonnegative(),
});
