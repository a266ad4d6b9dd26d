/**
 * A table on TanStack Table for lists the server pages and sorts: the screen owns the page index and the sort
 * (both go into its query's key and fetcher), the server answers one page with the exact total, and the table
 * lays it out — sortable headers (a button, aria-sort on the header cell; only columns the caller marks
 * `enableSorting`, i.e. orders the database has an index for), a Columns menu to hide and show columns, the
 * loading / error / empty states of QueryState in the body, and Previous / Page n of m / Next below.
 */
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type Updater,
  type VisibilityState,
} from '@tanstack/react-table';
import { useId, useState, type ReactNode } from 'react';
import { QueryState, type QueryStateQuery } from './query-state.tsx';

export interface DataTablePaging {
  /** From 0. */
  pageIndex: number;
  pageSize: number;
  /** Every row on all pages, as the server counted them. */
  total: number;
  onPageChange: (pageIndex: number) => void;
  /** "Showing 1–25 of 100,000" (null: nothing to say). */
  summary: string | null;
  /** The paging nav's accessible name ("Patient pages"). */
  label: string;
  /** The page shown is a placeholder while the next one loads. */
  disabled?: boolean;
}

export interface DataTableProps<Row> {
  columns: ColumnDef<Row, never>[];
  /** The query behind the page (its states fill the body). */
  query: QueryStateQuery<readonly Row[]>;
  errorText: string;
  emptyText: string;
  loadingLabel: string;
  getRowId: (row: Row) => string;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  paging: DataTablePaging;
}

function resolve<Value>(updater: Updater<Value>, current: Value): Value {
  return typeof updater === 'function' ? (updater as (old: Value) => Value)(current) : updater;
}

const SORT_ARIA = { asc: 'ascending', desc: 'descending' } as const;

/** The sort arrow as a drawing, so the header's text stays the column's name. */
function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  const path = direction === 'asc' ? 'M4 10l4-4 4 4' : direction === 'desc' ? 'M4 6l4 4 4-4' : 'M5 6l3-3 3 3M5 10l3 3 3-3';
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2">
      <path d={path} />
    </svg>
  );
}

export function DataTable<Row>({
  columns,
  query,
  errorText,
  emptyText,
  loadingLabel,
  getRowId,
  sorting,
  onSortingChange,
  paging,
}: DataTableProps<Row>) {
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({});
  const columnsMenuId = useId();
  const pageCount = Math.max(1, Math.ceil(paging.total / paging.pageSize));
  const table = useReactTable<Row>({
    data: (query.data ?? []) as Row[],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    rowCount: paging.total,
    state: { sorting, columnVisibility, pagination: { pageIndex: paging.pageIndex, pageSize: paging.pageSize } },
    onSortingChange: (updater) => onSortingChange(resolve(updater, sorting)),
    onColumnVisibilityChange: setColumnVisibility,
    onPaginationChange: (updater) => paging.onPageChange(resolve(updater, { pageIndex: paging.pageIndex, pageSize: paging.pageSize }).pageIndex),
  });
  const visibleColumnCount = table.getVisibleLeafColumns().length;
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide());

  const bodyState = (content: ReactNode) => (
    <tr>
      <td colSpan={visibleColumnCount} className="py-4">
        {content}
      </td>
    </tr>
  );

  return (
    <div className="flex flex-col gap-3">
      {hideable.length > 0 ? (
        <details className="dropdown dropdown-end self-end">
          <summary className="btn btn-ghost btn-sm" aria-controls={columnsMenuId}>
            Columns
          </summary>
          <fieldset id={columnsMenuId} className="dropdown-content z-10 mt-1 flex w-52 flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-3 shadow">
            <legend className="sr-only">Shown columns</legend>
            {hideable.map((column) => (
              <label key={column.id} className="flex cursor-pointer items-center gap-2 text-sm">
                <input type="checkbox" className="checkbox checkbox-sm" checked={column.getIsVisible()} onChange={column.getToggleVisibilityHandler()} />
                {typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id}
              </label>
            ))}
          </fieldset>
        </details>
      ) : null}
      <div className="overflow-x-auto">
        <table className="table">
          <thead>
            {table.getHeaderGroups().map((headerGroup) => (
              <tr key={headerGroup.id}>
                {headerGroup.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th key={header.id} scope="col" aria-sort={sorted ? SORT_ARIA[sorted] : undefined}>
                      {header.column.getCanSort() ? (
                        <button type="button" className="inline-flex items-center gap-1 font-semibold" onClick={header.column.getToggleSortingHandler()}>
                          {content}
                          <SortIcon direction={sorted} />
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            <QueryState
              query={query}
              errorText={errorText}
              loadingLabel={loadingLabel}
              isEmpty={(rows) => rows.length === 0}
              emptyText={emptyText}
              skeletonRowClassName="h-10"
              skeletonRows={5}
              wrap={bodyState}
            >
              {() =>
                table.getRowModel().rows.map((row) => (
                  <tr key={row.id} className="hover:bg-base-200/60">
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                    ))}
                  </tr>
                ))
              }
            </QueryState>
          </tbody>
        </table>
      </div>
      {paging.summary !== null ? (
        <nav aria-label={paging.label} className="flex flex-wrap items-center justify-between gap-3">
          <span className="text-sm text-base-content/70">{paging.summary}</span>
          <div className="join">
            <button type="button" className="btn btn-sm join-item" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage() || paging.disabled}>
              Previous
            </button>
            <span className="btn btn-sm join-item pointer-events-none" aria-current="page">
              Page {(paging.pageIndex + 1).toLocaleString('en-US')} of {pageCount.toLocaleString('en-US')}
            </span>
            <button type="button" className="btn btn-sm join-item" onClick={() => table.nextPage()} disabled={!table.getCanNextPage() || paging.disabled}>
              Next
            </button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}
