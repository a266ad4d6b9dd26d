/**
 * The file a scheduled report is stored and mailed as, in the Reports settings' defaultReportFormat: the one place
 * a format becomes bytes. Today every format is written as CSV (reportCsv), since the PDF and Excel writers are not
 * built yet; when they are, pdf → application/pdf (.pdf) and excel → xlsx
 * (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet) are wired here and nowhere else.
 */
import { type Report, reportCsv, reportFileName } from '@pharmacy/shared/reports/report.ts';
import type { REPORT_FORMATS } from '@pharmacy/shared/settings/reports.ts';

export type ScheduledReportFormat = (typeof REPORT_FORMATS)[number];

export interface ScheduledReportFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

const encoder = new TextEncoder();

export function renderScheduledReportFile(report: Report, format: ScheduledReportFormat): ScheduledReportFile {
  switch (format) {
    // PDF and Excel fall through to CSV until their writers exist (see above).
    case 'pdf':
    case 'excel':
    case 'csv':
      return { name: reportFileName(report, 'csv'), contentType: 'text/csv', bytes: encoder.encode(reportCsv(report)) };
  }
}
