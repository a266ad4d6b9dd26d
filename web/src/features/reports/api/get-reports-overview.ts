/**
 * The four stat cards of a period and of the period of equal length before it (public.reports_overview as the
 * caller: RLS, the caller's pharmacy). What each figure counts is written on the database function.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { reportsOverviewSchema, type ReportsOverview } from '@pharmacy/shared/reports/overview.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { reportsKeys } from '../keys.ts';
import type { DayRange } from '../report-period.ts';

export async function getReportsOverview(range: DayRange): Promise<ReportsOverview> {
  const { data, error } = await supabase.rpc('reports_overview', { from_date: range.from, to_date: range.to });
  if (error) throw new Error(clientMessageForDatabaseError(error));
  const parsed = reportsOverviewSchema.safeParse(data);
  if (!parsed.success) throw new Error(`Unexpected report figures: ${parsed.error.message}`);
  return parsed.data;
}

export function getReportsOverviewQueryOptions(pharmacyId: string, range: DayRange) {
  return queryOptions({
    meta: {
      reads: ['prescriptions', 'claims', 'claim_daily_totals', 'patient_payments', 'inventory_lots', 'inventory_totals',
        'inventory_daily_rollups', 'inventory_movements', 'medications', 'pharmacies'],
    },
    queryKey: reportsKeys.overview(pharmacyId, range.from, range.to),
    queryFn: () => getReportsOverview(range),
    // The old period's cards stay up (dimmed) while a new period loads.
    placeholderData: keepPreviousData,
  });
}

export function useReportsOverview(pharmacyId: string, range: DayRange | null) {
  return useQuery({ ...getReportsOverviewQueryOptions(pharmacyId, range ?? { from: '', to: '' }), enabled: range !== null });
}
