/**
 * The migration NDJSON reader and the error CSV (shared/src/migration/migration-ndjson.ts, issue 27): records
 * across chunk boundaries, CRLF, blank lines, bad lines with their numbers, a line over the limit skipped without
 * being held, the reader feeding the validator, and the CSV's columns and formula guard.
 */
import { describe, expect, it } from 'vitest';
import {
  MIGRATION_NDJSON_MAX_LINE,
  MIGRATION_NDJSON_MESSAGES,
  MigrationNdjsonReader,
  feedNdjsonItems,
  migrationErrorsCsv,
  type MigrationNdjsonItem,
} from '../../shared/src/migration/migration-ndjson.ts';
import { SAMPLE_MIGRATION_DATA } from '../../shared/src/migration/sample-migration.ts';
import { MigrationValidator } from '../../shared/src/migration/validate-migration.ts';

/** Every item of `text` read in the given chunks. */
function read(chunks: readonly string[]): MigrationNdjsonItem[] {
  const reader = new MigrationNdjsonReader();
  return [...chunks.flatMap((chunk) => reader.push(chunk)), ...reader.end()];
}

/** `text` cut into pieces of `size` characters. */
function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

const patientLine = JSON.stringify({ type: 'patient', patientId: 'P1', firstName: 'Ada', lastName: 'Lovell', dateOfBirth: '1960-05-01' });
const drugLine = JSON.stringify({ type: 'medication', drugId: 'D1', name: 'Lisinopril', ndc: '68180-513-01' });

describe('MigrationNdjsonReader', () => {
  it('reads records with their line numbers and arrays', () => {
    expect(read([`${patientLine}\n${drugLine}\n`])).toEqual([
      { kind: 'record', line: 1, type: 'patient', array: 'patients', record: { patientId: 'P1', firstName: 'Ada', lastName: 'Lovell', dateOfBirth: '1960-05-01' } },
      { kind: 'record', line: 2, type: 'medication', array: 'medications', record: { drugId: 'D1', name: 'Lisinopril', ndc: '68180-513-01' } },
    ]);
  });

  it('gives the same items whatever the chunk boundaries (a record split, CRLF split between CR and LF)', () => {
    const text = `${patientLine}\r\n\r\n${drugLine}\r\n   \n{"type":"prescriber"}`;
    const whole = read([text]);
    expect(whole.map((item) => item.line)).toEqual([1, 3, 5]);
    for (const size of [1, 2, 7, 64]) expect(read(pieces(text, size))).toEqual(whole);
    expect(read([text.slice(0, patientLine.length + 1), text.slice(patientLine.length + 1)])).toEqual(whole);
  });

  it('reads a last line without a line end only at end()', () => {
    const reader = new MigrationNdjsonReader();
    expect(reader.push(patientLine)).toEqual([]);
    expect(reader.end()).toMatchObject([{ kind: 'record', line: 1 }]);
    expect(reader.end()).toEqual([]);
    expect(() => reader.push('x')).toThrow();
  });

  it('reports bad lines by number and goes on', () => {
    expect(read(['{"type":"patient",\n', '[1,2]\n', '"text"\n', '{"type":"pharmacy"}\n', '{"patientId":"P1"}\n', `${patientLine}\n`])).toEqual([
      { kind: 'error', line: 1, message: 'Invalid JSON' },
      { kind: 'error', line: 2, message: MIGRATION_NDJSON_MESSAGES.notARecord },
      { kind: 'error', line: 3, message: MIGRATION_NDJSON_MESSAGES.notARecord },
      { kind: 'error', line: 4, message: MIGRATION_NDJSON_MESSAGES.type },
      { kind: 'error', line: 5, message: MIGRATION_NDJSON_MESSAGES.type },
      expect.objectContaining({ kind: 'record', line: 6 }),
    ]);
  });

  it('refuses a line over the limit, in one chunk or many, and reads the next line', () => {
    const long = `{"type":"patient","patientId":"${'x'.repeat(MIGRATION_NDJSON_MAX_LINE)}"}`;
    const text = `${long}\n${patientLine}\n`;
    const expected = [
      { kind: 'error', line: 1, message: MIGRATION_NDJSON_MESSAGES.tooLong },
      expect.objectContaining({ kind: 'record', line: 2 }),
    ];
    expect(read([text])).toEqual(expected);
    expect(read(pieces(text, 1000))).toEqual(expected);
    // At the limit exactly (CRLF's CR not counted) a line is read.
    const atLimit = `{"type":"patient","patientId":"${'x'.repeat(MIGRATION_NDJSON_MAX_LINE - 33)}"}`;
    expect(atLimit.length).toBe(MIGRATION_NDJSON_MAX_LINE);
    expect(read([`${atLimit}\r\n`])).toMatchObject([{ kind: 'record', line: 1 }]);
    expect(read([`${atLimit} \n`])).toEqual([{ kind: 'error', line: 1, message: MIGRATION_NDJSON_MESSAGES.tooLong }]);
  });

  it('never holds more than a line: a long run without a line end is dropped as it comes', () => {
    const reader = new MigrationNdjsonReader();
    const chunk = 'x'.repeat(40_000);
    const items = [reader.push(chunk), reader.push(chunk), reader.push(chunk), reader.push(chunk)].flat();
    expect(items).toEqual([{ kind: 'error', line: 1, message: MIGRATION_NDJSON_MESSAGES.tooLong }]);
    expect([...reader.push(`\n${patientLine}`), ...reader.end()]).toMatchObject([{ kind: 'record', line: 2 }]);
  });

  it('feeds the validator: the sample as NDJSON is valid, bad lines are errors with their line', () => {
    const lines = [
      ...SAMPLE_MIGRATION_DATA.prescriptions.map((row) => JSON.stringify({ type: 'prescription', ...row })),
      ...SAMPLE_MIGRATION_DATA.patients.map((row) => JSON.stringify({ type: 'patient', ...row })),
      ...SAMPLE_MIGRATION_DATA.medications.map((row) => JSON.stringify({ type: 'medication', ...row })),
      ...SAMPLE_MIGRATION_DATA.prescribers.map((row) => JSON.stringify({ type: 'prescriber', ...row })),
    ];
    const validator = new MigrationValidator();
    feedNdjsonItems(validator, read(pieces(lines.join('\n'), 100)));
    expect(validator.finish().isValid).toBe(true);

    const broken = new MigrationValidator();
    feedNdjsonItems(broken, read([`${patientLine}\nnot json\n${JSON.stringify({ type: 'prescription', prescriptionId: 'RX1' })}\n`]));
    const result = broken.finish();
    expect(result.errors[0]).toEqual({ array: null, index: null, sourceId: null, field: '', message: 'Invalid JSON', line: 2 });
    expect(result.errors.slice(1).every((error) => error.array === 'prescriptions' && error.index === 0 && error.line === 3)).toBe(true);
    expect(result.counts.patients).toEqual({ rows: 1, valid: 1 });
  });
});

describe('migrationErrorsCsv', () => {
  it('writes one row an error (rows counted from 1), formula-guarded, with the rest counted', () => {
    const csv = migrationErrorsCsv(
      [
        { array: 'patients', index: 0, sourceId: '=HYPERLINK("x")', field: 'state', message: 'State must be one of the 50 US state codes' },
        { array: null, index: null, sourceId: null, field: '', message: 'Invalid JSON', line: 7 },
      ],
      1234,
    );
    expect(csv).toBe(
      'Array,Row,Line,Source ID,Field,Message\r\n' +
        'patients,1,,"\'=HYPERLINK(""x"")",state,State must be one of the 50 US state codes\r\n' +
        ',,7,,,Invalid JSON\r\n' +
        ',,,,,"and 1,234 more"\r\n',
    );
  });

  it('is the header alone for no errors', () => {
    expect(migrationErrorsCsv([])).toBe('Array,Row,Line,Source ID,Field,Message\r\n');
  });
});
