/**
 * Bulk Import's file (spec part 2 §2 Database Sync): a CSV or text file of NDCs, read into the list of NDCs to sync.
 * A CSV whose first row names an NDC column (ndc, ndc_number, "NDC Number", package_ndc, ndc11 …) gives that column's
 * cells, as written, so a malformed one comes back from the sync with its reason. Any other file gives every cell
 * (comma, semicolon, tab or line separated) that parses as an NDC. Repeats of one code (by its 11 digits) are
 * dropped. Sent in batches of NDC_LIST_MAX, the most one sync request takes.
 */
import { NDC_LIST_MAX, parseNdc } from '@pharmacy/shared/drugs/ndc.ts';

/** The cells of one CSV line: commas (or semicolons, tabs) outside double quotes; "" inside quotes is a quote. */
function csvCells(line: string): string[] {
  const separator = line.includes(',') ? ',' : line.includes(';') ? ';' : '\t';
  const cells: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        current += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(current.trim());
      current = '';
    } else current += char;
  }
  cells.push(current.trim());
  return cells;
}

/** A header cell that names the NDC column: its letters and digits are "ndc", "ndcnumber", "packagendc", "ndc11"… */
function isNdcHeader(cell: string): boolean {
  const name = cell.toLowerCase().replace(/[^a-z0-9]/g, '');
  return /^(package)?ndc(number|code|11|10)?$/.test(name);
}

export interface ImportFileNdcs {
  ndcNumbers: string[];
  /** The header of the column read, or null when every cell that parses was taken. */
  column: string | null;
}

function withoutRepeats(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const entry of entries) {
    const parsed = parseNdc(entry);
    const key = parsed.ok ? parsed.ndc.ndc11 : entry;
    if (entry === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(entry);
  }
  return kept;
}

export function ndcsFromImportFile(text: string): ImportFileNdcs {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n|\r/).filter((line) => line.trim() !== '');
  const [first, ...rest] = lines;
  if (first !== undefined) {
    const header = csvCells(first);
    const column = header.findIndex(isNdcHeader);
    if (column >= 0) {
      return { ndcNumbers: withoutRepeats(rest.map((line) => csvCells(line)[column] ?? '')), column: header[column]! };
    }
  }
  const cells = lines.flatMap((line) => csvCells(line)).filter((cell) => parseNdc(cell).ok);
  return { ndcNumbers: withoutRepeats(cells), column: null };
}

/** The list in batches of at most `size` (NDC_LIST_MAX by default), in order. */
export function ndcBatches(ndcNumbers: readonly string[], size = NDC_LIST_MAX): string[][] {
  const batches: string[][] = [];
  for (let start = 0; start < ndcNumbers.length; start += size) batches.push(ndcNumbers.slice(start, start + size));
  return batches;
}
