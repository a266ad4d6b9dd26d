/**
 * Inventory counts (issue 24 "Cycle counts"): the forms that start a count, enter a count line and post the
 * variances, and the biennial inventory's estimate rule (21 CFR 1304.11(e)(3): Schedule II is counted exactly;
 * Schedule III–V may be estimated only from an opened container of at most 1,000 units). The database applies the
 * same rules for every caller (migration 20261129003000_inventory_counts); these give the form its messages first,
 * in the database's words.
 */
import * as z from 'zod';

export const COUNT_KINDS = ['cycle', 'biennial_controlled'] as const;
export type CountKind = (typeof COUNT_KINDS)[number];
/** What a cycle count covers (the biennial inventory always covers every controlled product). */
export const CYCLE_COUNT_SCOPES = ['shelf', 'products', 'schedule_ii'] as const;
export type CycleCountScope = (typeof CYCLE_COUNT_SCOPES)[number];
export const BUSINESS_TIMES = ['opening', 'close'] as const;
export type BusinessTime = (typeof BUSINESS_TIMES)[number];
export const COUNT_STATUSES = ['open', 'submitted', 'posted', 'cancelled'] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];

export const COUNT_SCOPE_LABELS: Record<CycleCountScope | 'controlled', string> = {
  shelf: 'A shelf location',
  products: 'Chosen products',
  schedule_ii: 'All Schedule II',
  controlled: 'All controlled substances',
};
export const COUNT_STATUS_LABELS: Record<CountStatus, string> = {
  open: 'Counting', submitted: 'Submitted', posted: 'Posted', cancelled: 'Cancelled',
};

/** Most products one count of chosen products covers (the database's limit). */
export const MAX_COUNT_PRODUCTS = 500;
/** Largest opened container whose contents a biennial inventory may estimate (Schedule III–V). */
export const MAX_ESTIMATED_CONTAINER_UNITS = 1000;
export const MAX_COUNTED_UNITS = 10_000_000;

export const COUNT_MESSAGES = {
  scope: 'Count a shelf, chosen products or all Schedule II',
  shelf: 'Enter the shelf location to count',
  shelfLength: 'A shelf location is 1 to 40 characters on one line',
  products: 'Choose the products to count',
  tooManyProducts: 'A count of chosen products covers at most 500 products: count by shelf instead',
  businessTime: 'Say whether the inventory is taken at the opening or the close of business',
  note: 'A note is at most 500 characters',
  counted: 'Enter the quantity counted as a whole number of units (0 when none is on the shelf)',
  cycleEstimate: 'A cycle count is exact: only the biennial inventory estimates opened containers',
  scheduleIIEstimate: 'Schedule II is counted exactly, never estimated',
  uncontrolledEstimate: 'Only an opened Schedule III–V container holding at most 1,000 units may be estimated: count Schedule II and larger containers exactly',
  largeContainer: 'An opened container holding more than 1,000 units is counted exactly: enter the container size (1,000 or less) to estimate',
  containerUnits: 'Enter the full size of the opened container as a whole number of units',
  varianceReason: 'Give a reason for this variance (at most 500 characters)',
  cancelReason: 'Give a reason for cancelling the count (at most 500 characters)',
} as const;

/** A whole number of units as typed ("1,234", " 12 "), digit by digit; null unless 0 … 10,000,000. */
export function unitsFromText(text: string): number | null {
  const trimmed = text.trim();
  if (!/^(\d{1,3}(,\d{3})+|\d{1,8})$/.test(trimmed)) return null;
  const units = Number(trimmed.replaceAll(',', ''));
  return units <= MAX_COUNTED_UNITS ? units : null;
}

const shelfLocation = z.string().trim().max(40, COUNT_MESSAGES.shelfLength).regex(/^[^\p{Cc}]*$/u, COUNT_MESSAGES.shelfLength);

export const startCountFormSchema = z.object({
  kind: z.enum(COUNT_KINDS),
  scope: z.enum(CYCLE_COUNT_SCOPES, { error: COUNT_MESSAGES.scope }),
  shelf: shelfLocation,
  productIds: z.array(z.uuid()).max(MAX_COUNT_PRODUCTS, COUNT_MESSAGES.tooManyProducts),
  blind: z.boolean(),
  businessTime: z.enum(['', ...BUSINESS_TIMES]),
  note: z.string().trim().max(500, COUNT_MESSAGES.note),
}).superRefine((form, context) => {
  if (form.kind === 'biennial_controlled') {
    if (form.businessTime === '') context.addIssue({ code: 'custom', path: ['businessTime'], message: COUNT_MESSAGES.businessTime });
    return;
  }
  if (form.scope === 'shelf' && form.shelf === '') context.addIssue({ code: 'custom', path: ['shelf'], message: COUNT_MESSAGES.shelf });
  if (form.scope === 'products' && form.productIds.length === 0) context.addIssue({ code: 'custom', path: ['productIds'], message: COUNT_MESSAGES.products });
});
export type StartCountForm = z.input<typeof startCountFormSchema>;

/** The arguments of public.start_inventory_count for a valid form (only what the chosen kind and scope use). */
export function startCountArguments(form: z.output<typeof startCountFormSchema>) {
  if (form.kind === 'biennial_controlled') {
    return { count_kind: form.kind, is_blind: form.blind, business_time: form.businessTime, note: form.note || null };
  }
  return {
    count_kind: form.kind,
    count_scope: form.scope,
    shelf: form.scope === 'shelf' ? form.shelf : null,
    product_ids: form.scope === 'products' ? form.productIds : null,
    is_blind: form.blind,
    note: form.note || null,
  };
}

export interface EstimateContext {
  kind: CountKind;
  /** The product's DEA schedule when the count started ('II' … 'V'), null when not controlled. */
  deaSchedule: string | null;
}

/** Why this line may not be estimated, in the database's words; null when the estimate is allowed. */
export function estimateRefusal(context: EstimateContext, containerUnits: number | null): string | null {
  if (context.kind !== 'biennial_controlled') return COUNT_MESSAGES.cycleEstimate;
  if (context.deaSchedule === 'II') return COUNT_MESSAGES.scheduleIIEstimate;
  if (!['III', 'IV', 'V'].includes(context.deaSchedule ?? '')) return COUNT_MESSAGES.uncontrolledEstimate;
  if (containerUnits === null || containerUnits > MAX_ESTIMATED_CONTAINER_UNITS) return COUNT_MESSAGES.largeContainer;
  return null;
}

/** One count line as typed: the quantity, and for an opened container its full size and whether it is an estimate. */
export const countEntryFormSchema = z.object({
  counted: z.string().refine((text) => unitsFromText(text) !== null, COUNT_MESSAGES.counted),
  openedContainer: z.boolean(),
  containerUnits: z.string(),
  estimated: z.boolean(),
});
export type CountEntryForm = z.input<typeof countEntryFormSchema>;

export interface CountEntry {
  counted: number;
  openedContainer: boolean;
  containerUnits: number | null;
  estimated: boolean;
}

/** A typed count line checked against its count's rules: the entry to record, or the field and message at fault. */
export function checkCountEntry(form: CountEntryForm, context: EstimateContext):
  { ok: true; entry: CountEntry } | { ok: false; field: keyof CountEntryForm; message: string } {
  const counted = unitsFromText(form.counted);
  if (counted === null) return { ok: false, field: 'counted', message: COUNT_MESSAGES.counted };
  const openedContainer = form.openedContainer || form.estimated;
  let containerUnits: number | null = null;
  if (openedContainer && form.containerUnits.trim() !== '') {
    containerUnits = unitsFromText(form.containerUnits);
    if (containerUnits === null || containerUnits === 0) return { ok: false, field: 'containerUnits', message: COUNT_MESSAGES.containerUnits };
  }
  if (form.estimated) {
    const refusal = estimateRefusal(context, containerUnits);
    if (refusal) return { ok: false, field: 'estimated', message: refusal };
  }
  return { ok: true, entry: { counted, openedContainer, containerUnits, estimated: form.estimated } };
}

export interface VarianceLine {
  lineId: string;
  varianceQuantity: number | null;
  estimated: boolean;
}

/** The lines posting would refuse for want of a reason (a variance of an exact count), each with the message. */
export function missingVarianceReasons(lines: readonly VarianceLine[], reasons: Readonly<Record<string, string>>): Record<string, string> {
  const missing: Record<string, string> = {};
  for (const line of lines) {
    if (line.estimated || line.varianceQuantity === null || line.varianceQuantity === 0) continue;
    const reason = (reasons[line.lineId] ?? '').trim();
    if (reason.length === 0 || reason.length > 500) missing[line.lineId] = COUNT_MESSAGES.varianceReason;
  }
  return missing;
}

export const cancelCountFormSchema = z.object({
  reason: z.string().trim().min(1, COUNT_MESSAGES.cancelReason).max(500, COUNT_MESSAGES.cancelReason),
});
export type CancelCountForm = z.input<typeof cancelCountFormSchema>;

/** What public.biennial_inventory_status() answers. */
export const biennialInventoryStatusSchema = z.object({
  required: z.boolean(),
  lastAsOfDate: z.string().nullable(),
  lastBusinessTime: z.enum(BUSINESS_TIMES).nullable(),
  lastSignedAt: z.string().nullable(),
  dueBy: z.string().nullable(),
  overdue: z.boolean(),
});
export type BiennialInventoryStatus = z.infer<typeof biennialInventoryStatusSchema>;
