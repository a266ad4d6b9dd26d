/**
 * The weekly price update's schedule (GET /api/drugs/pricing-schedule): on or off, weekday and time in the
 * pharmacy's time zone, the next run and the last run with its outcome.
 */
import { priceScheduleEndpoint } from '@pharmacy/shared/api/drug-pricing.ts';
import type { PriceSchedule } from '@pharmacy/shared/drugs/pricing.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { drugKeys } from '../keys.ts';

export function getPriceSchedule(): Promise<PriceSchedule> {
  return invokeApi(priceScheduleEndpoint);
}

export function getPriceScheduleQueryOptions(pharmacyId: string) {
  return queryOptions({ meta: { reads: ['drug_price_schedules'] }, queryKey: drugKeys.priceSchedule(pharmacyId), queryFn: getPriceSchedule });
}

export function usePriceSchedule(pharmacyId: string) {
  return useQuery(getPriceScheduleQueryOptions(pharmacyId));
}
