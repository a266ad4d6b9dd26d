/** The pages of server-paged lists: the row offset of a page, the last page, and "Showing 1–20 of 50,000". */

export function pageOffset(page: number, pageSize: number): number {
  return Math.max(0, Math.floor(page)) * pageSize;
}

/** The last page (from 0) for a total; an empty list still has page 0. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(0, Math.ceil(total / pageSize) - 1);
}

export function pageSummary(page: number, shown: number, total: number, pageSize: number): string | null {
  if (shown === 0 || total === 0) return null;
  const first = pageOffset(page, pageSize) + 1;
  const last = pageOffset(page, pageSize) + shown;
  const format = (value: number) => value.toLocaleString('en-US');
  return `Showing ${format(first)}–${format(last)} of ${format(Math.max(total, last))}`;
}
