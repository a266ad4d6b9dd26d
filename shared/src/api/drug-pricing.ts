/**
 * TODO(step B): placeholder written by the screen from the common brief's interface; the pricing part's file replaces it.
 */
import * as z from 'zod';
import { apiEndpoint } from './endpoint.ts';

export const pricingUpdateRequestSchema = z.object({ ndcNumbers: z.array(z.string()).optional() });
export const pricingUpdateResultSchema = z.object({
  localUpdatesApplied: z.number().int().nonnegative(),
  failed: z.array(z.string()),
  errors: z.array(z.string()),
});
export type PricingUpdateResult = z.infer<typeof pricingUpdateResultSchema>;

export const pricingUpdateEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/drugs/pricing-update',
  access: 'signed-in',
  request: pricingUpdateRequestSchema,
  response: pricingUpdateResultSchema,
  format: 'json',
  successStatus: 200,
});

export const priceScheduleWriteSchema = z.object({
  enabled: z.boolean(),
  weekday: z.number().int().min(0).max(6),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
});
export type PriceScheduleWrite = z.infer<typeof priceScheduleWriteSchema>;

export const priceScheduleSchema = priceScheduleWriteSchema.extend({
  timezone: z.string(),
  nextRunAt: z.string().nullable(),
  lastRun: z
    .object({
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      status: z.enum(['succeeded', 'failed']),
      localUpdatesApplied: z.number().int().nonnegative(),
      detail: z.string().nullable(),
    })
    .nullable(),
});
export type PriceSchedule = z.infer<typeof priceScheduleSchema>;

export const priceScheduleEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/drugs/pricing-schedule',
  access: 'signed-in',
  request: null,
  response: priceScheduleSchema,
  format: 'json',
  successStatus: 200,
});

export const savePriceScheduleEndpoint = apiEndpoint({
  method: 'PUT',
  path: '/api/drugs/pricing-schedule',
  access: 'signed-in',
  request: priceScheduleWriteSchema,
  response: priceScheduleSchema,
  format: 'json',
  successStatus: 200,
});
