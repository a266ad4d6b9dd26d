/**
 * The Audit Log tab's CSV export (spec part 2 §7, issue 11 "CSV export"), one pure function so the web app and
 * any server export write the same file (common/csv.ts: RFC 4180, guarded against formula injection).
 */
import { csvRows } from '../common/csv.ts';
import type { AuditLogEntry } from './audit-log.ts';

/** What the tab shows for an entry without a known user (spec part 2 §6). */
export const UNKNOWN_USER_LABEL = 'Unknown User';

export const AUDIT_LOG_CSV_HEADER = ['Timestamp', 'User', 'Action', 'Description', 'IP Address', 'Status'] as const;

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
  return csvRows([AUDIT_LOG_CSV_HEADER, ...rows]);
}
