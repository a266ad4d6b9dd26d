/**
 * Scheduled reports (issue 26; migration 20261130005000_scheduled_reports): which reports each schedule of the
 * Reports settings sends — the one table of it. The database decides when a schedule is due and the period it covers
 * (private.due_scheduled_reports: daily the pharmacy day before, weekly the 7 days before, monthly the calendar month
 * before); the api function builds these reports of that period. Pure.
 */
import * as z from 'zod';
import type { ReportName } from './report.ts';

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
