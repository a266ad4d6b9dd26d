/**
 * The Reports tab's pure parts: the default range (this month in the pharmacy's days), the form and its checking
 * with the shared query schema (a range for every report but Aging, which is as of today), the query the endpoint
 * gets, a report cell as the screen shows it (by kind: shared/src/common/report-cell.ts; claim statuses by name),
 * the payers a range billed, and the 835 file's check before upload.
 */
import { REMITTANCE_MESSAGES } from '@pharmacy/shared/api/claims.ts';
import {
  BILLING_REPORT_MAX_DAYS, BILLING_REPORT_MESSAGES, BILLING_REPORTS, billingReportQuerySchema, type BillingReport, type BillingReportName, type BillingReportQuery,
} from '@pharmacy/shared/billing/billing-report.ts';
import { CLAIM_STATUS_LABELS } from '@pharmacy/shared/billing/claim.ts';
import { type ReportCellKind, reportCellDisplay } from '@pharmacy/shared/common/report-cell.ts';
import { X12_MAX_CHARS } from '@pharmacy/shared/inventory/x12/envelope.ts';
import * as z from 'zod';

/** The first and last day (YYYY-MM-DD) of the month holding `today` (the pharmacy's local date). */
export function monthRange(today: string): { from: string; to: string } {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(today);
  if (!match) throw new RangeError(`not an ISO date: ${today}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  // Day 0 of the next month is this month's last day; UTC so no time zone moves it.
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${match[1]}-${match[2]}-01`, to: `${match[1]}-${match[2]}-${String(lastDay).padStart(2, '0')}` };
}

/** The Reports form as typed: the report (its buttons), the range, and a payer's BIN ('' for every payer). */
export const reportFormSchema = z.object({
  report: z.enum(BILLING_REPORTS),
  from: z.string(),
  to: z.string(),
  payer: z.string(),
}).superRefine((form, context) => {
  if (form.report !== 'aging') {
    if (form.from === '') context.addIssue({ code: 'custom', path: ['from'], message: BILLING_REPORT_MESSAGES.from });
    if (form.to === '') context.addIssue({ code: 'custom', path: ['to'], message: BILLING_REPORT_MESSAGES.to });
  }
  // The endpoint's own checks (day format, order, 366 days, BIN), with their messages and fields.
  const checked = billingReportQuerySchema.safeParse(reportQuery(form));
  if (!checked.success) {
    for (const issue of checked.error.issues) context.addIssue({ code: 'custom', path: issue.path as PropertyKey[], message: issue.message });
  }
});
export type ReportForm = z.infer<typeof reportFormSchema>;

/** What the endpoint is asked: Aging takes no range (it is as of today); no payer is every payer. */
export function reportQuery(form: Pick<ReportForm, 'report' | 'from' | 'to' | 'payer'>): BillingReportQuery {
  return {
    ...(form.report !== 'aging' && form.from !== '' ? { from: form.from } : {}),
    ...(form.report !== 'aging' && form.to !== '' ? { to: form.to } : {}),
    ...(form.payer !== '' ? { payer: form.payer } : {}),
  };
}

/** A report asked for: the report and its query (the key of its cached answer). */
export interface ReportRequest {
  report: BillingReportName;
  query: BillingReportQuery;
}

/** A cell of a report's column: a claim status as the Claims tab names it ("Pending"), the rest by kind. */
export function reportColumnCell(row: Readonly<Record<string, string | number | null>>, column: { key: string; kind: ReportCellKind }): string {
  const value = row[column.key];
  if (column.key === 'status' && typeof value === 'string' && Object.hasOwn(CLAIM_STATUS_LABELS, value)) {
    return CLAIM_STATUS_LABELS[value as keyof typeof CLAIM_STATUS_LABELS];
  }
  return reportCellDisplay(value, column.kind);
}

export interface ReportPayer {
  bin: string;
  payerName: string;
}

/** The payers a Payer Performance report lists (each BIN once, by name), for the payer choice. */
export function reportPayers(report: Pick<BillingReport, 'rows'>): ReportPayer[] {
  const byBin = new Map<string, string>();
  for (const row of report.rows) {
    const bin = row.bin;
    if (typeof bin === 'string' && /^\d{6}$/.test(bin) && !byBin.has(bin)) byBin.set(bin, typeof row.payerName === 'string' ? row.payerName : bin);
  }
  return [...byBin].map(([bin, payerName]) => ({ bin, payerName })).sort((a, b) => a.payerName.localeCompare(b.payerName) || a.bin.localeCompare(b.bin));
}

/** The extensions a payer's 835 comes with. */
export const REMITTANCE_FILE_ACCEPT = '.835,.txt,.edi,.x12';

/** Why a chosen 835 cannot be sent (the server says the same), or null. */
export function remittanceFileProblem(file: Pick<File, 'size'> | null | undefined): string | null {
  if (!file) return REMITTANCE_MESSAGES.noFile;
  if (file.size === 0) return REMITTANCE_MESSAGES.empty;
  if (file.size > X12_MAX_CHARS) return REMITTANCE_MESSAGES.tooLarge;
  return null;
}

/** The day 365 days before `today`: the longest range a report takes, ending today (Aging's payer choice). */
export function yearEndingOn(today: string): { from: string; to: string } {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - (BILLING_REPORT_MAX_DAYS - 1));
  return { from: day.toISOString().slice(0, 10), to: today };
}

/** What is wrong with a reconciliation range, by field (the reports' rules: both days, in order, at most 366 days). */
export function rangeProblems(from: string, to: string): Partial<Record<'from' | 'to', string>> {
  const problems: Partial<Record<'from' | 'to', string>> = {};
  if (from === '') problems.from = BILLING_REPORT_MESSAGES.from;
  if (to === '') problems.to = BILLING_REPORT_MESSAGES.to;
  const checked = billingReportQuerySchema.safeParse({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = issue.path[0];
      if ((field === 'from' || field === 'to') && problems[field] === undefined) problems[field] = issue.message;
    }
  }
  return problems;
}
