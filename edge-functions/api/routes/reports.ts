/**
 * Reports (shared/src/api/reports.ts): each report is one database function called with the caller's JWT, which
 * decides who may read it (reports:read) and whose pharmacy it is; this route picks the function and answers the
 * format asked: JSON, or a file (CSV, PDF, Excel: reports/report-file.ts) with the pharmacy's layout for PDF and Excel
 * (reports/report-layout.ts, read as the caller). `pmp` answers the range's controlled fills as an ASAP 4.2 file
 * (shared/src/reports/asap-pmp.ts) and records it as submitted (record_pmp_submission): the file is what the pharmacy
 * uploads to the state, so its fills are reported from then on and come again as revisions or voids. The scheduled
 * run (service role only) builds a schedule's reports for the run's pharmacy: reports/scheduled-run.ts.
 */
import { reportEndpoint, scheduledReportRunEndpoint } from '@pharmacy/shared/api/reports.ts';
import { SCHEDULED_REPORT_MESSAGES } from '@pharmacy/shared/reports/schedules.ts';
import { PMP_REPORT, REPORT_FUNCTIONS, REPORT_MESSAGES, type Report, isReportName } from '@pharmacy/shared/reports/report.ts';
import {
  AsapFileError, asapFileName, asapFileSha256, newAsapControlNumber, pmpFillsAnswerSchema, writeAsap42,
} from '@pharmacy/shared/reports/asap-pmp.ts';
import { type ApiRouter, FileDownload } from '../../_shared/api-endpoints.ts';
import { reportFile } from '../reports/report-file.ts';
import { readReportLayout } from '../reports/report-layout.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import { isServiceRoleRequest } from '../../_shared/auth.ts';
import { createAdminClient, createUserClient } from '../../_shared/supabase-clients.ts';
import { runScheduledReports } from '../reports/scheduled-run.ts';

export function addReportRoutes(router: ApiRouter): void {
  router.serve(reportEndpoint, async ({ req, params, query }) => {
    if (params.report === PMP_REPORT) return pmpFile(req, query.from, query.to);
    if (!isReportName(params.report)) throw new HttpError(404, `${REPORT_MESSAGES.unknown} ${params.report}`);
    const format = query.format ?? 'json';
    const client = createUserClient(req);
    const { data, error } = await client.rpc(REPORT_FUNCTIONS[params.report], { from_date: query.from, to_date: query.to });
    if (error) throw databaseFailure('reading the report', error);
    const report = { ...(data as unknown as Omit<Report, 'report'>), report: params.report, from: query.from, to: query.to };
    if (format === 'json') return report;
    if (format === 'csv') return reportFile(report, format);
    return reportFile(report, format, await readReportLayout(client));
  });

  // The scheduled run: only the service role's token (the database's pg_cron job); the pharmacy is the run's.
  router.serve(scheduledReportRunEndpoint, ({ req, body }) => {
    if (!isServiceRoleRequest(req)) throw new HttpError(403, SCHEDULED_REPORT_MESSAGES.serviceRoleOnly);
    return runScheduledReports(createAdminClient(), body.runId);
  });
}

/** The PMP file of the range (every format: the state takes ASAP text), recorded as submitted once written. */
async function pmpFile(req: Request, from: string, to: string): Promise<FileDownload> {
  const client = createUserClient(req);
  const { data, error } = await client.rpc('pmp_fills', { from_date: from, to_date: to });
  if (error) throw databaseFailure('reading the controlled fills', error);
  const parsed = pmpFillsAnswerSchema.safeParse(data);
  if (!parsed.success) throw new Error(`pmp_fills answered outside its shape: ${parsed.error.message}`);
  const answer = parsed.data;
  let file;
  try {
    file = writeAsap42({
      pharmacy: answer.pharmacy, fills: answer.fills, from, to, controlNumber: newAsapControlNumber(), createdAt: new Date(), timeZone: answer.timeZone,
    });
  } catch (failure) {
    // A fill the state would reject (no NDC, no quantity, a prescriber without DEA or NPI): named, fixed first.
    if (failure instanceof AsapFileError) throw new HttpError(409, failure.message);
    throw failure;
  }
  const { error: recordError } = await client.rpc('record_pmp_submission', {
    from_date: from, to_date: to, fill_ids: file.fillIds, file_sha256: await asapFileSha256(file.text), segment_count: file.segmentCount,
  });
  if (recordError) throw databaseFailure('recording the PMP file', recordError);
  return new FileDownload(file.text, 'text/plain; charset=us-ascii', asapFileName(answer.pharmacy, from, to));
}
