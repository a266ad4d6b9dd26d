/**
 * Scheduled reports (issue 26; migration 20261130008000_scheduled_reports): which reports each schedule of the
 * Reports settings sends — the one table of it. The database decides when a schedule is due and the period it covers
 * (private.due_scheduled_reports: daily the pharmacy day before, weekly the 7 days before, monthly the calendar month
 * before); the api function builds these reports of that period. Pure.
 */
import * as z from 'zod';
import type { ReportName } from './report.ts';
import { REPORT_FORMATS as REPORT_FILE_FORMATS, REPORT_WEEKDAYS } from '../settings/reports.ts';

export const REPORT_SCHEDULES = ['daily', 'weekly', 'monthly'] as const;
export type ReportSchedule = (typeof REPORT_SCHEDULES)[number];

/**
 * What each schedule sends: daily → the day's Daily Dispensing Log (the record a pharmacist signs) and Sales; weekly →
 * Sales and Inventory; monthly → Sales, Inventory, Patients and the Controlled Substance Log.
 */
export const SCHEDULED_REPORTS: Readonly<Record<ReportSchedule, readonly ReportName[]>> = {
  daily: ['dispensing-log', 'sales'],
  weekly: ['sales', 'inventory'],
  monthly: ['sales', 'inventory', 'patients', 'controlled-substances'],
};

export const REPORT_SCHEDULE_LABELS: Readonly<Record<ReportSchedule, string>> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

export const SCHEDULED_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ScheduledRunStatus = (typeof SCHEDULED_RUN_STATUSES)[number];

export const SCHEDULED_REPORT_MESSAGES = {
  serviceRoleOnly: 'Only the service role can run scheduled reports',
  runId: 'runId must be a scheduled report run id',
  noReportAddress: 'No report address set: the files are stored, not mailed',
} as const;

/** POST /api/internal/reports/scheduled-run. */
export const scheduledReportRunRequestSchema = z.object({
  runId: z.uuid({ error: SCHEDULED_REPORT_MESSAGES.runId }),
});

/** One stored file of a run (scheduled_report_runs.files). */
export const scheduledReportFileSchema = z.object({
  report: z.string(),
  name: z.string(),
  /** The object in the scheduled-reports bucket: <pharmacy_id>/<run_id>/<name>. */
  path: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  contentType: z.string(),
});
export type ScheduledReportFile = z.infer<typeof scheduledReportFileSchema>;

export const scheduledReportRunResultSchema = z.object({
  runId: z.uuid(),
  status: z.enum(SCHEDULED_RUN_STATUSES),
  files: z.array(scheduledReportFileSchema),
  recipient: z.string().nullable(),
  outboundMessageId: z.uuid().nullable(),
  detail: z.string().nullable(),
});
export type ScheduledReportRunResult = z.infer<typeof scheduledReportRunResultSchema>;

/** The private bucket that keeps the files. */
export const SCHEDULED_REPORTS_BUCKET = 'scheduled-reports';

/** The object name of a run's file. */
export function scheduledReportPath(pharmacyId: string, runId: string, fileName: string): string {
  return `${pharmacyId}/${runId}/${fileName}`;
}

/** public.report_schedules(): which schedules are on, as the job reads the Reports settings. */
const scheduleTime = z.string().regex(/^\d{2}:\d{2}$/);
export const reportSchedulesSchema = z.object({
  daily: z.object({ enabled: z.boolean(), time: scheduleTime }),
  weekly: z.object({ enabled: z.boolean(), day: z.enum(REPORT_WEEKDAYS), time: scheduleTime }),
  monthly: z.object({ enabled: z.boolean(), day: z.number().int().min(1).max(28), time: scheduleTime }),
  format: z.enum(REPORT_FILE_FORMATS),
  timeZone: z.string(),
});
export type ReportSchedules = z.infer<typeof reportSchedulesSchema>;

/** "Daily at 08:00; weekly on Monday at 08:00; monthly on day 1 at 08:00", only the schedules that are on. */
export function reportSchedulesText(schedules: ReportSchedules): string | null {
  const on = [
    schedules.daily.enabled ? `daily at ${schedules.daily.time}` : null,
    schedules.weekly.enabled ? `weekly on ${schedules.weekly.day[0]!.toUpperCase()}${schedules.weekly.day.slice(1)} at ${schedules.weekly.time}` : null,
    schedules.monthly.enabled ? `monthly on day ${schedules.monthly.day} at ${schedules.monthly.time}` : null,
  ].filter((text): text is string => text !== null);
  if (on.length === 0) return null;
  const text = on.join('; ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}`;
}
