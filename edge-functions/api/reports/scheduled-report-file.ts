/**
 * The file a scheduled report is stored and mailed as, in the Reports settings' defaultReportFormat (pdf, excel, csv):
 * written by the same reportFile as GET /api/reports/{report}?format= (report-file.ts), with the pharmacy's layout,
 * then read into bytes to store and attach.
 */
import type { Report } from '@pharmacy/shared/reports/report.ts';
import type { ReportLayout } from '@pharmacy/shared/reports/report-layout.ts';
import type { REPORT_FORMATS } from '@pharmacy/shared/settings/reports.ts';
import { reportFile, type ReportFileFormat } from './report-file.ts';

export type ScheduledReportFormat = (typeof REPORT_FORMATS)[number];

export interface ScheduledReportFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The settings name Excel what the api calls xlsx. */
const FILE_FORMATS: Readonly<Record<ScheduledReportFormat, ReportFileFormat>> = { pdf: 'pdf', excel: 'xlsx', csv: 'csv' };

export async function renderScheduledReportFile(report: Report, format: ScheduledReportFormat, layout: ReportLayout): Promise<ScheduledReportFile> {
  const file = reportFile(report, FILE_FORMATS[format], layout);
  // Stored and attached under the bare media type (the bucket lists text/csv, not its charset parameter).
  const contentType = file.contentType.split(';')[0]!.trim();
  return { name: file.fileName, contentType, bytes: new Uint8Array(await new Response(file.body).arrayBuffer()) };
}
