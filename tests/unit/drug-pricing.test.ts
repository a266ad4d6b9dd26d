/**
 * The shared pricing schemas (shared/src/drugs/pricing.ts): the price update's body (no ndcNumbers = everything,
 * otherwise the sync body's rules) and the weekly schedule's body with each field's message.
 */
import { describe, expect, it } from 'vitest';
import { parseWithSchema } from '../../shared/src/api/endpoint.ts';
import { pricingUpdateEndpoint, savePriceScheduleEndpoint, scheduledPriceUpdateEndpoint } from '../../shared/src/api/drug-pricing.ts';
import { NDC_LIST_MESSAGES } from '../../shared/src/drugs/ndc.ts';
import { PRICING_MESSAGES, priceScheduleSchema } from '../../shared/src/drugs/pricing.ts';

function messages(schema: Parameters<typeof parseWithSchema>[0], body: unknown): string[] {
  const result = parseWithSchema(schema, body);
  return result.success ? [] : result.messages;
}

describe('POST /api/drugs/pricing-update body', () => {
  it('takes no ndcNumbers (every active medication) or a list, trimmed and without empty entries', () => {
    expect(parseWithSchema(pricingUpdateEndpoint.request, {})).toEqual({ success: true, data: {} });
    expect(parseWithSchema(pricingUpdateEndpoint.request, { ndcNumbers: [' 0071-0155-23 ', '', 'bad'] })).toEqual({ success: true, data: { ndcNumbers: ['0071-0155-23', 'bad'] } });
  });

  it('refuses an empty list, a list of blanks and a list that is not text', () => {
    expect(messages(pricingUpdateEndpoint.request, { ndcNumbers: [] })).toEqual([NDC_LIST_MESSAGES.required]);
    expect(messages(pricingUpdateEndpoint.request, { ndcNumbers: ['  '] })).toEqual([NDC_LIST_MESSAGES.required]);
    expect(messages(pricingUpdateEndpoint.request, { ndcNumbers: [12] })).toEqual([NDC_LIST_MESSAGES.entry]);
    expect(messages(pricingUpdateEndpoint.request, { ndcNumbers: Array.from({ length: 501 }, () => '0071-0155-23') })).toEqual([NDC_LIST_MESSAGES.tooMany]);
  });
});

describe('PUT /api/drugs/pricing-schedule body', () => {
  it('takes enabled, a weekday 0-6 and a 24-hour HH:MM time', () => {
    for (const body of [{ enabled: true, weekday: 0, time: '00:00' }, { enabled: false, weekday: 6, time: '23:59' }]) {
      expect(messages(savePriceScheduleEndpoint.request, body)).toEqual([]);
    }
  });

  it('refuses each bad field with its message', () => {
    expect(messages(savePriceScheduleEndpoint.request, {})).toEqual([PRICING_MESSAGES.enabled, PRICING_MESSAGES.weekday, PRICING_MESSAGES.time]);
    expect(messages(savePriceScheduleEndpoint.request, { enabled: true, weekday: 7, time: '06:00' })).toEqual([PRICING_MESSAGES.weekday]);
    expect(messages(savePriceScheduleEndpoint.request, { enabled: true, weekday: 1.5, time: '06:00' })).toEqual([PRICING_MESSAGES.weekday]);
    expect(messages(savePriceScheduleEndpoint.request, { enabled: true, weekday: -1, time: '06:00' })).toEqual([PRICING_MESSAGES.weekday]);
    for (const time of ['6:00', '24:00', '12:60', '12:00:00', 'noon']) {
      expect(messages(savePriceScheduleEndpoint.request, { enabled: true, weekday: 1, time })).toEqual([PRICING_MESSAGES.time]);
    }
  });

  it('answers the schedule with its zone, next run and last run', () => {
    const answer = { enabled: true, weekday: 1, time: '06:00', timezone: 'America/Chicago', nextRunAt: '2026-11-30T12:00:00+00:00', lastRun: null };
    expect(messages(priceScheduleSchema, answer)).toEqual([]);
    expect(messages(priceScheduleSchema, { ...answer, lastRun: { startedAt: 'x', finishedAt: 'y', status: 'done', localUpdatesApplied: 1, detail: null } })).not.toEqual([]);
  });
});

describe('POST /api/internal/drugs/price-update body', () => {
  it('names a pharmacy by id', () => {
    expect(messages(scheduledPriceUpdateEndpoint.request, { pharmacyId: '5d2e8f41-3b7c-4e0a-8f3d-91c2b4a6e7f8' })).toEqual([]);
    expect(messages(scheduledPriceUpdateEndpoint.request, { pharmacyId: 'x' })).toEqual([PRICING_MESSAGES.pharmacyId]);
  });
});
