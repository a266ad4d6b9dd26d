/**
 * Reports (issue 26; the database's reports: migration 20261130002000_reports): the reports GET /api/reports/{report}
 * serves, the query (a range of the pharmacy's days, at most 366, and the format), the answer's shape (the Billing
 * reports' columns, rows and totals, with notes and sections) and its CSV file. Pure.
 */
import * as z from 'zod';
import { dollarsText } from '../common/money.ts';
import { csvCell } from '../common/csv.ts';

/** The reports served today, each by one database function (REPORT_FUNCTIONS); pmp joins when its file is built. */
export const REPORTS = ['sales', 'inventory', 'patients', 'dispensing-log', 'controlled-substances'] as const;
export type ReportName = (typeof REPORTS)[number];

export const REPORT_LABELS: Readonly<Record<ReportName, string>> = {
  sales: 'Sales',
  inventory: 'Inventory',
  patients: 'Patients',
  'dispensing-log': 'Daily Dispensing Log',
  'controlled-substances': 'Controlled Substance Log',
};

/** The database function (public, security invoker) that answers each report. */
export const REPORT_FUNCTIONS = {
  sales: 'sales_report',
  inventory: 'inventory_report',
  patients: 'patients_report',
  'dispensing-log': 'dispensing_log_report',
  'controlled-substances': 'controlled_substances_report',
} as const satisfies Record<ReportName, string>;

/** GET /api/reports/pmp: the range's controlled fills as an ASAP 4.2 file for the state's PMP (reports/asap-pmp.ts). */
export const PMP_REPORT = 'pmp';

export function isReportName(value: string): value is ReportName {
  return (REPORTS as readonly string[]).includes(value);
}

export const REPORT_MAX_DAYS = 366;
/** The formats the contract names, all served (pdf and xlsx: report-pdf.ts and report-xlsx.ts). */
export const REPORT_FORMATS = ['json', 'csv', 'pdf', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_MESSAGES = {
  from: 'Choose the first day of the report',
  to: 'Choose the last day of the report',
  order: 'The last day of the report is before its first day',
  length: `A report covers at most ${REPORT_MAX_DAYS} days`,
  format: 'Choose json, csv, pdf or xlsx',
  unknown: 'Unknown report',
} as const;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
function isCalendarDay(text: unknown): text is string {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(text);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

const isoDay = (message: string) => z.string({ error: message }).refine(isCalendarDay, message);

/** GET /api/reports/{report}?from=&to=&format= (both days required; json when no format is given). */
export const reportQuerySchema = z.object({
  from: isoDay(REPORT_MESSAGES.from),
  to: isoDay(REPORT_MESSAGES.to),
  format: z.enum(REPORT_FORMATS, { error: REPORT_MESSAGES.format }).optional(),
}).superRefine((query, context) => {
  // Compared only when both are days: a wrong day has its own message.
  if (!isCalendarDay(query.from) || !isCalendarDay(query.to)) return;
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
  if (days < 0) context.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.order });
  else if (days >= REPORT_MAX_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.length });
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const REPORT_COLUMN_KINDS = ['text', 'date', 'count', 'cents', 'percent', 'quantity'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

const cellSchema = z.union([z.string(), z.number(), z.null()]);
const tableSchema = z.object({
  title: z.string(),
  columns: z.array(z.object({ key: z.string(), label: z.string(), kind: z.enum(REPORT_COLUMN_KINDS) })),
  rows: z.array(z.record(z.string(), cellSchema)),
  totals: z.record(z.string(), z.number()),
});
export type ReportTable = z.infer<typeof tableSchema>;

export const reportSchema = tableSchema.extend({
  report: z.enum(REPORTS),
  from: z.string(),
  to: z.string(),
  /** Stock and value are as of this day (inventory). */
  asOf: z.string().optional(),
  /** Texts printed with the report: the dispensing log's sign-off, the controlled drug disclaimer. */
  notes: z.array(z.object({ key: z.string(), label: z.string(), text: z.string() })).optional(),
  /** More tables of the same report (sales by payer and by drug, dead stock, expiring lots). */
  sections: z.array(tableSchema.extend({ key: z.string() })).optional(),
  /** A log longer than the row limit answers its first rows and says so. */
  truncated: z.boolean().optional(),
});
export type Report = z.infer<typeof reportSchema>;

/**
 * What every form of a report says when its rows were capped (a long log, a large catalogue): the totals still count
 * every row.
 */
export function reportTruncatedText(report: Pick<Report, 'rows'>): string {
  return `Only the first ${report.rows.length.toLocaleString('en-US')} rows are shown (the totals count them all): choose a shorter range`;
}

/** A cell as the CSV holds it: money as dollars (12.50), nothing as empty. */
export function reportCellText(value: string | number | null | undefined, kind: ReportColumnKind): string {
  if (value === null || value === undefined) return '';
  if (kind === 'cents' && typeof value === 'number') return dollarsText(value);
  return String(value);
}

/** A column's heading in a data file (CSV, Excel), whose cells are bare numbers: money says ($), a percent (%). */
export function reportFileHeading(column: { label: string; kind: ReportColumnKind }): string {
  return column.kind === 'cents' ? `${column.label} ($)` : column.kind === 'percent' ? `${column.label} (%)` : column.label;
}

/** A numeric column's cell stays a number (a negative margin is not a formula); anything else is formula-guarded. */
function csvField(text: string, kind: ReportColumnKind): string {
  return kind !== 'text' && kind !== 'date' && /^-?\d+(\.\d+)?$/.test(text) ? text : csvCell(text);
}

function tableLines(table: ReportTable): string[] {
  return [
    table.columns.map((column) => csvCell(reportFileHeading(column))).join(','),
    ...table.rows.map((row) => table.columns.map((column) => csvField(reportCellText(row[column.key], column.kind), column.kind)).join(',')),
  ];
}

/**
 * The report as a CSV file: its title and range, the main table (labels, then rows, money in dollars), each
 * section after an empty line with its title, then the notes; CRLF after each line.
 */
export function reportCsv(report: Report): string {
  const lines = [csvCell(`${report.title}, ${report.from} to ${report.to}`), ...tableLines(report)];
  for (const section of report.sections ?? []) lines.push('', csvCell(section.title), ...tableLines(section));
  if (report.truncated) lines.push('', csvCell(reportTruncatedText(report)));
  for (const note of report.notes ?? []) if (note.text !== '') lines.push('', `${csvCell(note.label)},${csvCell(note.text)}`);
  return lines.map((line) => `${line}\r\n`).join('');
}

/** The file name a download gets: sales-2026-11-01-to-2026-11-30.csv. */
export function reportFileName(report: Pick<Report, 'report' | 'from' | 'to'>, extension: string): string {
  return `${report.report}-${report.from}-to-${report.to}.${extension}`;
}
