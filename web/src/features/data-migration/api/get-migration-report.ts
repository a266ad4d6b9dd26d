/**
 * The summary counts of the Data Migration screen (GET /api/migration/report): patients, medications,
 * prescriptions (orders on file) and prescribers of the pharmacy, counted by the database. Refreshed when any of
 * those tables changes — after an import, and live while one runs.
 */
import { migrationReportEndpoint, type MigrationReport } from '@pharmacy/shared/api/migration.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { migrationKeys } from '../keys.ts';

export function getMigrationReport(): Promise<MigrationReport> {
  return invokeApi(migrationReportEndpoint);
}

export function getMigrationReportQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: ['patients', 'medications', 'prescription_orders', 'prescribers'] },
    queryKey: migrationKeys.report(pharmacyId),
    queryFn: getMigrationReport,
  });
}

export function useMigrationReport(pharmacyId: string) {
  return useQuery(getMigrationReportQueryOptions(pharmacyId));
}
