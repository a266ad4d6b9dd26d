/**
 * A scheduled reports run (POST /api/internal/reports/scheduled-run, service role; the database's pg_cron job asks
 * for it): marks the run running (public.start_scheduled_report_run), builds each report of its schedule
 * (SCHEDULED_REPORTS) for the run's pharmacy and period (public.run_report_for_pharmacy), stores each file in the
 * private scheduled-reports bucket at <pharmacy_id>/<run_id>/<file>, and records the outcome
 * (public.finish_scheduled_report_run), which queues one email with the files to the pharmacy's report address (Email
 * settings' mainEmailAddress) in the same transaction. Any failure is recorded on the run with its reason.
 */
import type { Database } from '@pharmacy/shared/database/database.types.ts';
import { type Report, REPORT_LABELS } from '@pharmacy/shared/reports/report.ts';
import {
  REPORT_SCHEDULE_LABELS, SCHEDULED_REPORTS, SCHEDULED_REPORTS_BUCKET, type ReportSchedule, type ScheduledReportFile,
  type ScheduledReportRunResult, scheduledReportPath,
} from '@pharmacy/shared/reports/schedules.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import { readSettingsGroups } from '../../_shared/settings-groups.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';
import { readReportLayout } from './report-layout.ts';
import { renderScheduledReportFile } from './scheduled-report-file.ts';

type RunRow = Database['public']['Tables']['scheduled_report_runs']['Row'];

function failureReason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function startRun(service: DatabaseClient, runId: string): Promise<RunRow> {
  const { data, error } = await service.rpc('start_scheduled_report_run', { run_id: runId });
  if (error) {
    if (error.code === 'P0002') throw new HttpError(404, error.message);
    if (error.code === 'P0001') throw new HttpError(409, error.message);
    throw databaseFailure('starting the scheduled report run', error);
  }
  return data as RunRow;
}

async function buildAndStore(service: DatabaseClient, run: RunRow, format: Parameters<typeof renderScheduledReportFile>[1], files: ScheduledReportFile[]): Promise<void> {
  // A CSV prints no page; a PDF or Excel file prints the pharmacy's name, logo and Reports settings.
  const layout = await readReportLayout(service, new Date(), run.pharmacy_id);
  for (const name of SCHEDULED_REPORTS[run.schedule as ReportSchedule]) {
    const { data, error } = await service.rpc('run_report_for_pharmacy', {
      report_pharmacy_id: run.pharmacy_id, report: name, from_date: run.period_from, to_date: run.period_to,
    });
    if (error) throw new Error(`${REPORT_LABELS[name]}: ${error.message}`);
    const report = { ...(data as unknown as Omit<Report, 'report'>), report: name, from: run.period_from, to: run.period_to };
    const file = await renderScheduledReportFile(report, format, layout);
    const path = scheduledReportPath(run.pharmacy_id, run.id, file.name);
    const { error: uploadError } = await service.storage
      .from(SCHEDULED_REPORTS_BUCKET)
      .upload(path, new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.contentType }), { contentType: file.contentType, upsert: true });
    if (uploadError) throw new Error(`${REPORT_LABELS[name]}: storing the file failed: ${uploadError.message}`);
    files.push({ report: name, name: file.name, path, sizeBytes: file.bytes.byteLength, contentType: file.contentType });
  }
}

function mailOf(run: RunRow, pharmacyName: string, files: ScheduledReportFile[]): { subject: string; body: string } {
  const label = REPORT_SCHEDULE_LABELS[run.schedule as ReportSchedule];
  const period = run.period_from === run.period_to ? run.period_from : `${run.period_from} to ${run.period_to}`;
  return {
    subject: `${label} reports of ${pharmacyName}, ${period}`,
    body: [
      `The ${label.toLowerCase()} reports of ${pharmacyName} for ${period}:`,
      '',
      ...files.map((file) => `- ${REPORT_LABELS[file.report as keyof typeof REPORT_LABELS] ?? file.report}: ${file.name}`),
      '',
      'The files are also kept on the Reports screen under Scheduled reports.',
      'This is an automated message; please do not reply.',
    ].join('\n'),
  };
}

export async function runScheduledReports(service: DatabaseClient, runId: string): Promise<ScheduledReportRunResult> {
  const run = await startRun(service, runId);
  const files: ScheduledReportFile[] = [];
  let failure: string | null = null;
  let mail: { recipient: string; subject: string; body: string } | null = null;
  try {
    const settings = await readSettingsGroups(service, run.pharmacy_id, ['reports', 'email']);
    await buildAndStore(service, run, settings.reports.defaultReportFormat, files);
    const recipient = settings.email.mainEmailAddress.trim();
    if (recipient !== '') {
      const { data: pharmacy, error } = await service.from('pharmacies').select('pharmacy_name').eq('id', run.pharmacy_id).single();
      if (error) throw databaseFailure('reading the pharmacy', error);
      mail = { recipient, ...mailOf(run, pharmacy.pharmacy_name, files) };
    }
  } catch (error) {
    failure = failureReason(error);
  }
  const { data, error } = await service.rpc('finish_scheduled_report_run', {
    run_id: run.id,
    run_files: files,
    ...(failure !== null ? { failure } : mail ? { mail_recipient: mail.recipient, mail_subject: mail.subject, mail_body: mail.body } : {}),
  });
  if (error) throw databaseFailure('recording the scheduled report run', error);
  const finished = data as RunRow;
  return {
    runId: finished.id,
    status: finished.status as ScheduledReportRunResult['status'],
    files: finished.files as unknown as ScheduledReportFile[],
    recipient: finished.recipient,
    outboundMessageId: finished.outbound_message_id,
    detail: finished.detail,
  };
}
