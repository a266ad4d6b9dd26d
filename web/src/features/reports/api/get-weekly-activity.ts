/**
 * Weekly Activity: the pharmacy's last 7 days, today last, new fills and refills of each (public.reports_weekly_activity
 * as the caller). The pharmacy's today keys the query, so a screen left open past midnight reads the new week.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { weeklyActivitySchema, type WeeklyActivity } from '@pharmacy/shared/reports/overview.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { reportsKeys } from '../keys.ts';

export async function getWeeklyActivity(): Promise<WeeklyActivity> {
  const { data, error } = await supabase.rpc('reports_weekly_activity');
  if (error) throw new Error(clientMessageForDatabaseError(error));
  const parsed = weeklyActivitySchema.safeParse(data);
  if (!parsed.success) throw new Error(`Unexpected weekly activity: ${parsed.error.message}`);
  return parsed.data;
}

export function getWeeklyActivityQueryOptions(pharmacyId: string, today: string) {
  return queryOptions({
    meta: { reads: ['prescriptions', 'pharmacies'] },
    queryKey: reportsKeys.weeklyActivity(pharmacyId, today),
    queryFn: () => getWeeklyActivity(),
  });
}

export function useWeeklyActivity(pharmacyId: string, today: string) {
  return useQuery(getWeeklyActivityQueryOptions(pharmacyId, today));
}
