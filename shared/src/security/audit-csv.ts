/**
 * The Audit Log tab's CSV export (spec part 2 §7, issue 11 "CSV export"), one pure function so the web app and
 * any server export write the same file: RFC 4180 (CRLF line ends, a field with a comma, quote, CR or LF
 * quoted and its quotes doubled) and guarded against formula injection — a cell a spreadsheet would run as a
 * formula (starting with =, +, -, @, or a tab or CR that some spreadsheets skip) is prefixed with ' so it stays text.
 */
import type { AuditLogEntry } from './audit-log.ts';

/** What the tab shows for an entry without a known user (spec part 2 §6). */
export const UNKNOWN_USER_LABEL = 'Unknown User';

export const AUDIT_LOG_CSV_HEADER = ['Timestamp', 'User', 'Action', 'Description', 'IP Address', 'Status'] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula-guarded, then quoted when RFC 4180 needs it. */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The entries as a CSV file: a header row, then one row per entry in the order given, CRLF after each row. */
export function auditLogCsv(entries: readonly AuditLogEntry[]): string {
  const rows = entries.map((entry) => [
    entry.timestamp,
    entry.userName ?? UNKNOWN_USER_LABEL,
    entry.action,
    entry.description,
    entry.ipAddress ?? '',
    entry.success ? 'Success' : 'Failed',
  ]);
  return [AUDIT_LOG_CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}
