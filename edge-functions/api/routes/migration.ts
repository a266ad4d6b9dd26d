/**
 * Data Migration (shared/src/api/migration.ts), all with the caller's JWT: the database decides who may migrate
 * (admins with data:migrate) and whose pharmacy it is. Validation is the one shared validator
 * (shared/src/migration/validate-migration.ts) with the source ids the pharmacy already imported, read through RLS
 * (migration_known_source_ids); an import validates first, then sends the normalised rows to the database's
 * set-based import functions entity by entity in batches of MIGRATION_IMPORT_BATCH_ROWS, each batch one
 * transaction, inside one audited run (begin_migration_run / finish_migration_run). A batch the database refuses
 * ends the run as failed: the batches before it stay imported, and importing the file again continues (rows
 * already imported unchanged are skipped).
 */
import {
  importPrimeRxEndpoint, MIGRATION_IMPORT_BATCH_ROWS, type MigrationEntityCounts, type MigrationImportResponse,
  migrationReportEndpoint, type MigrationReport, validateMigrationEndpoint,
} from '@pharmacy/shared/api/migration.ts';
import { MIGRATION_ARRAYS, MIGRATION_SOURCE_ID_FIELDS, type MigrationArray } from '@pharmacy/shared/migration/migration-data.ts';
import { type ExistingSourceIds, type MigrationError, type MigrationValidation, validateMigration } from '@pharmacy/shared/migration/validate-migration.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';

/** The database's import function of each entity. */
const IMPORT_FUNCTIONS = {
  prescribers: 'import_migration_prescribers',
  medications: 'import_migration_medications',
  patients: 'import_migration_patients',
  prescriptions: 'import_migration_prescriptions',
} as const satisfies Record<MigrationArray, string>;

/** The entities a prescription refers to, with its field naming each. */
const REFERENCES = [
  ['patients', 'patientId'],
  ['prescribers', 'prescriberId'],
  ['medications', 'drugId'],
] as const;

/** Source ids asked of the database per call. */
const KNOWN_IDS_PER_CALL = 50_000;

/** A field's id as the validator reads it (text trimmed, a number as its text); null for anything else. */
function idOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const id = value.trim();
  return id === '' ? null : id;
}

function rowsOf(data: Record<string, unknown>, array: MigrationArray): unknown[] {
  const rows = data[array];
  return Array.isArray(rows) ? rows : [];
}

/**
 * The source ids the file's prescriptions name but the file does not hold, of those the pharmacy imported before.
 * Asking only for these keeps validation's reads to what the file needs. Also the permission check: the database
 * refuses a caller who may not migrate.
 */
async function existingSourceIds(client: SupabaseClient, data: Record<string, unknown>): Promise<ExistingSourceIds> {
  const prescriptions = rowsOf(data, 'prescriptions');
  const sets: Record<(typeof REFERENCES)[number][0], Set<string>> = { patients: new Set(), prescribers: new Set(), medications: new Set() };
  for (const [array, field] of REFERENCES) {
    const inFile = new Set<string>();
    for (const row of rowsOf(data, array)) {
      const id = typeof row === 'object' && row !== null ? idOf((row as Record<string, unknown>)[MIGRATION_SOURCE_ID_FIELDS[array]]) : null;
      if (id !== null) inFile.add(id);
    }
    const wanted = new Set<string>();
    for (const row of prescriptions) {
      const id = typeof row === 'object' && row !== null ? idOf((row as Record<string, unknown>)[field]) : null;
      if (id !== null && id.length <= 64 && !inFile.has(id)) wanted.add(id);
    }
    const ids = [...wanted];
    // One call even when nothing is wanted: the database's answer to who may migrate.
    for (let start = 0; start === 0 || start < ids.length; start += KNOWN_IDS_PER_CALL) {
      const { data: known, error } = await client.rpc('migration_known_source_ids', { entity: array, source_ids: ids.slice(start, start + KNOWN_IDS_PER_CALL) });
      if (error) throw databaseFailure('reading the rows imported before', error);
      for (const id of (known ?? []) as string[]) sets[array].add(id);
    }
  }
  return { patientIds: sets.patients, prescriberIds: sets.prescribers, drugIds: sets.medications };
}

async function validate(client: SupabaseClient, data: Record<string, unknown>): Promise<MigrationValidation> {
  return validateMigration(data, await existingSourceIds(client, data));
}

/** The SHA-256 of the body as received (its JSON text), recorded with the run. */
async function sha256Hex(data: unknown): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(data)));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const zeroCounts = (): Record<MigrationArray, MigrationEntityCounts> => ({
  prescribers: { total: 0, inserted: 0, updated: 0, unchanged: 0 },
  medications: { total: 0, inserted: 0, updated: 0, unchanged: 0 },
  patients: { total: 0, inserted: 0, updated: 0, unchanged: 0 },
  prescriptions: { total: 0, inserted: 0, updated: 0, unchanged: 0 },
});

function importResult(success: boolean, counts: Record<MigrationArray, MigrationEntityCounts>, errors: MigrationError[], errorCount: number, runId: string | null): MigrationImportResponse {
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

async function importValidated(client: SupabaseClient, data: Record<string, unknown>, validation: MigrationValidation): Promise<MigrationImportResponse> {
  const rows = validation.normalised;
  const totals = Object.fromEntries(MIGRATION_ARRAYS.map((array) => [array, rows[array].length]));
  const begun = await client.rpc('begin_migration_run', { file_sha256: await sha256Hex(data), totals });
  if (begun.error) throw databaseFailure('starting the import', begun.error);
  const runId = (begun.data as { id: string }).id;
  const counts = zeroCounts();
  let failure: MigrationError | null = null;
  for (const array of MIGRATION_ARRAYS) {
    for (let start = 0; start < rows[array].length && failure === null; start += MIGRATION_IMPORT_BATCH_ROWS) {
      const batch = rows[array].slice(start, start + MIGRATION_IMPORT_BATCH_ROWS);
      const { data: done, error } = await client.rpc(IMPORT_FUNCTIONS[array], { run_id: runId, rows: batch as never });
      if (error) {
        const refusal = databaseFailure(`importing ${array}`, error);
        // The database's sentence when it gave one (a reference missing, a controlled drug's refill limit), else a plain one.
        const message = refusal instanceof HttpError ? refusal.message : `The ${array} of rows ${start + 1}–${start + batch.length} could not be imported`;
        if (!(refusal instanceof HttpError)) console.error(refusal.message);
        failure = { array, index: start, sourceId: null, field: '', message };
        break;
      }
      const batchCounts = done as unknown as MigrationEntityCounts;
      for (const key of ['total', 'inserted', 'updated', 'unchanged'] as const) counts[array][key] += batchCounts[key];
    }
    if (failure !== null) break;
  }
  const errors = failure === null ? [] : [failure];
  const finished = await client.rpc('finish_migration_run', { run_id: runId, run_status: failure === null ? 'succeeded' : 'failed', run_errors: errors as never });
  if (finished.error) throw databaseFailure('finishing the import', finished.error);
  return importResult(failure === null, counts, errors, errors.length, runId);
}

export function addMigrationRoutes(router: ApiRouter): void {
  router.serve(migrationReportEndpoint, async ({ req }) => {
    const { data, error } = await createUserClient(req).rpc('migration_report');
    if (error) throw databaseFailure('reading the migration report', error);
    return data as unknown as MigrationReport;
  });

  router.serve(validateMigrationEndpoint, async ({ req, body }) => {
    const { isValid, errors, errorCount, counts } = await validate(createUserClient(req), body);
    return { isValid, errors, errorCount, counts };
  });

  router.serve(importPrimeRxEndpoint, async ({ req, body }) => {
    const client = createUserClient(req);
    const validation = await validate(client, body);
    if (!validation.isValid) return importResult(false, zeroCounts(), validation.errors, validation.errorCount, null);
    return importValidated(client, body, validation);
  });
}
