/**
 * A report's cell as people read it, on the screen and in a printed (PDF) report: money in dollars, a percent with
 * %, a date as MM/DD/YYYY, counts and quantities grouped, nothing as an em dash. Shared by the Billing reports and
 * the Reports screen (each report says its columns' kinds). Pure.
 */
import { usDate } from './dates.ts';
import { formatCents } from './money.ts';

export type ReportCellKind = 'text' | 'date' | 'count' | 'cents' | 'percent' | 'quantity' | 'ms';

export function reportCellDisplay(value: string | number | null | undefined, kind: ReportCellKind): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (kind) {
    case 'cents': return formatCents(Number(value));
    case 'percent': return `${Number(value).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
    case 'count': return Number(value).toLocaleString('en-US');
    // A quantity dispensed may be fractional (mL, grams): up to three decimals, as the NCPDP quantity carries.
    case 'quantity': return Number(value).toLocaleString('en-US', { maximumFractionDigits: 3 });
    case 'ms': return `${Number(value).toLocaleString('en-US')} ms`;
    case 'date': return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? usDate(value) : String(value);
    case 'text': return String(value);
  }
}

/** The totals row's cells: a column's total where the report sums it, else nothing; the first cell names the row. */
export function reportTotalsCells(columns: readonly { key: string; kind: ReportCellKind }[], totals: Readonly<Record<string, number>>): string[] {
  return columns.map((column, index) => {
    const total = totals[column.key];
    if (total !== undefined) return reportCellDisplay(total, column.kind);
    return index === 0 ? 'Total' : '';
  });
}

/** Whether any of the columns has a total (Aging's total is its claims count, said apart). */
export function reportHasColumnTotals(columns: readonly { key: string }[], totals: Readonly<Record<string, number>>): boolean {
  return columns.some((column) => totals[column.key] !== undefined);
}
