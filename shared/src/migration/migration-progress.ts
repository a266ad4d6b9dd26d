/**
 * An import's progress as the Data Migration screen shows it (issue 27): rows done of all per entity and overall,
 * the rate and the time left, from the run the database records (migration_runs: totals at the start, counts added
 * by each batch, updated_at when the last batch finished). Every terminal computes the same from the same row, so
 * the progress survives a page reload and shows on another admin's screen.
 */
import { MIGRATION_ARRAYS, type MigrationArray } from './migration-data.ts';

/** A running run with no batch for this long was left by a page that closed (a batch takes seconds). */
export const MIGRATION_RUN_STALLED_MS = 2 * 60 * 1000;

export type MigrationRunStatus = 'running' | 'succeeded' | 'failed';

/** The run as read from migration_runs (totals and counts as the database keeps them: jsonb per entity). */
export interface MigrationRunRecord {
  id: string;
  status: MigrationRunStatus;
  totals: unknown;
  counts: unknown;
  errors: unknown;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export interface MigrationEntityProgress {
  array: MigrationArray;
  done: number;
  total: number;
}

export interface MigrationProgress {
  status: MigrationRunStatus;
  /** Running, but no batch for MIGRATION_RUN_STALLED_MS. */
  stalled: boolean;
  entities: MigrationEntityProgress[];
  done: number;
  total: number;
  /** 0–100, whole. */
  percent: number;
  /** Rows a second since the start (null before the first batch). */
  rowsPerSecond: number | null;
  /** Seconds left at that rate (null when unknown or not running). */
  secondsLeft: number | null;
}

function countOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;
}

function entry(record: unknown, array: MigrationArray): unknown {
  return typeof record === 'object' && record !== null ? (record as Record<string, unknown>)[array] : undefined;
}

/** The progress of a run at `now`. */
export function migrationProgress(run: MigrationRunRecord, now: number): MigrationProgress {
  const entities = MIGRATION_ARRAYS.map((array): MigrationEntityProgress => {
    const total = countOf(entry(run.totals, array));
    const counted = entry(run.counts, array);
    const done = countOf(typeof counted === 'object' && counted !== null ? (counted as Record<string, unknown>).total : undefined);
    return { array, done: Math.min(done, total), total };
  });
  const done = entities.reduce((sum, entity) => sum + entity.done, 0);
  const total = entities.reduce((sum, entity) => sum + entity.total, 0);
  const percent = total === 0 ? (run.status === 'running' ? 0 : 100) : Math.floor((done / total) * 100);
  const started = Date.parse(run.startedAt);
  const moved = Date.parse(run.updatedAt);
  const elapsedSeconds = (moved - started) / 1000;
  const rowsPerSecond = done > 0 && elapsedSeconds > 0 ? done / elapsedSeconds : null;
  const running = run.status === 'running';
  const stalled = running && now - moved > MIGRATION_RUN_STALLED_MS;
  const secondsLeft = running && !stalled && rowsPerSecond !== null ? Math.ceil((total - done) / rowsPerSecond) : null;
  return { status: run.status, stalled, entities, done, total, percent, rowsPerSecond, secondsLeft };
}

/** "about 40 s", "about 3 min": a time left at an estimated rate. */
export function timeLeftText(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, seconds)} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `about ${minutes} min` : `about ${Math.round(minutes / 60)} h`;
}
