/**
 * Data Migration (shared/src/api/migration.ts), all with the caller's JWT: the database decides who may migrate
 * (admins with data:migrate) and whose pharmacy it is. Validation is the one shared validator
 * (shared/src/migration/validate-migration.ts) with the source ids the pharmacy already imported, read through RLS
 * (migration_known_source_ids); an import validates first, then runs the one import loop
 * (shared/src/migration/run-migration-import.ts, also the screen's staged path for large files): the database's
 * set-based import functions entity by entity in batches, each batch one transaction, inside one audited run.
 */
import {
  importPrimeRxEndpoint, type MigrationEntityCounts, migrationReportEndpoint, type MigrationReport, validateMigrationEndpoint,
} from '@pharmacy/shared/api/migration.ts';
import {
  MIGRATION_IMPORT_FUNCTIONS, MigrationBatchRefused, type MigrationImportDatabase, migrationImportResult, runMigrationImport, sha256HexOfText, zeroMigrationCounts,
} from '@pharmacy/shared/migration/run-migration-import.ts';
import { lookUpExistingSourceIds, migrationValidatorOf, type MigrationValidation } from '@pharmacy/shared/migration/validate-migration.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';

/** Validation with the source ids the pharmacy imported before, read through RLS (also who may migrate: the database refuses others). */
async function validate(client: SupabaseClient, data: Record<string, unknown>): Promise<MigrationValidation> {
  const validator = migrationValidatorOf(data);
  const existing = await lookUpExistingSourceIds(validator.outsideReferences(), async (entity, sourceIds) => {
    const { data: known, error } = await client.rpc('migration_known_source_ids', { entity, source_ids: sourceIds });
    if (error) throw databaseFailure('reading the rows imported before', error);
    return (known ?? []) as string[];
  });
  return validator.finish(existing);
}

/** The database calls of an import, as the caller (shared/src/migration/run-migration-import.ts). */
function importDatabase(client: SupabaseClient): MigrationImportDatabase {
  return {
    async begin(fileSha256, totals) {
      const { data, error } = await client.rpc('begin_migration_run', { file_sha256: fileSha256, totals });
      if (error) throw databaseFailure('starting the import', error);
      return (data as { id: string }).id;
    },
    async importBatch(array, runId, rows) {
      const { data, error } = await client.rpc(MIGRATION_IMPORT_FUNCTIONS[array], { run_id: runId, rows: rows as never });
      if (error) {
        const refusal = databaseFailure(`importing ${array}`, error);
        // The database's sentence when it gave one (a reference missing, a controlled drug's refill limit).
        throw refusal instanceof HttpError ? new MigrationBatchRefused(refusal.message) : refusal;
      }
      return data as unknown as MigrationEntityCounts;
    },
    async finish(runId, status, errors) {
      const { error } = await client.rpc('finish_migration_run', { run_id: runId, run_status: status, run_errors: errors as never });
      if (error) throw databaseFailure('finishing the import', error);
    },
  };
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
    if (!validation.isValid) return migrationImportResult(false, zeroMigrationCounts(), validation.errors, validation.errorCount, null);
    // The body as received (its JSON text) is what the run's SHA-256 records.
    return runMigrationImport(importDatabase(client), validation.normalised, await sha256HexOfText(JSON.stringify(body)), {
      onUnexpectedFailure: (error) => console.error(error instanceof Error ? error.message : error),
    });
  });
}
