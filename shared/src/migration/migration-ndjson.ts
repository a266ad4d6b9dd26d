/**
 * A migration file as NDJSON (issue 27): one record a line, `{"type": "patient" | "medication" | "prescriber" |
 * "prescription", …the row's fields}`. Files run to hundreds of MB, so the screen's worker reads the File as a
 * stream and feeds the text chunks here: only the unfinished last line is held, a line longer than
 * MIGRATION_NDJSON_MAX_LINE is reported and skipped without being kept. Blank lines are allowed; CRLF or LF ends a
 * line. Also the error list as CSV, for the Validate tab's download.
 */
import { csvRows } from '../common/csv.ts';
import type { MigrationArray } from './migration-data.ts';
import { MIGRATION_DATA_MESSAGES, type MigrationError, type MigrationValidator } from './validate-migration.ts';

/** Longest line taken: a real record is well under 4 KB. */
export const MIGRATION_NDJSON_MAX_LINE = 64 * 1024;

export const MIGRATION_NDJSON_TYPES = {
  patient: 'patients',
  medication: 'medications',
  prescriber: 'prescribers',
  prescription: 'prescriptions',
} as const satisfies Record<string, MigrationArray>;
export type MigrationNdjsonType = keyof typeof MIGRATION_NDJSON_TYPES;

export const MIGRATION_NDJSON_MESSAGES = {
  invalidJson: 'Invalid JSON',
  notARecord: 'Each line must be a JSON object',
  type: 'type must be patient, medication, prescriber or prescription',
  tooLong: `Line is longer than ${MIGRATION_NDJSON_MAX_LINE.toLocaleString('en-US')} characters`,
} as const;

export type MigrationNdjsonItem =
  | { kind: 'record'; line: number; type: MigrationNdjsonType; array: MigrationArray; record: Record<string, unknown> }
  | { kind: 'error'; line: number; message: string };

/**
 * Feed `push` the text as it arrives (decoded with a streaming TextDecoder, so a character split between byte
 * chunks is whole), then `end` once; each gives the items of the lines it completed, in file order.
 */
export class MigrationNdjsonReader {
  /** The current line's text so far (never more than the longest line). */
  #pending = '';
  /** The number of the line being read (1-based). */
  #line = 1;
  /** The current line is too long: its rest is skipped up to the next line end. */
  #skipping = false;
  #ended = false;

  push(chunk: string): MigrationNdjsonItem[] {
    if (this.#ended) throw new Error('MigrationNdjsonReader: push after end');
    const items: MigrationNdjsonItem[] = [];
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf('\n', start);
      if (newline === -1) break;
      this.#take(chunk.slice(start, newline), items);
      this.#finishLine(items);
      start = newline + 1;
    }
    this.#take(chunk.slice(start), items);
    return items;
  }

  end(): MigrationNdjsonItem[] {
    if (this.#ended) return [];
    const items: MigrationNdjsonItem[] = [];
    this.#finishLine(items);
    this.#ended = true;
    return items;
  }

  /** Adds a piece of the current line, or starts skipping it when it grows too long. */
  #take(piece: string, items: MigrationNdjsonItem[]): void {
    if (this.#skipping || piece === '') return;
    // A CR before the LF is not part of the line: allow one character more for it.
    if (this.#pending.length + piece.length > MIGRATION_NDJSON_MAX_LINE + 1) {
      items.push({ kind: 'error', line: this.#line, message: MIGRATION_NDJSON_MESSAGES.tooLong });
      this.#pending = '';
      this.#skipping = true;
      return;
    }
    this.#pending += piece;
  }

  #finishLine(items: MigrationNdjsonItem[]): void {
    const line = this.#line;
    this.#line += 1;
    const text = this.#pending.endsWith('\r') ? this.#pending.slice(0, -1) : this.#pending;
    this.#pending = '';
    if (this.#skipping) {
      this.#skipping = false;
      return;
    }
    if (text.length > MIGRATION_NDJSON_MAX_LINE) {
      items.push({ kind: 'error', line, message: MIGRATION_NDJSON_MESSAGES.tooLong });
      return;
    }
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      items.push({ kind: 'error', line, message: MIGRATION_NDJSON_MESSAGES.invalidJson });
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      items.push({ kind: 'error', line, message: MIGRATION_NDJSON_MESSAGES.notARecord });
      return;
    }
    const { type, ...record } = value as Record<string, unknown>;
    if (typeof type !== 'string' || !Object.hasOwn(MIGRATION_NDJSON_TYPES, type)) {
      items.push({ kind: 'error', line, message: MIGRATION_NDJSON_MESSAGES.type });
      return;
    }
    const known = type as MigrationNdjsonType;
    items.push({ kind: 'record', line, type: known, array: MIGRATION_NDJSON_TYPES[known], record });
  }
}

/** Hands the reader's items to the validator: records as rows (with their line), bad lines as errors of the file. */
export function feedNdjsonItems(validator: MigrationValidator, items: readonly MigrationNdjsonItem[]): void {
  for (const item of items) {
    if (item.kind === 'record') validator.addRow(item.array, item.record, item.line);
    else validator.addError({ array: null, index: null, sourceId: null, field: '', message: item.message, line: item.line });
  }
}

/**
 * The error list as CSV (RFC 4180, formula-guarded: a source id or a message may carry what a spreadsheet would
 * run). Rows are numbered from 1 as the screen shows them; `omitted` (errorCount minus those listed) adds a last line.
 */
export function migrationErrorsCsv(errors: readonly MigrationError[], omitted = 0): string {
  const rows: string[][] = [['Array', 'Row', 'Line', 'Source ID', 'Field', 'Message']];
  for (const error of errors) {
    rows.push([
      error.array ?? '',
      error.index === null ? '' : String(error.index + 1),
      error.line === undefined ? '' : String(error.line),
      error.sourceId ?? '',
      error.field,
      error.message,
    ]);
  }
  if (omitted > 0) rows.push(['', '', '', '', '', MIGRATION_DATA_MESSAGES.moreErrors(omitted)]);
  return csvRows(rows);
}
