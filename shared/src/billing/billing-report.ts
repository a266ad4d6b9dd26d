/**
 * The Billing screen's Reports tab (issue 25; the database's reports: migration 20261129005500_billing_reports):
 * the six reports and their labels, the query (a range of the pharmacy's days, at most 366, and a payer by BIN),
 * the answer's shape (columns with their kind, rows, totals; money in cents) and its CSV file. Pure.
 */
import * as z from 'zod';
import { dollarsText } from '../common/money.ts';
import { csvRows } from '../common/csv.ts';

export const BILLING_REPORTS = ['daily-claims', 'weekly-revenue', 'rejection-analysis', 'payer-performance', 'aging', 'custom'] as const;
export type BillingReportName = (typeof BILLING_REPORTS)[number];
/** Spec §2: the six buttons. */
export const BILLING_REPORT_LABELS: Readonly<Record<BillingReportName, string>> = {
  'daily-claims': 'Daily Claims',
  'weekly-revenue': 'Weekly Revenue',
  'rejection-analysis': 'Rejection Analysis',
  'payer-performance': 'Payer Performance',
  aging: 'Aging',
  custom: 'Custom',
};
export const BILLING_REPORT_MAX_DAYS = 366;

export const BILLING_REPORT_MESSAGES = {
  from: 'Choose the first day of the report',
  to: 'Choose the last day of the report',
  order: 'The last day of the report is before its first day',
  length: `A report covers at most ${BILLING_REPORT_MAX_DAYS} days`,
  payer: 'A payer is chosen by its 6-digit BIN',
} as const;

const isoDay = (message: string) => z.string({ error: message }).regex(/^\d{4}-\d{2}-\d{2}$/, message);

/** GET /api/claims/reports/{report}?from=&to=&payer= (aging ignores the range). */
export const billingReportQuerySchema = z.object({
  from: isoDay(BILLING_REPORT_MESSAGES.from).optional(),
  to: isoDay(BILLING_REPORT_MESSAGES.to).optional(),
  payer: z.string().regex(/^\d{6}$/, BILLING_REPORT_MESSAGES.payer).optional(),
}).superRefine((query, context) => {
  if (query.from && query.to) {
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
    if (days < 0) context.addIssue({ code: 'custom', path: ['to'], message: BILLING_REPORT_MESSAGES.order });
    else if (days >= BILLING_REPORT_MAX_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: BILLING_REPORT_MESSAGES.length });
  }
});
export type BillingReportQuery = z.infer<typeof billingReportQuerySchema>;

export const REPORT_COLUMN_KINDS = ['text', 'date', 'count', 'cents', 'percent', 'ms'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

export const billingReportSchema = z.object({
  report: z.enum(BILLING_REPORTS),
  title: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  payerBin: z.string().nullable(),
  asOf: z.string().optional(),
  columns: z.array(z.object({ key: z.string(), label: z.string(), kind: z.enum(REPORT_COLUMN_KINDS) })),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  totals: z.record(z.string(), z.number()),
});
export type BillingReport = z.infer<typeof billingReportSchema>;

/** A cell as the CSV holds it: money as a plain decimal (12.50), a percent as its number, nothing as empty. */
export function reportCellText(value: string | number | null | undefined, kind: ReportColumnKind): string {
  if (value === null || value === undefined) return '';
  if (kind === 'cents' && typeof value === 'number') return dollarsText(value);
  return String(value);
}

/** The report as a CSV file: the column labels, then each row (money in dollars), CRLF after each row. */
export function billingReportCsv(report: BillingReport): string {
  return csvRows([
    report.columns.map((column) => column.kind === 'cents' ? `${column.label} ($)` : column.kind === 'percent' ? `${column.label} (%)` : column.kind === 'ms' ? `${column.label} (ms)` : column.label),
    ...report.rows.map((row) => report.columns.map((column) => reportCellText(row[column.key], column.kind))),
  ]);
}

/** The file name a download gets: billing-daily-claims-2026-11-01-to-2026-11-30.csv. */
export function billingReportFileName(report: Pick<BillingReport, 'report' | 'from' | 'to' | 'asOf'>): string {
  const range = report.report === 'aging' ? `as-of-${report.asOf ?? ''}` : `${report.from}-to-${report.to}`;
  return `billing-${report.report}-${range}.csv`;
}
