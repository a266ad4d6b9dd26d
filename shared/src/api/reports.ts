/**
 * Reports (issue 26): GET /api/reports/{report}?from=YYYY-MM-DD&to=YYYY-MM-DD&format=json|csv|pdf|xlsx for pharmacists
 * and admins (reports:read, decided by the database). csv, pdf and xlsx answer the report as a file
 * (Content-Disposition: attachment; PDF and Excel streamed, laid out by the pharmacy's Reports settings). `pmp` answers the
 * range's controlled fills as an ASAP 4.2 text file, whatever the format, and records it as submitted.
 */
import { reportQuerySchema, reportSchema } from '../reports/report.ts';
import { scheduledReportRunRequestSchema, scheduledReportRunResultSchema } from '../reports/schedules.ts';
import { apiEndpoint } from './endpoint.ts';

export const reportEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/reports/:report',
  access: 'signed-in',
  request: null,
  query: reportQuerySchema,
  response: reportSchema,
  format: 'json',
  successStatus: 200,
});

/**
 * POST /api/internal/reports/scheduled-run `{ runId }`: runs a queued scheduled report run (the database's pg_cron job
 * asks through pg_net), service role only (403 otherwise): builds the schedule's reports (reports/schedules.ts) of the
 * run's period for its pharmacy, stores them in the scheduled-reports bucket and queues one email with them.
 */
export const scheduledReportRunEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/internal/reports/scheduled-run',
  access: 'anyone',
  request: scheduledReportRunRequestSchema,
  response: scheduledReportRunResultSchema,
  format: 'json',
  successStatus: 200,
});
