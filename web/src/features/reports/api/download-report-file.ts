/**
 * A report as a file (GET /api/reports/{report}?format=csv|pdf|xlsx), streamed with its progress, then saved
 * through the browser's download; `pmp` answers the ASAP 4.2 file for the state's PMP, which the server records as
 * submitted (so its fills are reported from then on).
 */
import { reportEndpoint } from '@pharmacy/shared/api/reports.ts';
import { PMP_REPORT, type ReportFormat, type ReportName, reportFileName } from '@pharmacy/shared/reports/report.ts';
import { useMutation } from '@tanstack/react-query';
import type { DownloadProgress } from '../../../lib/api-invoker.ts';
import { downloadBlob } from '../../../lib/download-text.ts';
import { downloadApiFile } from '../../../lib/invoke-api.ts';
import type { DayRange } from '../report-period.ts';

export type ReportFileFormat = Exclude<ReportFormat, 'json'>;

export interface ReportFileRequest {
  report: ReportName | typeof PMP_REPORT;
  range: DayRange;
  format: ReportFileFormat;
  onProgress?: (progress: DownloadProgress) => void;
}

const EXTENSIONS: Readonly<Record<ReportFileFormat, string>> = { csv: 'csv', pdf: 'pdf', xlsx: 'xlsx' };

/** Fetches the file and hands it to the browser; answers its name. */
export async function downloadReportFile({ report, range, format, onProgress }: ReportFileRequest): Promise<string> {
  const file = await downloadApiFile(reportEndpoint, { report }, { from: range.from, to: range.to, format },
    onProgress ? { onProgress } : {});
  const fileName = file.fileName ?? reportFileName({ report: report as ReportName, from: range.from, to: range.to }, report === PMP_REPORT ? 'txt' : EXTENSIONS[format]);
  downloadBlob(fileName, file.blob);
  return fileName;
}

export function useDownloadReportFile() {
  // The PMP file is recorded as a submission when written; the other files change nothing.
  return useMutation({ meta: { writes: ['pmp_submissions', 'pmp_reported_fills'] }, mutationFn: downloadReportFile });
}
