/**
 * The Scheduled reports card's list: a page of the pharmacy's scheduled report runs, newest first, cut by the
 * database with an exact total (index scheduled_report_runs_page_idx). RLS admits only staff with reports:read of
 * the signed-in staff member's pharmacy.
 */
import { scheduledReportFileSchema, type ReportSchedule, type ScheduledReportFile, type ScheduledRunStatus } from '@pharmacy/shared/reports/schedules.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { pageOffset } from '../../../lib/paging.ts';
import { supabase } from '../../../lib/supabase.ts';
import { reportsKeys } from '../keys.ts';

export interface ScheduledReportRun {
  id: string;
  schedule: ReportSchedule;
  periodFrom: string;
  periodTo: string;
  status: ScheduledRunStatus;
  queuedAt: string;
  finishedAt: string | null;
  files: ScheduledReportFile[];
  recipient: string | null;
  detail: string | null;
}

const filesSchema = z.array(scheduledReportFileSchema);

export async function getScheduledReportRuns(page: number, pageSize: number): Promise<{ runs: ScheduledReportRun[]; total: number }> {
  const from = pageOffset(page, pageSize);
  const { data, error, count } = await supabase
    .from('scheduled_report_runs')
    .select('id, schedule, period_from, period_to, status, queued_at, finished_at, files, recipient, detail', { count: 'exact' })
    .order('queued_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + pageSize - 1);
  if (error) throw new Error(error.message);
  const runs = (data ?? []).map((row) => ({
    id: row.id,
    schedule: row.schedule as ReportSchedule,
    periodFrom: row.period_from,
    periodTo: row.period_to,
    status: row.status as ScheduledRunStatus,
    queuedAt: row.queued_at,
    finishedAt: row.finished_at,
    // A row the database wrote; a shape it never writes reads as no files rather than breaking the card.
    files: filesSchema.safeParse(row.files).data ?? [],
    recipient: row.recipient,
    detail: row.detail,
  }));
  return { runs, total: count ?? 0 };
}

export function getScheduledReportRunsQueryOptions(pharmacyId: string, page: number, pageSize: number) {
  return queryOptions({
    meta: { reads: ['scheduled_report_runs'] },
    queryKey: reportsKeys.scheduledRuns(pharmacyId, page, pageSize),
    queryFn: () => getScheduledReportRuns(page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useScheduledReportRuns(pharmacyId: string, page: number, pageSize: number) {
  return useQuery(getScheduledReportRunsQueryOptions(pharmacyId, page, pageSize));
}
