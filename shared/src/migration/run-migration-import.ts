/**
 * The one import loop of a validated migration file, for both paths: the api's POST /api/migration/import-primerx
 * (edge-functions/api/routes/migration.ts) and the screen's staged path for large files (a web worker). It starts an
 * audited run, sends each entity's normalised rows to the database's set-based import function in batches of
 * MIGRATION_IMPORT_BATCH_ROWS — prescribers, medications, patients, then prescriptions, which need the other three —
 * each batch one transaction, two of an entity at a time, and ends the run. A batch the database refuses ends the run as failed: the batches
 * before it stay imported, and importing the file again continues (rows imported unchanged are skipped).
 * Who may import and into which pharmacy is the database's to decide (the caller's JWT, RLS).
 */
import { MIGRATION_IMPORT_BATCH_ROWS, type MigrationEntityCounts, type MigrationImportResponse } from '../api/migration.ts';
import { MIGRATION_ARRAYS, type MigrationArray, type MigrationData } from './migration-data.ts';
import type { MigrationError } from './validate-migration.ts';

/** The database's import function of each entity (public.import_migration_*, wrappers of the private ones). */
export const MIGRATION_IMPORT_FUNCTIONS = {
  prescribers: 'import_migration_prescribers',
  medications: 'import_migration_medications',
  patients: 'import_migration_patients',
  prescriptions: 'import_migration_prescriptions',
} as const satisfies Record<MigrationArray, string>;

/** A refusal of the database worth showing as it is (a missing reference, a controlled drug's refill limit). */
export class MigrationBatchRefused extends Error {}

/** The database calls of an import, made by the caller's client (public.begin_migration_run and the rest). */
export interface MigrationImportDatabase {
  /** Starts the run; answers its id. */
  begin(fileSha256: string, totals: Record<MigrationArray, number>): Promise<string>;
  /** One batch of one entity, one transaction. Throws MigrationBatchRefused with the database's sentence, or any other error. */
  importBatch(array: MigrationArray, runId: string, rows: readonly unknown[]): Promise<MigrationEntityCounts>;
  finish(runId: string, status: 'succeeded' | 'failed', errors: MigrationError[]): Promise<void>;
}

export interface MigrationImportProgress {
  runId: string;
  /** The entity whose batch just finished. */
  array: MigrationArray;
  counts: Record<MigrationArray, MigrationEntityCounts>;
}

export interface MigrationImportOptions {
  batchRows?: number;
  /** Batches of one entity in flight at once (MIGRATION_CONCURRENT_BATCHES). */
  concurrentBatches?: number;
  onBatch?: (progress: MigrationImportProgress) => void;
  /** An unexpected failure's cause, for the caller's log (the answer names only the rows). */
  onUnexpectedFailure?: (error: unknown) => void;
}

export function zeroMigrationCounts(): Record<MigrationArray, MigrationEntityCounts> {
  return {
    prescribers: { total: 0, inserted: 0, updated: 0, unchanged: 0 },
    medications: { total: 0, inserted: 0, updated: 0, unchanged: 0 },
    patients: { total: 0, inserted: 0, updated: 0, unchanged: 0 },
    prescriptions: { total: 0, inserted: 0, updated: 0, unchanged: 0 },
  };
}

/** The spec's Import result (§3): the summary counts NEW rows per entity. */
export function migrationImportResult(
  success: boolean,
  counts: Record<MigrationArray, MigrationEntityCounts>,
  errors: MigrationError[],
  errorCount: number,
  runId: string | null,
): MigrationImportResponse {
  return {
    success,
    summary: {
      patientsImported: counts.patients.inserted,
      medicationsImported: counts.medications.inserted,
      prescriptionsImported: counts.prescriptions.inserted,
      prescribersImported: counts.prescribers.inserted,
    },
    errors,
    errorCount,
    runId,
    counts,
  };
}

/**
 * Batches of one entity sent at once. Two keep both of a small server's cores busy (a batch is one database
 * backend's work; measured: prescriptions 130 → 80 µs a row); more only queue. The entities stay in order.
 */
export const MIGRATION_CONCURRENT_BATCHES = 2;

/** Imports validated, normalised rows as one audited run; see the module comment. */
export async function runMigrationImport(
  database: MigrationImportDatabase,
  rows: MigrationData,
  fileSha256: string,
  { batchRows = MIGRATION_IMPORT_BATCH_ROWS, concurrentBatches = MIGRATION_CONCURRENT_BATCHES, onBatch, onUnexpectedFailure }: MigrationImportOptions = {},
): Promise<MigrationImportResponse> {
  const totals = Object.fromEntries(MIGRATION_ARRAYS.map((array) => [array, rows[array].length])) as Record<MigrationArray, number>;
  const runId = await database.begin(fileSha256, totals);
  const counts = zeroMigrationCounts();
  let failure: MigrationError | null = null;

  const send = async (array: MigrationArray, start: number): Promise<void> => {
    const done = await database.importBatch(array, runId, rows[array].slice(start, start + batchRows));
    for (const key of ['total', 'inserted', 'updated', 'unchanged'] as const) counts[array][key] += done[key];
    onBatch?.({ runId, array, counts });
  };

  for (const array of MIGRATION_ARRAYS) {
    const starts: number[] = [];
    for (let start = 0; start < rows[array].length; start += batchRows) starts.push(start);
    // Batches in flight together may trip over each other (two new Rx numbers taken at once): a batch that failed
    // is sent again alone once the others are done. A batch is one transaction and a row already imported
    // unchanged is skipped, so sending it again is safe; a refusal that stands fails again.
    const failed: number[] = [];
    let next = 0;
    const sender = async () => {
      while (next < starts.length && failed.length === 0) {
        const start = starts[next++]!;
        try {
          await send(array, start);
        } catch {
          failed.push(start);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrentBatches) }, sender));
    // Sent again in file order, with those never sent after a failure stopped the senders.
    const again = [...failed, ...starts.slice(next)].sort((a, b) => a - b);
    for (const start of again) {
      try {
        await send(array, start);
      } catch (error) {
        if (!(error instanceof MigrationBatchRefused)) onUnexpectedFailure?.(error);
        const size = Math.min(batchRows, rows[array].length - start);
        const message = error instanceof MigrationBatchRefused ? error.message : `The ${array} of rows ${start + 1}–${start + size} could not be imported`;
        failure = { array, index: start, sourceId: null, field: '', message };
        break;
      }
    }
    if (failure !== null) break;
  }
  const errors = failure === null ? [] : [failure];
  await database.finish(runId, failure === null ? 'succeeded' : 'failed', errors);
  return migrationImportResult(failure === null, counts, errors, errors.length, runId);
}

/** The SHA-256 of a text (hex), recorded with the run: the file as read, or the api's body as JSON. */
export async function sha256HexOfText(text: string | Uint8Array): Promise<string> {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
