/**
 * A medication of the local catalog as the api answers it (spec part 2 §3 Medication, plus the catalog's NDC,
 * package, price and sync fields of issue 13), and GET /api/medications' query (spec §7: optional search or
 * lowStock=true): the search is the database's one catalog search (public.search_medications).
 */
import * as z from 'zod';
import { DEA_SCHEDULES } from '../prescriptions/prescription.ts';
import { DRUG_SEARCH_PROVIDER_IDS } from './external-drug.ts';
import { PACKAGE_UNITS } from './package.ts';

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
  deaSchedule: z.enum(DEA_SCHEDULES).nullable(),
  packageSize: z.number().positive().nullable(),
  packageUnit: z.enum(PACKAGE_UNITS).nullable(),
  packageDescription: z.string().nullable(),
  active: z.boolean(),
  awpPrice: money,
  wacPrice: money,
  nadacPerUnit: money,
  nadacEffectiveDate: z.string().nullable(),
  pricesUpdatedAt: z.string().nullable(),
  /** Entered by hand, or synced from a search provider. */
  source: z.enum(['manual', ...DRUG_SEARCH_PROVIDER_IDS] as const),
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

/**
 * A row of public.search_medications as PostgREST answers it (snake_case; nullable where the table is — the
 * generated types mark a function's columns not null; numeric columns may arrive as strings).
 */
export interface MedicationSearchRow {
  id: string;
  name: string;
  generic_name: string | null;
  strength: string | null;
  dosage_form: string | null;
  ndc_number: string | null;
  ndc11: string | null;
  manufacturer: string | null;
  price: number | string;
  stock: number;
  low_stock_threshold: number;
  is_low_stock: boolean | null;
  dea_schedule: string | null;
  package_size: number | string | null;
  package_unit: string | null;
  package_description: string | null;
  active: boolean;
  awp_price: number | string | null;
  wac_price: number | string | null;
  nadac_per_unit: number | string | null;
  nadac_effective_date: string | null;
  prices_updated_at: string | null;
  source: string;
  synced_at: string | null;
}

/** The columns of search_medications that medicationFromSearchRow reads, and the page's exact total. */
export const MEDICATION_SEARCH_COLUMNS =
  'id, name, generic_name, strength, dosage_form, ndc_number, ndc11, manufacturer, price, stock, low_stock_threshold, is_low_stock, dea_schedule, package_size, package_unit, package_description, active, awp_price, wac_price, nadac_per_unit, nadac_effective_date, prices_updated_at, source, synced_at, total_count';

const numberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The api's Medication of a search_medications row (GET /api/medications and the Drug Database screen alike). */
export function medicationFromSearchRow(row: MedicationSearchRow): Medication {
  return {
    id: row.id,
    name: row.name,
    genericName: row.generic_name,
    strength: row.strength,
    dosageForm: row.dosage_form,
    ndcNumber: row.ndc_number,
    ndc11: row.ndc11,
    manufacturer: row.manufacturer,
    price: Number(row.price),
    stock: row.stock,
    lowStockThreshold: row.low_stock_threshold,
    // Stock at or below the threshold (spec §2), as the database computes it.
    isLowStock: row.is_low_stock ?? row.stock <= row.low_stock_threshold,
    deaSchedule: row.dea_schedule as Medication['deaSchedule'],
    packageSize: numberOrNull(row.package_size),
    packageUnit: row.package_unit as Medication['packageUnit'],
    packageDescription: row.package_description,
    active: row.active,
    awpPrice: numberOrNull(row.awp_price),
    wacPrice: numberOrNull(row.wac_price),
    nadacPerUnit: numberOrNull(row.nadac_per_unit),
    nadacEffectiveDate: row.nadac_effective_date,
    pricesUpdatedAt: row.prices_updated_at,
    source: row.source as Medication['source'],
    syncedAt: row.synced_at,
    // Spec §3's list: the interaction engine checks products against each other; none are stored per product.
    interactions: [],
  };
}
