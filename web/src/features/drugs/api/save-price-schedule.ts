/**
 * Schedule Updates (PUT /api/drugs/pricing-schedule {enabled, weekday, time}): the weekly price update's schedule,
 * answered as GET answers it after the save (so the next run shows at once).
 */
import { savePriceScheduleEndpoint } from '@pharmacy/shared/api/drug-pricing.ts';
import type { PriceSchedule, PriceScheduleWrite } from '@pharmacy/shared/drugs/pricing.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { drugKeys } from '../keys.ts';

export function savePriceSchedule(schedule: PriceScheduleWrite): Promise<PriceSchedule> {
  return invokeApi(savePriceScheduleEndpoint, schedule);
}

export function useSavePriceSchedule(pharmacyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { writes: ['drug_price_schedules', 'audit_log'] },
    mutationFn: savePriceSchedule,
    onSuccess: (saved) => queryClient.setQueryData(drugKeys.priceSchedule(pharmacyId), saved),
  });
}
