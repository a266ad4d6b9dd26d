/**
 * The staged path of a migration file (issue 27), run in a web worker (migration-file-worker.ts) so the screen
 * stays responsive: the File is read as a stream — its bytes hashed (SHA-256, recorded with the run) and decoded
 * as they come, fed to the NDJSON or the four-array JSON reader, whose rows go one by one into the one shared
 * validator — so only the validator's normalised rows are held, never the text and a parsed copy of it. The
 * format is told from the bytes: a first line that is a whole JSON object with a "type" is NDJSON, anything else
 * the four-array object. Import runs the one shared import loop (run-migration-import.ts) with the database's
 * functions, called over PostgREST with the signed-in admin's token: the database decides who may import and into
 * which pharmacy, as for the api.
 */
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';
import type { MigrationEntityCounts, MigrationImportResponse, MigrationValidationResponse } from '@pharmacy/shared/api/migration.ts';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { MIGRATION_ARRAYS, type MigrationData } from '@pharmacy/shared/migration/migration-data.ts';
import { MigrationJsonStreamError, MigrationJsonStreamReader } from '@pharmacy/shared/migration/migration-json-stream.ts';
import { feedNdjsonItems, MigrationNdjsonReader } from '@pharmacy/shared/migration/migration-ndjson.ts';
import { MIGRATION_IMPORT_FUNCTIONS, MigrationBatchRefused, runMigrationImport, type MigrationImportDatabase, type MigrationImportProgress } from '@pharmacy/shared/migration/run-migration-import.ts';
import { lookUpExistingSourceIds, MIGRATION_DATA_MESSAGES, MigrationValidator } from '@pharmacy/shared/migration/validate-migration.ts';

/** The largest file taken: a 100,000-patient pharmacy's export with years of prescriptions is a few hundred MB. */
export const MIGRATION_FILE_MAX_BYTES = 1024 * 1024 * 1024;

/** How much of the file's start is read to tell NDJSON from the four-array object. */
const SNIFF_CHARS = 64 * 1024;

export const MIGRATION_FILE_MESSAGES = {
  tooLarge: `The file is larger than ${MIGRATION_FILE_MAX_BYTES / 1024 / 1024 / 1024} GB`,
  notUtf8: 'The file is not UTF-8 text',
  empty: MIGRATION_DATA_MESSAGES.required,
} as const;

/** How the database is called: `call` answers the function's result, or throws MigrationBatchRefused with its sentence. */
export interface MigrationRpc {
  call(fn: string, args: Record<string, unknown>): Promise<unknown>;
}

/** A PostgREST caller with the signed-in user's token (kept current by the worker's owner). */
export function postgrestRpc(supabaseUrl: string, anonKey: string, accessToken: () => string, fetcher: typeof fetch = fetch): MigrationRpc {
  return {
    async call(fn, args) {
      const response = await fetcher(`${supabaseUrl}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: { apikey: anonKey, Authorization: `Bearer ${accessToken()}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(args),
      });
      const text = await response.text();
      let body: unknown = null;
      try {
        body = text === '' ? null : JSON.parse(text);
      } catch {
        // Not PostgREST's JSON (a proxy's page): the status and the text say what happened.
        if (response.ok) throw new Error(`${fn} answered something other than JSON`);
      }
      if (response.ok) return body;
      const error = typeof body === 'object' && body !== null ? (body as { code?: string; message?: string }) : {};
      // A 4xx is the database refusing (a rule's sentence, a permission); anything else is a fault.
      if (response.status >= 400 && response.status < 500) {
        throw new MigrationBatchRefused(clientMessageForDatabaseError({ code: error.code, message: error.message ?? '' }));
      }
      throw new Error(`${fn} failed (${response.status}): ${error.message ?? text.slice(0, 200)}`);
    },
  };
}

export interface MigrationFileReadProgress {
  bytesRead: number;
  totalBytes: number;
}

export type MigrationFileFormat = 'json' | 'ndjson';

export type MigrationFileValidation =
  | { kind: 'validated'; format: MigrationFileFormat; fileSha256: string; response: MigrationValidationResponse; normalised: MigrationData }
  /** The text is not a migration file at all (spec: 'Invalid JSON' / 'Please check your data format'). */
  | { kind: 'invalid-json'; detail: string };

/** Whether the file's start is NDJSON: its first line a whole object with a string "type". */
export function looksLikeNdjson(start: string): boolean {
  const text = start.replace(/^\ufeff/, '');
  const newline = text.indexOf('\n');
  if (newline === -1) return false;
  try {
    const first: unknown = JSON.parse(text.slice(0, newline));
    return typeof first === 'object' && first !== null && !Array.isArray(first) && typeof (first as { type?: unknown }).type === 'string';
  } catch {
    return false;
  }
}

/** Feeds decoded text to the reader the format needs; the format is chosen once SNIFF_CHARS (or the whole file) is in. */
class MigrationTextSink {
  #format: MigrationFileFormat | null = null;
  #pending = '';
  #ndjson = new MigrationNdjsonReader();
  #json = new MigrationJsonStreamReader();
  constructor(private readonly validator: MigrationValidator) {}

  get format(): MigrationFileFormat {
    return this.#format ?? 'json';
  }

  push(text: string): void {
    if (this.#format === null) {
      this.#pending += text;
      if (this.#pending.length < SNIFF_CHARS) return;
      this.#decide();
      return;
    }
    this.#feed(text);
  }

  end(): void {
    if (this.#format === null) this.#decide();
    if (this.#format === 'ndjson') feedNdjsonItems(this.validator, this.#ndjson.end());
    else this.#feedJson(this.#json.end());
  }

  #decide(): void {
    this.#format = looksLikeNdjson(this.#pending) ? 'ndjson' : 'json';
    const pending = this.#pending;
    this.#pending = '';
    this.#feed(pending);
  }

  #feed(text: string): void {
    if (this.#format === 'ndjson') feedNdjsonItems(this.validator, this.#ndjson.push(text));
    else this.#feedJson(this.#json.push(text));
  }

  #feedJson(items: ReturnType<MigrationJsonStreamReader['push']>): void {
    for (const item of items) {
      if (item.kind === 'row') this.validator.addRow(item.array, item.row);
      else this.validator.addError({ array: item.array, index: null, sourceId: null, field: item.array, message: MIGRATION_DATA_MESSAGES.notAList(item.array) });
    }
  }

  get sawAnyRow(): boolean {
    return this.#format === 'ndjson' || this.#json.sawArray;
  }
}

class NotUtf8 extends Error {}

/** The decoder's text of the bytes (all that is left when none are given); bytes that are not UTF-8 throw NotUtf8. */
function decodeUtf8(decoder: TextDecoder, bytes?: Uint8Array): string {
  try {
    return bytes === undefined ? decoder.decode() : decoder.decode(bytes, { stream: true });
  } catch {
    throw new NotUtf8();
  }
}

/**
 * Reads and validates a migration file (nothing written): the rows by the shared validator, references to rows an
 * earlier file imported asked of the database. Throws MigrationBatchRefused when the database refuses the caller.
 */
export async function validateMigrationFile(
  file: Blob,
  rpc: MigrationRpc,
  onProgress: (progress: MigrationFileReadProgress) => void,
): Promise<MigrationFileValidation> {
  const validator = new MigrationValidator();
  const sink = new MigrationTextSink(validator);
  const hash = sha256.create();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const reader = file.stream().getReader();
  let bytesRead = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      hash.update(value);
      bytesRead += value.byteLength;
      sink.push(decodeUtf8(decoder, value));
      onProgress({ bytesRead, totalBytes: file.size });
    }
    sink.push(decodeUtf8(decoder));
    sink.end();
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    if (error instanceof MigrationJsonStreamError) return { kind: 'invalid-json', detail: error.message };
    if (error instanceof NotUtf8) return { kind: 'invalid-json', detail: MIGRATION_FILE_MESSAGES.notUtf8 };
    throw error;
  }
  if (!sink.sawAnyRow || MIGRATION_ARRAYS.every((array) => validator.rowCount(array) === 0)) {
    validator.addError({ array: null, index: null, sourceId: null, field: '', message: MIGRATION_DATA_MESSAGES.required });
  }
  const existing = await lookUpExistingSourceIds(validator.outsideReferences(), async (entity, sourceIds) =>
    (await rpc.call('migration_known_source_ids', { entity, source_ids: sourceIds })) as string[],
  );
  const { isValid, errors, errorCount, counts, normalised } = validator.finish(existing);
  return { kind: 'validated', format: sink.format, fileSha256: bytesToHex(hash.digest()), response: { isValid, errors, errorCount, counts }, normalised };
}

/** The database calls of an import over PostgREST (the api makes the same calls with supabase-js). */
export function rpcImportDatabase(rpc: MigrationRpc): MigrationImportDatabase {
  return {
    async begin(fileSha256, totals) {
      return ((await rpc.call('begin_migration_run', { file_sha256: fileSha256, totals })) as { id: string }).id;
    },
    async importBatch(array, runId, rows) {
      return (await rpc.call(MIGRATION_IMPORT_FUNCTIONS[array], { run_id: runId, rows })) as MigrationEntityCounts;
    },
    async finish(runId, status, errors) {
      await rpc.call('finish_migration_run', { run_id: runId, run_status: status, run_errors: errors });
    },
  };
}

/** Imports a validated file's rows as one audited run. */
export function importMigrationFile(rpc: MigrationRpc, normalised: MigrationData, fileSha256: string, onBatch: (progress: MigrationImportProgress) => void): Promise<MigrationImportResponse> {
  return runMigrationImport(rpcImportDatabase(rpc), normalised, fileSha256, { onBatch });
}
