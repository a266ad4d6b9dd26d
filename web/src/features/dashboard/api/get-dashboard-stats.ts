/**
 * The four stat cards (spec §3 "Dashboard stats"): pendingPrescriptions, completedToday, aiAlerts,
 * revenueToday, from the database function dashboard_stats (RLS applies: the caller's pharmacy only). "Today" is
 * the pharmacy's own day in its time zone, decided by the database; the terminal's day only keys the query, so a
 * dashboard left open refetches after midnight. What each number counts is written on the function.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { supabase } from '../../../lib/supabase.ts';
import { dashboardKeys } from '../keys.ts';
import type { LocalDay } from '../local-day.ts';

const dashboardStatsSchema = z.object({
  pendingPrescriptions: z.number(),
  completedToday: z.number(),
  aiAlerts: z.number(),
  revenueToday: z.coerce.number(),
});

export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export async function getDashboardStats(): Promise<DashboardStats> {
  const { data, error } = await supabase.rpc('dashboard_stats');
  if (error) throw new Error(error.message);
  const parsed = dashboardStatsSchema.safeParse(data);
  if (!parsed.success) throw new Error(`Unexpected dashboard stats: ${parsed.error.message}`);
  return parsed.data;
}

export function getDashboardStatsQueryOptions(pharmacyId: string, day: LocalDay) {
  return queryOptions({
    // The pharmacy's record gives its time zone, which decides the day dashboard_stats counts.
    meta: { reads: ['prescriptions', 'medications', 'prescription_queue_counters', 'pharmacies'] },
    queryKey: dashboardKeys.stats(pharmacyId, day.start.toISOString()),
    queryFn: () => getDashboardStats(),
  });
}

export function useDashboardStats(pharmacyId: string, day: LocalDay) {
  return useQuery(getDashboardStatsQueryOptions(pharmacyId, day));
}
