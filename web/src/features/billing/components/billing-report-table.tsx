/**
 * A billing report as a table: its own columns (the report says which and of what kind), each cell formatted by its
 * kind, numbers to the right, and a totals row where the report sums columns. The Custom report may hold 10,000
 * claims: the screen shows the first REPORT_ROWS_SHOWN and says the CSV holds them all.
 */
import type { BillingReport, ReportColumnKind } from '@pharmacy/shared/billing/billing-report.ts';
import { reportColumnCell, reportHasColumnTotals, reportTotalsCells } from '../billing-reports.ts';

export const REPORT_ROWS_SHOWN = 500;

const NUMERIC: ReadonlySet<ReportColumnKind> = new Set(['count', 'cents', 'percent', 'ms']);

/** A report is read across: its rows stay one line each and the table scrolls sideways when wide (Custom). */
function cellClass(kind: ReportColumnKind): string {
  return NUMERIC.has(kind) ? 'text-right tabular-nums whitespace-nowrap' : 'whitespace-nowrap';
}

export function BillingReportTable({ report }: { report: BillingReport }) {
  const shown = report.rows.slice(0, REPORT_ROWS_SHOWN);
  return (
    <div className="flex flex-col gap-2">
      {/* Focusable, so a keyboard scrolls a report wider than the screen (Custom) too. */}
      <div role="region" aria-label={`${report.title} table`} tabIndex={0} className="overflow-x-auto rounded-box border border-base-300 focus-visible:outline-2 focus-visible:outline-primary">
        <table className="table table-sm" aria-label={`${report.title} report`}>
          <thead>
            <tr>
              {report.columns.map((column) => (
                <th key={column.key} scope="col" className={`whitespace-nowrap ${NUMERIC.has(column.kind) ? 'text-right' : ''}`}>{column.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, index) => (
              <tr key={index} className="hover:bg-base-200/60">
                {report.columns.map((column) => (
                  <td key={column.key} className={cellClass(column.kind)}>{reportColumnCell(row, column)}</td>
                ))}
              </tr>
            ))}
          </tbody>
          {reportHasColumnTotals(report) ? (
            <tfoot>
              <tr className="border-t-2 border-base-300 text-sm font-semibold text-base-content">
                {reportTotalsCells(report).map((cell, index) => {
                  const column = report.columns[index]!;
                  return index === 0
                    ? <th key={column.key} scope="row" className={cellClass(column.kind)}>{cell}</th>
                    : <td key={column.key} className={cellClass(column.kind)}>{cell}</td>;
                })}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
      {report.rows.length > shown.length ? (
        <p className="text-sm text-base-content/70">
          Showing the first {shown.length.toLocaleString('en-US')} of {report.rows.length.toLocaleString('en-US')} rows; Export CSV holds them all.
        </p>
      ) : null}
    </div>
  );
}
