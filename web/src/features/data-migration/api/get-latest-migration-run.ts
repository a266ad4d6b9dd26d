/**
 * The pharmacy's latest import run (migration_runs, admins with data:migrate by RLS; index
 * migration_runs_pharmacy_started_idx): its totals and the counts each batch added, which the screen turns into
 * progress (shared/src/migration/migration-progress.ts). migration_runs is a live table, so the progress moves on
 * every admin's terminal and is there again after a reload.
 */
import type { MigrationRunRecord, MigrationRunStatus } from '@pharmacy/shared/migration/migration-progress.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { migrationKeys } from '../keys.ts';

export async function getLatestMigrationRun(): Promise<MigrationRunRecord | null> {
  const { data, error } = await supabase
    .from('migration_runs')
    .select('id, status, totals, counts, errors, started_at, updated_at, finished_at')
    .order('started_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw new Error(error.message);
  if (data === null) return null;
  return {
    id: data.id,
    status: data.status as MigrationRunStatus,
    totals: data.totals,
    counts: data.counts,
    errors: data.errors,
    startedAt: data.started_at,
    updatedAt: data.updated_at,
    finishedAt: data.finished_at,
  };
}

/** While this terminal imports (`polling`), the run is read every second as well as followed live. */
export const MIGRATION_RUN_POLL_MS = 1_000;

export function getLatestMigrationRunQueryOptions(pharmacyId: string, polling = false) {
  return queryOptions({
    meta: { reads: ['migration_runs'] },
    queryKey: migrationKeys.latestRun(pharmacyId),
    queryFn: getLatestMigrationRun,
    refetchInterval: polling ? MIGRATION_RUN_POLL_MS : false,
  });
}

export function useLatestMigrationRun(pharmacyId: string, polling = false) {
  return useQuery(getLatestMigrationRunQueryOptions(pharmacyId, polling));
}
