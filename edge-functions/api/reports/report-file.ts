/**
 * A report as the file a format names (CSV, PDF, Excel), ready to answer or to attach: the one place the format is
 * chosen, used by GET /api/reports/{report} and by scheduled reports. PDF and Excel leave the screen, so they print
 * patient names as initials unless the Reports settings include them (reportForFile); the CSV is the JSON's data
 * as it is. PDF and Excel stream: the body is written while it is sent.
 */
import { type Report, reportCsv, reportFileName } from '@pharmacy/shared/reports/report.ts';
import { type ReportLayout, reportForFile } from '@pharmacy/shared/reports/report-layout.ts';
import { PDF_CONTENT_TYPE, reportPdf } from '@pharmacy/shared/reports/report-pdf.ts';
import { XLSX_CONTENT_TYPE, reportXlsx } from '@pharmacy/shared/reports/report-xlsx.ts';
import { FileDownload } from '../../_shared/api-endpoints.ts';

export type ReportFileFormat = 'csv' | 'pdf' | 'xlsx';

/** The file; a CSV needs no layout (it prints no page). */
export function reportFile(report: Report, format: 'csv', layout?: ReportLayout): FileDownload;
export function reportFile(report: Report, format: ReportFileFormat, layout: ReportLayout): FileDownload;
export function reportFile(report: Report, format: ReportFileFormat, layout?: ReportLayout): FileDownload {
  if (format === 'csv') return new FileDownload(reportCsv(report), 'text/csv; charset=utf-8', reportFileName(report, 'csv'));
  if (layout === undefined) throw new Error(`a ${format} report file needs its layout`);
  const printed = reportForFile(report, layout.settings);
  if (format === 'pdf') return new FileDownload(reportPdf(printed, layout), PDF_CONTENT_TYPE, reportFileName(report, 'pdf'));
  return new FileDownload(reportXlsx(printed, layout.generatedAt), XLSX_CONTENT_TYPE, reportFileName(report, 'xlsx'));
}
