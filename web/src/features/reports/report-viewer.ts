/**
 * The Reports card's pure parts: the reports it offers (the spec's Sales, Inventory and Patient buttons, and the two
 * logs a pharmacy must keep), what an empty report says, how a download's progress is worded, and which sign-off rows
 * a pharmacist may sign.
 */
import type { ReportName } from '@pharmacy/shared/reports/report.ts';

export const REPORT_CHOICES: readonly { report: ReportName; label: string }[] = [
  { report: 'sales', label: 'Sales' },
  { report: 'inventory', label: 'Inventory' },
  { report: 'patients', label: 'Patient' },
  { report: 'dispensing-log', label: 'Daily Dispensing Log' },
  { report: 'controlled-substances', label: 'Controlled Substance Log' },
];

export const REPORT_EMPTY_TEXT: Readonly<Record<ReportName, string>> = {
  sales: 'No fills in this period.',
  inventory: 'No products on file.',
  patients: 'No patients on file.',
  'dispensing-log': 'No fills were dispensed in this period.',
  'controlled-substances': 'No controlled substances were dispensed in this period.',
};

export const EXPORT_FORMATS = [
  { format: 'csv', label: 'CSV' },
  { format: 'pdf', label: 'PDF' },
  { format: 'xlsx', label: 'Excel' },
] as const;

/** Bytes as people read them: 820 B, 12.4 KB, 3.1 MB. */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A download's progress as a percent when the server said the size (a streamed report does not), else null. */
export function progressPercent(progress: { receivedBytes: number; totalBytes: number | null }): number | null {
  if (progress.totalBytes === null || progress.totalBytes <= 0) return null;
  return Math.min(100, Math.round((100 * progress.receivedBytes) / progress.totalBytes));
}

export function progressText(progress: { receivedBytes: number; totalBytes: number | null }): string {
  const percent = progressPercent(progress);
  if (percent !== null) return `${percent}% of ${byteSize(progress.totalBytes!)}`;
  return progress.receivedBytes === 0 ? 'Preparing the file…' : `${byteSize(progress.receivedBytes)} received`;
}

/** A day of the log a pharmacist may sign: not signed yet, or changed since it was signed. */
export function needsSignOff(row: Readonly<Record<string, string | number | null>>): boolean {
  return row.status === 'Not signed' || row.status === 'Changed since signed';
}
