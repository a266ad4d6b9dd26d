/**
 * CSV as the exports write it (the Audit Log, the Billing reports): RFC 4180 (CRLF line ends, a field with a comma,
 * quote, CR or LF quoted and its quotes doubled) and guarded against formula injection — a cell a spreadsheet would
 * run as a formula (starting with =, +, -, @, or a tab or CR that some spreadsheets skip) is prefixed with ' so it
 * stays text. A negative number (-12.50: a refund, a short payment) is a number, not a formula, and stays one.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/** One cell: formula-guarded, then quoted when RFC 4180 needs it. */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) && !NEGATIVE_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as a CSV file, CRLF after each row. */
export function csvRows(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}
