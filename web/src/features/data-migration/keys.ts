/** Query keys of Data Migration, starting with the pharmacy (another pharmacy's counts are never read from cache). */
export const migrationKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'data-migration'] as const,
  /** GET /api/migration/report: patients, medications, prescriptions and prescribers on file. */
  report: (pharmacyId: string) => [...migrationKeys.all(pharmacyId), 'report'] as const,
  /** The pharmacy's latest import run (its progress, live). */
  latestRun: (pharmacyId: string) => [...migrationKeys.all(pharmacyId), 'latest-run'] as const,
};
