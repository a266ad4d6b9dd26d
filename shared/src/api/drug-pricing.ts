/**
 * Drug pricing (spec part 2 §7 "Drugs", §3 Pricing update result; issue 13):
 * - POST /api/drugs/pricing-update `{ ndcNumbers? }` — NADAC per unit for the listed NDCs, or (no ndcNumbers) every
 *   active medication of the caller's pharmacy with an NDC; pharmacists and admins (403 otherwise). NADAC not
 *   configured 503, not reachable 502: nothing changed.
 * - GET /api/drugs/pricing-schedule, PUT (pharmacists and admins) — the weekly scheduled update.
 * - POST /api/internal/drugs/price-update `{ pharmacyId }` — the scheduled run, service role only (the database's
 *   pg_cron job calls it through pg_net).
 */
import {
  priceScheduleSchema,
  priceScheduleWriteSchema,
  pricingUpdateRequestSchema,
  pricingUpdateResultSchema,
  scheduledPriceUpdateSchema,
} from '../drugs/pricing.ts';
import { apiEndpoint } from './endpoint.ts';

export const pricingUpdateEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/drugs/pricing-update',
  access: 'signed-in',
  request: pricingUpdateRequestSchema,
  response: pricingUpdateResultSchema,
  format: 'json',
  successStatus: 200,
});

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

export const scheduledPriceUpdateEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/internal/drugs/price-update',
  access: 'anyone',
  request: scheduledPriceUpdateSchema,
  response: pricingUpdateResultSchema,
  format: 'json',
  successStatus: 200,
});
