/**
 * What the Data Migration screen says, out of its components: the spec's toasts (part 2 §8), the error list's
 * filter, a run's outcome as an Import result when the page that ran it is gone, and the counts' wording.
 */
import type { MigrationImportResponse } from '@pharmacy/shared/api/migration.ts';
import { MIGRATION_ARRAYS, type MigrationArray } from '@pharmacy/shared/migration/migration-data.ts';
import type { MigrationRunRecord } from '@pharmacy/shared/migration/migration-progress.ts';
import { migrationImportResult, zeroMigrationCounts } from '@pharmacy/shared/migration/run-migration-import.ts';
import type { MigrationError } from '@pharmacy/shared/migration/validate-migration.ts';

export const MIGRATION_SCREEN_MESSAGES = {
  validationFailedTitle: 'Validation Failed',
  validationFailed: (count: number) => `${count.toLocaleString('en-US')} error${count === 1 ? '' : 's'} found. See the Validate tab.`,
  validationPassedTitle: 'Validation Passed',
  validationPassed: (rows: number) => `${rows.toLocaleString('en-US')} record${rows === 1 ? '' : 's'} ready to import.`,
  validationErrorTitle: 'Validation Error',
  validationError: 'Failed to validate data format',
  migrationFailedTitle: 'Migration Failed',
  migrationFailed: 'Some data could not be imported. See the Results tab.',
  migrationErrorTitle: 'Migration Error',
  migrationError: 'Failed to import data',
  migrationCompleteTitle: 'Migration Complete',
  tooLargeToPaste: 'This is too large to paste; choose it as a file instead',
  backUpFirst: 'Back up your data before importing. An import adds and updates patients, medications, prescribers and prescriptions; importing the same file again changes nothing.',
} as const;

export const MIGRATION_ARRAY_LABELS: Record<MigrationArray, string> = {
  patients: 'Patients',
  medications: 'Medications',
  prescribers: 'Prescribers',
  prescriptions: 'Prescriptions',
};

/** "12 patients, 3 medications, …" of an import's new rows. */
export function importSummaryText(result: MigrationImportResponse): string {
  const { patientsImported, medicationsImported, prescribersImported, prescriptionsImported } = result.summary;
  const part = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
  return `${part(patientsImported, 'patient', 'patients')}, ${part(medicationsImported, 'medication', 'medications')}, ${part(prescribersImported, 'prescriber', 'prescribers')} and ${part(prescriptionsImported, 'prescription', 'prescriptions')} imported.`;
}

export type MigrationErrorFilter = MigrationArray | 'all' | 'file';

/** The errors of one array (or of the file as a whole), whose message, field or source id contains `text`. */
export function filterMigrationErrors(errors: readonly MigrationError[], array: MigrationErrorFilter, text: string): MigrationError[] {
  const needle = text.trim().toLowerCase();
  return errors.filter((error) => {
    if (array === 'file' ? error.array !== null : array !== 'all' && error.array !== array) return false;
    if (needle === '') return true;
    return [error.message, error.field, error.sourceId ?? ''].some((value) => value.toLowerCase().includes(needle));
  });
}

function errorsOfRun(value: unknown): MigrationError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): MigrationError[] => {
    if (typeof entry !== 'object' || entry === null || typeof (entry as { message?: unknown }).message !== 'string') return [];
    const error = entry as Partial<MigrationError> & { message: string };
    const array = MIGRATION_ARRAYS.find((name) => name === error.array) ?? null;
    return [{ array, index: typeof error.index === 'number' ? error.index : null, sourceId: typeof error.sourceId === 'string' ? error.sourceId : null, field: typeof error.field === 'string' ? error.field : '', message: error.message }];
  });
}

function countOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;
}

/** A finished run as the spec's Import result (the Results tab after a reload, or on another terminal); null while it runs. */
export function resultOfRun(run: MigrationRunRecord): MigrationImportResponse | null {
  if (run.status === 'running') return null;
  const counts = zeroMigrationCounts();
  for (const array of MIGRATION_ARRAYS) {
    const entry = typeof run.counts === 'object' && run.counts !== null ? (run.counts as Record<string, unknown>)[array] : undefined;
    if (typeof entry !== 'object' || entry === null) continue;
    for (const key of ['total', 'inserted', 'updated', 'unchanged'] as const) counts[array][key] = countOf((entry as Record<string, unknown>)[key]);
  }
  const errors = errorsOfRun(run.errors);
  return migrationImportResult(run.status === 'succeeded', counts, errors, errors.length, run.id);
}
