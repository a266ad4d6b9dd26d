/**
 * A report's table (Billing's reports, the Reports screen's): its own columns, each cell formatted by its kind
 * (shared/src/common/report-cell.ts) unless the report says otherwise, numbers to the right, a totals row where the
 * report sums columns. A long report (a year's dispensing log) shows its first ROWS_SHOWN rows and says the exported
 * file holds them all.
 */
import { type ReportCellKind, reportCellDisplay, reportHasColumnTotals, reportTotalsCells } from '@pharmacy/shared/common/report-cell.ts';

export const REPORT_ROWS_SHOWN = 500;

export type ReportRow = Readonly<Record<string, string | number | null>>;

export interface ReportTableColumn {
  key: string;
  label: string;
  kind: ReportCellKind;
}

const NUMERIC: ReadonlySet<ReportCellKind> = new Set(['count', 'cents', 'percent', 'quantity', 'ms']);

/** A report is read across: its rows stay one line each and the table scrolls sideways when wide. */
function cellClass(kind: ReportCellKind): string {
  return NUMERIC.has(kind) ? 'text-right tabular-nums whitespace-nowrap' : 'whitespace-nowrap';
}

interface ReportTableProps {
  title: string;
  columns: readonly ReportTableColumn[];
  rows: readonly ReportRow[];
  totals: Readonly<Record<string, number>>;
  /** A cell as this report words it (a claim status by name); by its kind otherwise. */
  cell?: (row: ReportRow, column: ReportTableColumn) => string;
  /** What holds every row when only the first are shown ("Export CSV"). */
  fullRowsIn: string;
  /** Something to put at the end of a row (a row's action), under an extra column of this name. */
  action?: { label: string; render: (row: ReportRow) => React.ReactNode };
}

export function ReportTable({ title, columns, rows, totals, cell, fullRowsIn, action }: ReportTableProps) {
  const shown = rows.slice(0, REPORT_ROWS_SHOWN);
  const hasTotals = reportHasColumnTotals(columns, totals);
  const show = cell ?? ((row: ReportRow, column: ReportTableColumn) => reportCellDisplay(row[column.key], column.kind));
  return (
    <div className="flex flex-col gap-2">
      {/* Focusable, so a keyboard scrolls a report wider than the screen too. */}
      <div role="region" aria-label={`${title} table`} tabIndex={0} className="overflow-x-auto rounded-box border border-base-300 focus-visible:outline-2 focus-visible:outline-primary">
        <table className="table table-sm" aria-label={`${title} report`}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={`whitespace-nowrap ${NUMERIC.has(column.kind) ? 'text-right' : ''}`}>{column.label}</th>
              ))}
              {action ? <th scope="col"><span className="sr-only">{action.label}</span></th> : null}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, index) => (
              <tr key={index} className="hover:bg-base-200/60">
                {columns.map((column) => (
                  <td key={column.key} className={cellClass(column.kind)}>{show(row, column)}</td>
                ))}
                {action ? <td className="whitespace-nowrap text-right">{action.render(row)}</td> : null}
              </tr>
            ))}
          </tbody>
          {hasTotals ? (
            <tfoot>
              <tr className="border-t-2 border-base-300 text-sm font-semibold text-base-content">
                {reportTotalsCells(columns, totals).map((text, index) => {
                  const column = columns[index]!;
                  return index === 0
                    ? <th key={column.key} scope="row" className={cellClass(column.kind)}>{text}</th>
                    : <td key={column.key} className={cellClass(column.kind)}>{text}</td>;
                })}
                {action ? <td /> : null}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
      {rows.length > shown.length ? (
        <p className="text-sm text-base-content/70">
          Showing the first {shown.length.toLocaleString('en-US')} of {rows.length.toLocaleString('en-US')} rows; {fullRowsIn} holds them all.
        </p>
      ) : null}
    </div>
  );
}
