/**
 * Reports (shared/src/api/reports.ts): each report is one database function called with the caller's JWT, which
 * decides who may read it (reports:read) and whose pharmacy it is; this route picks the function, refuses what
 * is not built yet and writes the CSV file.
 */
import { reportEndpoint } from '@pharmacy/shared/api/reports.ts';
import {
  REPORT_FORMATS_SERVED, REPORT_FUNCTIONS, REPORT_MESSAGES, type Report, isReportName, reportCsv, reportFileName,
} from '@pharmacy/shared/reports/report.ts';
import { type ApiRouter, FileDownload } from '../../_shared/api-endpoints.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';

export function addReportRoutes(router: ApiRouter): void {
  router.serve(reportEndpoint, async ({ req, params, query }) => {
    if (!isReportName(params.report)) throw new HttpError(404, `${REPORT_MESSAGES.unknown} ${params.report}`);
    const format = query.format ?? 'json';
    if (!REPORT_FORMATS_SERVED.includes(format)) throw new HttpError(406, REPORT_MESSAGES.notYet);
    const { data, error } = await createUserClient(req).rpc(REPORT_FUNCTIONS[params.report], { from_date: query.from, to_date: query.to });
    if (error) throw databaseFailure('reading the report', error);
    const report = { ...(data as unknown as Omit<Report, 'report'>), report: params.report, from: query.from, to: query.to };
    if (format === 'csv') return new FileDownload(reportCsv(report), 'text/csv; charset=utf-8', reportFileName(report, 'csv'));
    return report;
  });
}
