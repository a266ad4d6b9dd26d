/**
 * The Reports tab's pure parts (web/src/features/billing/billing-reports.ts): the month the tab opens on, the form's
 * checking with the shared query schema's messages (Aging takes no range), the query sent, a cell and the totals row
 * as the screen shows them, the payer choice built from Payer Performance, and the 835 file's check before upload.
 */
import { describe, expect, it } from 'vitest';
import { REMITTANCE_MESSAGES } from '../../shared/src/api/claims.ts';
import { BILLING_REPORT_MESSAGES, type BillingReport } from '../../shared/src/billing/billing-report.ts';
import { reportCellDisplay, reportHasColumnTotals, reportTotalsCells } from '../../shared/src/common/report-cell.ts';
import {
  monthRange, rangeProblems, remittanceFileProblem, reportColumnCell, reportFormSchema, reportPayers, reportQuery,
  yearEndingOn, type ReportForm,
} from '../../web/src/features/billing/billing-reports.ts';

function problems(form: ReportForm): Record<string, string> {
  const parsed = reportFormSchema.safeParse(form);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('monthRange', () => {
  it('is the first to the last day of the pharmacy\'s month, leap years and December included', () => {
    expect(monthRange('2026-11-29')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthRange('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2027-02-01')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(monthRange('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(() => monthRange('11/29/2026')).toThrow(RangeError);
  });

  it('yearEndingOn is the longest range a report takes, ending that day', () => {
    expect(yearEndingOn('2026-11-29')).toEqual({ from: '2025-11-29', to: '2026-11-29' });
    expect(rangeProblems(yearEndingOn('2028-03-01').from, '2028-03-01')).toEqual({});
  });
});

describe('the report form', () => {
  const month = { from: '2026-11-01', to: '2026-11-30' };

  it('takes a range in order of at most 366 days, and a payer by BIN or none', () => {
    expect(problems({ report: 'daily-claims', ...month, payer: '' })).toEqual({});
    expect(problems({ report: 'custom', ...month, payer: '999001' })).toEqual({});
    expect(problems({ report: 'weekly-revenue', from: '2025-01-01', to: '2026-01-01', payer: '' })).toEqual({});
  });

  it('says what is wrong with the shared messages, on the field concerned', () => {
    expect(problems({ report: 'daily-claims', from: '', to: '', payer: '' })).toEqual({ from: BILLING_REPORT_MESSAGES.from, to: BILLING_REPORT_MESSAGES.to });
    expect(problems({ report: 'daily-claims', from: '2026-11-30', to: '2026-11-01', payer: '' })).toEqual({ to: BILLING_REPORT_MESSAGES.order });
    expect(problems({ report: 'rejection-analysis', from: '2025-01-01', to: '2026-01-02', payer: '' })).toEqual({ to: BILLING_REPORT_MESSAGES.length });
    expect(problems({ report: 'payer-performance', ...month, payer: '99900' })).toEqual({ payer: BILLING_REPORT_MESSAGES.payer });
  });

  it('Aging ignores the range, even a wrong one, but not the payer', () => {
    expect(problems({ report: 'aging', from: '', to: '', payer: '' })).toEqual({});
    expect(problems({ report: 'aging', from: '2026-11-30', to: '2026-11-01', payer: '' })).toEqual({});
    expect(problems({ report: 'aging', from: '', to: '', payer: 'abc' })).toEqual({ payer: BILLING_REPORT_MESSAGES.payer });
  });

  it('asks the endpoint for the range and the payer only when given; Aging for no range', () => {
    expect(reportQuery({ report: 'daily-claims', ...month, payer: '' })).toEqual(month);
    expect(reportQuery({ report: 'custom', ...month, payer: '999001' })).toEqual({ ...month, payer: '999001' });
    expect(reportQuery({ report: 'aging', ...month, payer: '' })).toEqual({});
    expect(reportQuery({ report: 'aging', ...month, payer: '999002' })).toEqual({ payer: '999002' });
  });

  it('rangeProblems checks a reconciliation range by the same rules', () => {
    expect(rangeProblems('2026-11-01', '2026-11-30')).toEqual({});
    expect(rangeProblems('', '2026-11-30')).toEqual({ from: BILLING_REPORT_MESSAGES.from });
    expect(rangeProblems('2026-11-30', '2026-11-01')).toEqual({ to: BILLING_REPORT_MESSAGES.order });
    expect(rangeProblems('2024-01-01', '2026-11-01')).toEqual({ to: BILLING_REPORT_MESSAGES.length });
  });
});

describe('report cells', () => {
  it('formats each kind as the screen shows it', () => {
    expect(reportCellDisplay(123456, 'cents')).toBe('$1,234.56');
    expect(reportCellDisplay(-250, 'cents')).toBe('-$2.50');
    expect(reportCellDisplay(12.5, 'percent')).toBe('12.5%');
    expect(reportCellDisplay(100, 'percent')).toBe('100%');
    expect(reportCellDisplay(12345, 'count')).toBe('12,345');
    expect(reportCellDisplay(1830, 'ms')).toBe('1,830 ms');
    expect(reportCellDisplay('2026-11-03', 'date')).toBe('11/03/2026');
    expect(reportCellDisplay('100234-01', 'text')).toBe('100234-01');
    expect(reportCellDisplay(null, 'cents')).toBe('—');
    expect(reportCellDisplay(1234.5, 'quantity')).toBe('1,234.5');
    expect(reportCellDisplay(30, 'quantity')).toBe('30');
    expect(reportCellDisplay(undefined, 'count')).toBe('—');
    expect(reportCellDisplay('', 'text')).toBe('—');
  });

  const daily: Pick<BillingReport, 'columns' | 'totals'> = {
    columns: [
      { key: 'day', label: 'Date of service', kind: 'date' },
      { key: 'claims', label: 'Claims', kind: 'count' },
      { key: 'grossCents', label: 'Billed', kind: 'cents' },
      { key: 'note', label: 'Note', kind: 'text' },
    ],
    totals: { claims: 1200, grossCents: 8450 },
  };

  it('names a claim status as the Claims tab does, other text as it is', () => {
    expect(reportColumnCell({ status: 'pending' }, { key: 'status', kind: 'text' })).toBe('Pending');
    expect(reportColumnCell({ status: 'something' }, { key: 'status', kind: 'text' })).toBe('something');
    expect(reportColumnCell({ code: '79' }, { key: 'code', kind: 'text' })).toBe('79');
    expect(reportColumnCell({ grossCents: 1250 }, { key: 'grossCents', kind: 'cents' })).toBe('$12.50');
  });

  it('the totals row names itself in the first cell and totals only the columns the report sums', () => {
    expect(reportTotalsCells(daily.columns, daily.totals)).toEqual(['Total', '1,200', '$84.50', '']);
    expect(reportHasColumnTotals(daily.columns, daily.totals)).toBe(true);
    // Aging's total is its claims count, which is no column of it.
    expect(reportHasColumnTotals([{ key: 'status' }], { claims: 3 })).toBe(false);
  });
});

describe('reportPayers', () => {
  it('lists each BIN once, by payer name, ignoring what is not a BIN', () => {
    expect(reportPayers({
      rows: [
        { payerName: 'Demo Medicare D', bin: '999002', claims: 3 },
        { payerName: 'Demo Commercial Rx', bin: '999001', claims: 9 },
        { payerName: 'Demo Commercial Rx (old name)', bin: '999001', claims: 1 },
        { payerName: 'Broken', bin: null, claims: 1 },
        { payerName: 'Broken', bin: '12', claims: 1 },
      ],
    })).toEqual([{ bin: '999001', payerName: 'Demo Commercial Rx' }, { bin: '999002', payerName: 'Demo Medicare D' }]);
    expect(reportPayers({ rows: [] })).toEqual([]);
  });
});

describe('remittanceFileProblem', () => {
  it('refuses no file, an empty file and one over 2 MB with the contract\'s messages', () => {
    expect(remittanceFileProblem(null)).toBe(REMITTANCE_MESSAGES.noFile);
    expect(remittanceFileProblem({ size: 0 })).toBe(REMITTANCE_MESSAGES.empty);
    expect(remittanceFileProblem({ size: 2 * 1024 * 1024 + 1 })).toBe(REMITTANCE_MESSAGES.tooLarge);
    expect(remittanceFileProblem({ size: 2 * 1024 * 1024 })).toBeNull();
    expect(remittanceFileProblem({ size: 812 })).toBeNull();
  });
});
