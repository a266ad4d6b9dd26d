/** shared/src/billing/billing-report.ts: the Reports tab's query rules and the CSV a report downloads as. */
import { describe, expect, it } from 'vitest';
import { type BillingReport, billingReportCsv, billingReportFileName, billingReportQuerySchema } from '../../shared/src/billing/billing-report.ts';

const REPORT: BillingReport = {
  report: 'payer-performance', title: 'Payer Performance', from: '2026-11-01', to: '2026-11-30', payerBin: null,
  columns: [
    { key: 'payerName', label: 'Payer', kind: 'text' }, { key: 'claims', label: 'Claims', kind: 'count' },
    { key: 'rejectionRatePercent', label: 'Rejection rate', kind: 'percent' }, { key: 'paidCents', label: 'Paid by payer', kind: 'cents' },
    { key: 'averageAnswerMs', label: 'Average answer time', kind: 'ms' },
  ],
  rows: [
    { payerName: 'Demo Commercial Rx, Inc.', claims: 3, rejectionRatePercent: 66.7, paidCents: 300005, averageAnswerMs: 212 },
    { payerName: '=HYPERLINK("x")', claims: 1, rejectionRatePercent: 0, paidCents: 7, averageAnswerMs: null },
    { payerName: 'Demo Medicaid', claims: 1, rejectionRatePercent: 0, paidCents: -1250, averageAnswerMs: 90 },
  ],
  totals: { claims: 4 },
};

describe('billing reports', () => {
  it('writes the CSV: labels with their units, money as dollars, commas quoted, formulas kept as text', () => {
    expect(billingReportCsv(REPORT)).toBe(
      'Payer,Claims,Rejection rate (%),Paid by payer ($),Average answer time (ms)\r\n'
      + '"Demo Commercial Rx, Inc.",3,66.7,3000.05,212\r\n'
      + '"\'=HYPERLINK(""x"")",1,0,0.07,\r\n'
      // A negative amount (a claim paid back) is a number a spreadsheet sums, not a guarded text.
      + 'Demo Medicaid,1,0,-12.50,90\r\n',
    );
    expect(billingReportFileName(REPORT)).toBe('billing-payer-performance-2026-11-01-to-2026-11-30.csv');
    expect(billingReportFileName({ report: 'aging', from: null, to: null, asOf: '2026-11-29' })).toBe('billing-aging-as-of-2026-11-29.csv');
  });

  it('takes a range of at most 366 days in order and a 6-digit BIN', () => {
    expect(billingReportQuerySchema.safeParse({ from: '2026-01-01', to: '2026-12-31', payer: '999001' }).success).toBe(true);
    const issues = (query: unknown) => billingReportQuerySchema.safeParse(query).error?.issues.map((issue) => issue.message);
    expect(issues({ from: '2026-11-30', to: '2026-11-01' })).toEqual(['The last day of the report is before its first day']);
    expect(issues({ from: '2025-01-01', to: '2026-01-01' })).toBeUndefined();
    expect(issues({ from: '2025-01-01', to: '2026-01-02' })).toEqual(['A report covers at most 366 days']);
    expect(issues({ from: '11/01/2026' })).toEqual(['Choose the first day of the report']);
    expect(issues({ payer: 'ACME' })).toEqual(['A payer is chosen by its 6-digit BIN']);
  });
});
