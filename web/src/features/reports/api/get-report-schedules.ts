/**
 * Which report schedules of the Reports settings are on (public.report_schedules: staff with reports:read; the
 * settings group itself is read by admins only), read as the scheduled job reads them.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { reportSchedulesSchema, type ReportSchedules } from '@pharmacy/shared/reports/schedules.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { reportsKeys } from '../keys.ts';

export async function getReportSchedules(): Promise<ReportSchedules> {
  const { data, error } = await supabase.rpc('report_schedules');
  if (error) throw new Error(clientMessageForDatabaseError(error));
  const parsed = reportSchedulesSchema.safeParse(data);
  if (!parsed.success) throw new Error(`Unexpected report schedules: ${parsed.error.message}`);
  return parsed.data;
}

export function getReportSchedulesQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: ['pharmacy_settings', 'pharmacies'] },
    queryKey: reportsKeys.schedules(pharmacyId),
    queryFn: () => getReportSchedules(),
  });
}

export function useReportSchedules(pharmacyId: string) {
  return useQuery(getReportSchedulesQueryOptions(pharmacyId));
}
