/**
 * The Data Migration screen's staged path and wording (web/src/features/data-migration): a file read as a stream
 * is told NDJSON or four-array JSON by its bytes, validated by the shared validator with the database asked only for
 * the outside references, hashed as the bytes it is; text that is not a migration file is 'Invalid JSON'; PostgREST's
 * 4xx is the database's sentence and anything else a fault; the import runs the shared loop in order, batch by batch,
 * and stops at a refused batch; the error filter and a run read back as the spec's Import result.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MigrationBatchRefused } from '../../shared/src/migration/run-migration-import.ts';
import { SAMPLE_MIGRATION_DATA } from '../../shared/src/migration/sample-migration.ts';
import { generatedMigrationData, migrationNdjson } from '../support/generated-migration.ts';
import {
  importMigrationFile, looksLikeNdjson, postgrestRpc, validateMigrationFile, type MigrationRpc,
} from '../../web/src/features/data-migration/migration-file-job.ts';
import { filterMigrationErrors, importSummaryText, resultOfRun } from '../../web/src/features/data-migration/migration-view.ts';

/** A database double: records every call, answers the known source ids and each batch's counts. */
function fakeDatabase(known: Record<string, string[]> = {}, refuse?: (fn: string, rows: unknown[]) => string | null) {
  const calls: { fn: string; args: Record<string, unknown> }[] = [];
  const rpc: MigrationRpc = {
    async call(fn, args) {
      calls.push({ fn, args });
      if (fn === 'migration_known_source_ids') return (known[args.entity as string] ?? []).filter((id) => (args.source_ids as string[]).includes(id));
      if (fn === 'begin_migration_run') return { id: 'run-1' };
      if (fn === 'finish_migration_run') return {};
      const rows = args.rows as unknown[];
      const refusal = refuse?.(fn, rows);
      if (refusal) throw new MigrationBatchRefused(refusal);
      return { total: rows.length, inserted: rows.length, updated: 0, unchanged: 0 };
    },
  };
  return { rpc, calls };
}

const progress = () => undefined;

describe('validateMigrationFile', () => {
  it('reads the four-array JSON file, validates it and hashes its bytes', async () => {
    const text = JSON.stringify(SAMPLE_MIGRATION_DATA, null, 2);
    const { rpc, calls } = fakeDatabase();
    const outcome = await validateMigrationFile(new Blob([text]), rpc, progress);
    expect(outcome.kind).toBe('validated');
    if (outcome.kind !== 'validated') return;
    expect(outcome.format).toBe('json');
    expect(outcome.response.isValid).toBe(true);
    expect(outcome.response.counts.prescriptions).toEqual({ rows: 4, valid: 4 });
    expect(outcome.fileSha256).toBe(createHash('sha256').update(text).digest('hex'));
    // Every reference is in the file: one call only, the database's answer to who may migrate.
    expect(calls.map((call) => call.fn)).toEqual(['migration_known_source_ids']);
  });

  it('reads NDJSON, asks the database only for references outside the file, and accepts those it knows', async () => {
    const data = generatedMigrationData({ prescribers: 5, medications: 8, patients: 20, prescriptions: 40 }, 7);
    const missing = data.prescriptions![0]!.patientId as string;
    const withoutPatients = { ...data, patients: data.patients!.filter((row) => row.patientId !== missing) };
    const referencing = data.prescriptions!.filter((row) => row.patientId === missing).length;
    expect(referencing).toBeGreaterThan(0);

    const unknown = fakeDatabase();
    const refused = await validateMigrationFile(new Blob([migrationNdjson(withoutPatients)]), unknown.rpc, progress);
    expect(refused.kind === 'validated' && refused.format).toBe('ndjson');
    expect(refused.kind === 'validated' && refused.response.errorCount).toBe(referencing);
    expect(unknown.calls.find((call) => call.args.entity === 'patients')?.args.source_ids).toEqual([missing]);

    const known = fakeDatabase({ patients: [missing] });
    const accepted = await validateMigrationFile(new Blob([migrationNdjson(withoutPatients)]), known.rpc, progress);
    expect(accepted.kind === 'validated' && accepted.response.isValid).toBe(true);
  });

  it('says Invalid JSON for a broken file or one that is not UTF-8, and Migration data is required for no rows', async () => {
    const broken = await validateMigrationFile(new Blob(['{"patients": [{"patientId": "P1",']), fakeDatabase().rpc, progress);
    expect(broken).toEqual({ kind: 'invalid-json', detail: 'Invalid JSON: the file ends before its object does' });
    const latin1 = await validateMigrationFile(new Blob([new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d])]), fakeDatabase().rpc, progress);
    expect(latin1).toEqual({ kind: 'invalid-json', detail: 'The file is not UTF-8 text' });
    const empty = await validateMigrationFile(new Blob(['{"version": 3}']), fakeDatabase().rpc, progress);
    expect(empty.kind === 'validated' && empty.response.errors.map((error) => error.message)).toEqual(['Migration data is required']);
  });

  it('tells NDJSON by a first line that is a whole record with a type', () => {
    expect(looksLikeNdjson('{"type":"patient","patientId":"P1"}\n{"type":')).toBe(true);
    expect(looksLikeNdjson('{\n  "patients": [')).toBe(false);
    expect(looksLikeNdjson('{"patients": []}')).toBe(false);
    expect(looksLikeNdjson('{"patientId":"P1"}\n')).toBe(false);
  });
});

describe('importMigrationFile', () => {
  it('imports prescribers, medications, patients, then prescriptions, in batches, as one run', async () => {
    const data = generatedMigrationData({ prescribers: 3, medications: 4, patients: 4_500, prescriptions: 10 }, 9);
    const validation = await validateMigrationFile(new Blob([JSON.stringify(data)]), fakeDatabase().rpc, progress);
    if (validation.kind !== 'validated') throw new Error('not validated');
    const { rpc, calls } = fakeDatabase();
    let batches = 0;
    const result = await importMigrationFile(rpc, validation.normalised, validation.fileSha256, () => (batches += 1));
    expect(calls.map((call) => call.fn)).toEqual([
      'begin_migration_run', 'import_migration_prescribers', 'import_migration_medications',
      'import_migration_patients', 'import_migration_patients', 'import_migration_patients', 'import_migration_prescriptions', 'finish_migration_run',
    ]);
    expect(calls[0]!.args).toEqual({ file_sha256: validation.fileSha256, totals: { prescribers: 3, medications: 4, patients: 4_500, prescriptions: 10 } });
    expect(batches).toBe(6);
    expect(result.success).toBe(true);
    expect(result.summary).toEqual({ patientsImported: 4_500, medicationsImported: 4, prescriptionsImported: 10, prescribersImported: 3 });
  });

  it('stops at a batch the database refuses, keeps the batches before it, and ends the run as failed with the sentence', async () => {
    const data = generatedMigrationData({ prescribers: 2, medications: 2, patients: 3, prescriptions: 3 }, 11);
    const validation = await validateMigrationFile(new Blob([JSON.stringify(data)]), fakeDatabase().rpc, progress);
    if (validation.kind !== 'validated') throw new Error('not validated');
    const { rpc, calls } = fakeDatabase({}, (fn) => (fn === 'import_migration_patients' ? 'Patients must be unique' : null));
    const result = await importMigrationFile(rpc, validation.normalised, validation.fileSha256, progress);
    expect(result.success).toBe(false);
    expect(result.errors).toEqual([{ array: 'patients', index: 0, sourceId: null, field: '', message: 'Patients must be unique' }]);
    expect(calls.at(-1)).toEqual({ fn: 'finish_migration_run', args: { run_id: 'run-1', run_status: 'failed', run_errors: result.errors } });
    // A refusal that stands: sent with the others, then alone, refused both times.
    expect(calls.filter((call) => call.fn === 'import_migration_patients')).toHaveLength(2);
    expect(calls.some((call) => call.fn === 'import_migration_prescriptions')).toBe(false);
    expect(result.summary.prescribersImported).toBe(2);
  });
});

describe('runMigrationImport with batches in flight together', () => {
  it('sends a batch that failed alongside others again alone, and goes on when it passes', async () => {
    const data = generatedMigrationData({ prescribers: 1, medications: 1, patients: 9_000, prescriptions: 1 }, 13);
    const validation = await validateMigrationFile(new Blob([JSON.stringify(data)]), fakeDatabase().rpc, progress);
    if (validation.kind !== 'validated') throw new Error('not validated');
    let patientCalls = 0;
    // The second patients batch trips over the first once (a fault), then goes through.
    const { rpc, calls } = fakeDatabase({}, (fn) => (fn === 'import_migration_patients' && ++patientCalls === 2 ? 'This conflicts with a record already on file' : null));
    const result = await importMigrationFile(rpc, validation.normalised, validation.fileSha256, progress);
    expect(result.success).toBe(true);
    expect(result.counts.patients).toEqual({ total: 9_000, inserted: 9_000, updated: 0, unchanged: 0 });
    const patientBatches = calls.filter((call) => call.fn === 'import_migration_patients').map((call) => (call.args.rows as { patientId: string }[])[0]!.patientId);
    // Five batches of 2,000 rows, the one refused sent again (alone, in file order with any not yet sent).
    expect(patientBatches).toHaveLength(6);
    expect(patientBatches.filter((first) => first === patientBatches[1])).toHaveLength(2);
    expect(new Set(patientBatches)).toEqual(new Set(['P1', 'P2001', 'P4001', 'P6001', 'P8001']));
    expect(calls.at(-1)?.args.run_status).toBe('succeeded');
  });
});

describe('postgrestRpc', () => {
  const respond = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

  it('sends the token and the arguments, and answers the body', async () => {
    let seen: { url: string; init: RequestInit } | null = null;
    const fetcher = (async (url: string, init: RequestInit) => {
      seen = { url, init };
      return new Response('{"id":"r"}', { status: 200 });
    }) as unknown as typeof fetch;
    const rpc = postgrestRpc('http://db.test', 'anon', () => 'token-1', fetcher);
    expect(await rpc.call('begin_migration_run', { a: 1 })).toEqual({ id: 'r' });
    expect(seen!.url).toBe('http://db.test/rest/v1/rpc/begin_migration_run');
    expect(new Headers(seen!.init.headers).get('authorization')).toBe('Bearer token-1');
    expect(seen!.init.body).toBe('{"a":1}');
  });

  it('turns a 4xx into the database\'s sentence (internal wording replaced) and anything else into a fault', async () => {
    await expect(postgrestRpc('http://db.test', 'anon', () => 't', respond(400, { code: 'P0001', message: 'Prescription RX1: no patient P9 has been imported' })).call('f', {}))
      .rejects.toEqual(new MigrationBatchRefused('Prescription RX1: no patient P9 has been imported'));
    await expect(postgrestRpc('http://db.test', 'anon', () => 't', respond(409, { code: '23505', message: 'duplicate key value violates unique constraint "x"' })).call('f', {}))
      .rejects.toEqual(new MigrationBatchRefused('This conflicts with a record already on file'));
    const fault = postgrestRpc('http://db.test', 'anon', () => 't', respond(500, { message: 'boom' })).call('f', {});
    await expect(fault).rejects.toThrow('f failed (500): boom');
    await expect(fault).rejects.not.toBeInstanceOf(MigrationBatchRefused);
  });
});

describe('the screen\'s wording', () => {
  const errors = [
    { array: 'patients' as const, index: 0, sourceId: 'P1', field: 'dateOfBirth', message: 'Date of birth is in the future' },
    { array: 'prescriptions' as const, index: 4, sourceId: 'RX5', field: 'patientId', message: 'No patient P9 in the file or the pharmacy' },
    { array: null, index: null, sourceId: null, field: '', message: 'Invalid JSON', line: 7 },
  ];

  it('filters errors by array, the file as a whole, and text in message, field or id', () => {
    expect(filterMigrationErrors(errors, 'all', '')).toHaveLength(3);
    expect(filterMigrationErrors(errors, 'patients', '')).toEqual([errors[0]]);
    expect(filterMigrationErrors(errors, 'file', '')).toEqual([errors[2]]);
    expect(filterMigrationErrors(errors, 'all', 'p9')).toEqual([errors[1]]);
    expect(filterMigrationErrors(errors, 'all', 'DATEOFBIRTH')).toEqual([errors[0]]);
    expect(filterMigrationErrors(errors, 'prescriptions', 'birth')).toEqual([]);
  });

  it('reads a finished run as the Import result, and a running one as none', () => {
    const run = {
      id: 'r1', status: 'failed' as const, totals: {}, startedAt: '2026-11-29T10:00:00Z', updatedAt: '2026-11-29T10:01:00Z', finishedAt: '2026-11-29T10:01:00Z',
      counts: { patients: { total: 5, inserted: 3, updated: 1, unchanged: 1 }, prescribers: 'x' },
      errors: [{ array: 'prescriptions', index: 2000, sourceId: null, field: '', message: 'Prescription RX9: no medication D1 has been imported' }, { nonsense: true }],
    };
    const result = resultOfRun(run)!;
    expect(result.success).toBe(false);
    expect(result.counts.patients).toEqual({ total: 5, inserted: 3, updated: 1, unchanged: 1 });
    expect(result.counts.prescribers).toEqual({ total: 0, inserted: 0, updated: 0, unchanged: 0 });
    expect(result.errors).toEqual([{ array: 'prescriptions', index: 2000, sourceId: null, field: '', message: 'Prescription RX9: no medication D1 has been imported' }]);
    expect(importSummaryText(result)).toBe('3 patients, 0 medications, 0 prescribers and 0 prescriptions imported.');
    expect(resultOfRun({ ...run, status: 'running', finishedAt: null })).toBeNull();
  });
});
