/**
 * Drug pricing (issue 13): the body and result of a NADAC price update (spec §3 Pricing update result, §8 toast),
 * the weekly schedule's body and answer (Schedule Updates), and the messages the api and the screen show.
 */
import * as z from 'zod';
import { ndcNumbersSchema } from './ndc.ts';

export const PRICING_MESSAGES = {
  /** Spec §8: the toast of a successful update. */
  completeTitle: 'Pricing Update Complete',
  complete: (count: number) => `Updated pricing for ${count} medications`,
  staffOnly: 'Only staff of a pharmacy can update drug prices',
  pharmacistsOnly: 'Only pharmacists and administrators can update drug prices',
  scheduleStaffOnly: 'Only staff of a pharmacy can read its price update schedule',
  schedulePharmacistsOnly: 'Only pharmacists and administrators can change the price update schedule',
  notConfigured: 'NADAC pricing is not configured: set NADAC_API_URL for the functions',
  unreachable: 'NADAC could not be reached, so no prices were changed. Try again later.',
  serviceRoleOnly: 'Only the service role can run a scheduled price update',
  pharmacyId: 'pharmacyId must be a pharmacy id',
  notInCatalog: (ndc: string) => `${ndc}: not in your catalogue`,
  notInNadac: (ndc: string) => `${ndc}: NADAC lists no price for this NDC`,
  unitMismatch: (ndc: string, nadacUnit: string, packageUnit: string) =>
    `${ndc}: NADAC prices it per ${nadacUnit}, but the catalogue's package is counted in ${packageUnit}`,
  enabled: 'Choose whether the weekly update is on',
  weekday: 'Choose a day of the week',
  time: 'Enter the time as HH:MM',
} as const;

/**
 * POST /api/drugs/pricing-update: `{ ndcNumbers }` as sync takes them (at least one, each judged on its own), or
 * no ndcNumbers at all — every active medication of the caller's pharmacy that has an NDC (Update All Pricing).
 */
export const pricingUpdateRequestSchema = z.object({
  ndcNumbers: ndcNumbersSchema.shape.ndcNumbers.optional(),
});
export type PricingUpdateRequest = z.input<typeof pricingUpdateRequestSchema>;

/**
 * localUpdatesApplied: the medications whose NADAC price was written — changed or confirmed unchanged — by this
 * update; failed: the NDCs (as typed, or as the catalogue shows them) that got no price; errors: one text each.
 */
export const pricingUpdateResultSchema = z.object({
  localUpdatesApplied: z.number().int().nonnegative(),
  failed: z.array(z.string()),
  errors: z.array(z.string()),
});
export type PricingUpdateResult = z.infer<typeof pricingUpdateResultSchema>;

/** The scheduled run's body: the pharmacy the database's job named. */
export const scheduledPriceUpdateSchema = z.object({
  pharmacyId: z.uuid({ error: PRICING_MESSAGES.pharmacyId }),
});

export const PRICE_SCHEDULE_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** PUT /api/drugs/pricing-schedule and the Schedule Updates form. */
export const priceScheduleWriteSchema = z.object({
  enabled: z.boolean({ error: PRICING_MESSAGES.enabled }),
  weekday: z.number({ error: PRICING_MESSAGES.weekday }).int({ error: PRICING_MESSAGES.weekday }).min(0, { error: PRICING_MESSAGES.weekday }).max(6, { error: PRICING_MESSAGES.weekday }),
  time: z.string({ error: PRICING_MESSAGES.time }).regex(PRICE_SCHEDULE_TIME, { error: PRICING_MESSAGES.time }),
});
export type PriceScheduleWrite = z.infer<typeof priceScheduleWriteSchema>;

export const PRICE_UPDATE_STATUSES = ['succeeded', 'failed'] as const;

export const priceUpdateRunSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string(),
  status: z.enum(PRICE_UPDATE_STATUSES),
  localUpdatesApplied: z.number().int().nonnegative(),
  detail: z.string().nullable(),
  /** Additive to the fixed interface: who started it. */
  trigger: z.enum(['manual', 'scheduled']).optional(),
});
export type PriceUpdateRun = z.infer<typeof priceUpdateRunSchema>;

/** GET/PUT /api/drugs/pricing-schedule's answer: the schedule, the pharmacy's time zone, the next and the last run. */
export const priceScheduleSchema = priceScheduleWriteSchema.extend({
  timezone: z.string(),
  nextRunAt: z.string().nullable(),
  lastRun: priceUpdateRunSchema.nullable(),
});
export type PriceSchedule = z.infer<typeof priceScheduleSchema>;

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
