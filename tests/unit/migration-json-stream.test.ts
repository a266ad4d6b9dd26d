/**
 * The streaming reader of a four-array migration file (shared/src/migration/migration-json-stream.ts) and the
 * import's progress (migration-progress.ts), issue 27: rows come out equal to JSON.parse's whatever the chunking,
 * strings with brackets, commas and escapes stay whole, unknown keys are skipped, a known key that is not a list
 * is reported, broken text is 'Invalid JSON', an over-long row is refused without being held; progress counts rows
 * done of all, the rate, the time left, and a run whose page closed.
 */
import { describe, expect, it } from 'vitest';
import { MIGRATION_JSON_ROW_MAX, MigrationJsonStreamError, MigrationJsonStreamReader, type MigrationJsonStreamItem } from '../../shared/src/migration/migration-json-stream.ts';
import { MIGRATION_RUN_STALLED_MS, migrationProgress, timeLeftText } from '../../shared/src/migration/migration-progress.ts';
import { SAMPLE_MIGRATION_DATA } from '../../shared/src/migration/sample-migration.ts';

function read(text: string, size: number): MigrationJsonStreamItem[] {
  const reader = new MigrationJsonStreamReader();
  const items: MigrationJsonStreamItem[] = [];
  for (let i = 0; i < text.length; i += size) items.push(...reader.push(text.slice(i, i + size)));
  items.push(...reader.end());
  return items;
}

function rowsByArray(items: MigrationJsonStreamItem[]): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const item of items) if (item.kind === 'row') (out[item.array] ??= []).push(item.row);
  return out;
}

describe('MigrationJsonStreamReader', () => {
  it('gives the sample file’s rows as JSON.parse does, in any chunking', () => {
    const text = JSON.stringify(SAMPLE_MIGRATION_DATA, null, 2);
    for (const size of [1, 3, 7, 64, 4096, text.length]) {
      expect(rowsByArray(read(text, size))).toEqual(JSON.parse(text));
    }
  });

  it('keeps strings with brackets, commas, quotes and escapes whole, and skips other keys', () => {
    const patients = [{ patientId: 'P,1]', firstName: 'A "quoted" }name{', allergies: ['x]', '[y', '\\'] }, { patientId: 'P2', note: 'é ✓ \u2028' }];
    const text = `\ufeff{"meta": {"exported": [1, {"a": "]}"}], "n": 3}, "version": "2.1", "flag": true, "patients": ${JSON.stringify(patients)}, "extra": null}`;
    for (const size of [1, 2, 5, 1000]) {
      const items = read(text, size);
      expect(items).toEqual(patients.map((row) => ({ kind: 'row', array: 'patients', row })));
    }
  });

  it('reports a known key that is not a list, and takes null as not given', () => {
    expect(read('{"patients": {"a": 1}, "medications": null, "prescribers": "x", "prescriptions": []}', 3)).toEqual([
      { kind: 'not-a-list', array: 'patients' },
      { kind: 'not-a-list', array: 'prescribers' },
    ]);
  });

  it('gives rows that are not objects as rows (the validator refuses them)', () => {
    expect(read('{"patients": [1, "two", null, [3]]}', 2).map((item) => (item.kind === 'row' ? item.row : item))).toEqual([1, 'two', null, [3]]);
  });

  it.each([
    ['[]', 'must be a JSON object'],
    ['{"patients": [{"a": 1}', 'ends before'],
    ['{"patients": [{"a": 1},]}', 'row was expected'],
    ['{"patients": [{"a": }]}', 'not JSON'],
    ['{"patients": []} x', 'follows the end'],
    ['{"patients" [] }', 'colon'],
    ['{"version": nope}', 'not JSON'],
  ])('refuses %s as Invalid JSON', (text, where) => {
    expect(() => read(text, 4)).toThrow(MigrationJsonStreamError);
    expect(() => read(text, 4)).toThrow(new RegExp(`^Invalid JSON: .*${where}`));
  });

  it('refuses a row longer than the limit while reading it, without holding the rest', () => {
    const reader = new MigrationJsonStreamReader();
    reader.push('{"patients": [{"note": "');
    const piece = 'x'.repeat(4096);
    let thrown: unknown = null;
    try {
      for (let i = 0; i * piece.length < MIGRATION_JSON_ROW_MAX * 2; i += 1) reader.push(piece);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MigrationJsonStreamError);
    expect(String(thrown)).toMatch(/longer than 65,536 characters/);
  });
});

describe('migrationProgress', () => {
  const started = Date.parse('2026-11-29T10:00:00Z');
  const run = {
    id: 'r1',
    status: 'running' as const,
    totals: { prescribers: 100, medications: 200, patients: 1000, prescriptions: 8700 },
    counts: { prescribers: { total: 100, inserted: 100, updated: 0, unchanged: 0 }, medications: { total: 200, inserted: 0, updated: 0, unchanged: 200 }, patients: { total: 700, inserted: 700, updated: 0, unchanged: 0 } },
    errors: [],
    startedAt: new Date(started).toISOString(),
    updatedAt: new Date(started + 10_000).toISOString(),
    finishedAt: null,
  };

  it('counts rows done of all per entity, the rate since the start and the time left', () => {
    const progress = migrationProgress(run, started + 11_000);
    expect(progress.entities).toEqual([
      { array: 'prescribers', done: 100, total: 100 },
      { array: 'medications', done: 200, total: 200 },
      { array: 'patients', done: 700, total: 1000 },
      { array: 'prescriptions', done: 0, total: 8700 },
    ]);
    expect(progress).toMatchObject({ done: 1000, total: 10_000, percent: 10, rowsPerSecond: 100, secondsLeft: 90, stalled: false });
    expect(timeLeftText(90)).toBe('about 2 min');
    expect(timeLeftText(42)).toBe('about 42 s');
  });

  it('says a running run with no batch for a while was left by a closed page, and gives no time left', () => {
    const progress = migrationProgress(run, started + 10_000 + MIGRATION_RUN_STALLED_MS + 1);
    expect(progress).toMatchObject({ stalled: true, secondsLeft: null, percent: 10 });
  });

  it('reads what the database never writes as nothing done, and a finished empty run as whole', () => {
    expect(migrationProgress({ ...run, counts: 'x', totals: { patients: -5 } }, started).total).toBe(0);
    expect(migrationProgress({ ...run, status: 'succeeded', totals: {}, counts: {} }, started).percent).toBe(100);
    expect(migrationProgress({ ...run, totals: {}, counts: {} }, started)).toMatchObject({ percent: 0, rowsPerSecond: null, secondsLeft: null });
  });
});
