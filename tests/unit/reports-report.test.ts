/**
 * The reports' query (shared/src/reports/report.ts: a range of real days, at most 366, a known format) and their
 * CSV (title line, labels with units, money in dollars, sections, notes, formula-guarded text, negative numbers kept).
 */
import { describe, expect, it } from 'vitest';
import { parseWithSchema } from '../../shared/src/api/endpoint.ts';
import { REPORT_MESSAGES, type Report, reportCsv, reportFileName, reportQuerySchema } from '../../shared/src/reports/report.ts';

const messages = (query: Record<string, string>) => {
  const parsed = parseWithSchema(reportQuerySchema, query);
  return parsed.success ? [] : parsed.messages;
};

describe('the query', () => {
  it('takes a range of up to 366 days and json, csv, pdf or xlsx', () => {
    expect(messages({ from: '2026-01-01', to: '2026-12-31' })).toEqual([]);
    expect(messages({ from: '2025-01-01', to: '2026-01-01', format: 'csv' })).toEqual([]);
    expect(messages({ from: '2026-11-01', to: '2026-11-01', format: 'pdf' })).toEqual([]);
  });

  it('refuses a missing, unreal, reversed or too long range, and another format', () => {
    expect(messages({ to: '2026-11-01' })).toEqual([REPORT_MESSAGES.from]);
    expect(messages({ from: '2026-11-01' })).toEqual([REPORT_MESSAGES.to]);
    expect(messages({ from: '2026-02-30', to: '2026-03-01' })).toEqual([REPORT_MESSAGES.from]);
    expect(messages({ from: '2026-11-02', to: '2026-11-01' })).toEqual([REPORT_MESSAGES.order]);
    expect(messages({ from: '2025-01-01', to: '2026-01-02' })).toEqual([REPORT_MESSAGES.length]);
    expect(messages({ from: '2026-11-01', to: '2026-11-01', format: 'docx' })).toEqual([REPORT_MESSAGES.format]);
  });
});

describe('the CSV', () => {
  const report: Report = {
    report: 'sales', title: 'Sales', from: '2026-11-01', to: '2026-11-02',
    columns: [{ key: 'day', label: 'Day', kind: 'date' }, { key: 'fills', label: 'Fills', kind: 'count' },
      { key: 'marginCents', label: 'Margin', kind: 'cents' }, { key: 'marginPercent', label: 'Margin', kind: 'percent' }],
    rows: [{ day: '2026-11-01', fills: 2, marginCents: -1250, marginPercent: -12.5 }, { day: '2026-11-02', fills: 0, marginCents: 0, marginPercent: null }],
    totals: { fills: 2, marginCents: -1250 },
    sections: [{ key: 'byDrug', title: 'By drug', columns: [{ key: 'drug', label: 'Drug', kind: 'text' }], rows: [{ drug: '=HYPERLINK("x")' }], totals: {} }],
    notes: [{ key: 'signOff', label: 'Pharmacist sign-off', text: 'Dana Druggist, RPh' }, { key: 'empty', label: 'Nothing', text: '' }],
  };

  it('title, labels with units, dollars, sections and notes, CRLF', () => {
    expect(reportCsv(report)).toBe([
      '"Sales, 2026-11-01 to 2026-11-02"',
      'Day,Fills,Margin ($),Margin (%)',
      '2026-11-01,2,-12.50,-12.5',
      '2026-11-02,0,0.00,',
      '',
      'By drug',
      'Drug',
      `"'=HYPERLINK(""x"")"`,
      '',
      'Pharmacist sign-off,"Dana Druggist, RPh"',
    ].map((line) => `${line}\r\n`).join(''));
  });

  it('says when a log was cut, and names its file', () => {
    expect(reportCsv({ ...report, sections: [], notes: [], truncated: true })).toContain('\r\nOnly the first 2 rows are shown (the totals count them all): choose a shorter range\r\n');
    expect(reportFileName(report, 'csv')).toBe('sales-2026-11-01-to-2026-11-02.csv');
  });
});
