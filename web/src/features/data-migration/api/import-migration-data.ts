/**
 * Start Import for pasted JSON (POST /api/migration/import-primerx): validated again, then imported as one audited
 * run. What it writes refreshes the counts and the run.
 */
import { importPrimeRxEndpoint, type MigrationImportResponse } from '@pharmacy/shared/api/migration.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import type { TableName } from '../../../lib/table-queries.ts';

/** The tables an import writes. */
export const MIGRATION_IMPORT_WRITES = ['patients', 'medications', 'prescribers', 'prescription_orders', 'migration_runs'] as const satisfies readonly TableName[];

export function importMigrationData(data: Record<string, unknown>): Promise<MigrationImportResponse> {
  return invokeApi(importPrimeRxEndpoint, data);
}

export function useImportMigrationData() {
  return useMutation({ meta: { writes: MIGRATION_IMPORT_WRITES }, mutationFn: importMigrationData });
}
