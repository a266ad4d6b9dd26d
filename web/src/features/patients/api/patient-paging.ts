/**
 * The patient list's pages: which rows a page asks the database for (its first row is search_patients' page_offset), and
 * what the page controls say ("Showing 1–25 of 100,000", page n of m).
 */

export const PATIENT_PAGE_SIZE = 25;

/** The first and last row (from 0, inclusive) of a page. */
export function patientPageRange(page: number, pageSize = PATIENT_PAGE_SIZE): { from: number; to: number } {
  const from = Math.max(0, Math.floor(page)) * pageSize;
  return { from, to: from + pageSize - 1 };
}

/** The last page (from 0) for a total; an empty list still has page 0. */
export function lastPatientPage(total: number, pageSize = PATIENT_PAGE_SIZE): number {
  return Math.max(0, Math.ceil(total / pageSize) - 1);
}

/** "Showing 26–50 of 100,000" for the rows a page shows, or null when there are none. */
export function patientPageSummary(page: number, shown: number, total: number, pageSize = PATIENT_PAGE_SIZE): string | null {
  if (shown === 0 || total === 0) return null;
  const first = page * pageSize + 1;
  const last = page * pageSize + shown;
  const format = (value: number) => value.toLocaleString('en-US');
  return `Showing ${format(first)}–${format(last)} of ${format(Math.max(total, last))}`;
}
