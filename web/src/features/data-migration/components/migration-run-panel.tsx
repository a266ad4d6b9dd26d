/**
 * The pharmacy's latest import, live (migration_runs over Realtime): rows done of all per entity, the rate and the
 * time left while it runs; a run whose page closed says how to continue it; a finished one its outcome.
 */
import { migrationProgress, timeLeftText, type MigrationRunRecord } from '@pharmacy/shared/migration/migration-progress.ts';
import { useNow } from '../../../hooks/use-now.ts';
import { MIGRATION_ARRAY_LABELS } from '../migration-view.ts';

const STATUS_TEXT = { running: 'Running', succeeded: 'Completed', failed: 'Failed' } as const;

export function MigrationRunPanel({ run }: { run: MigrationRunRecord }) {
  const now = useNow(5_000);
  const progress = migrationProgress(run, now.getTime());
  const started = new Date(run.startedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  const badge = progress.stalled ? 'badge-warning' : run.status === 'succeeded' ? 'badge-success' : run.status === 'failed' ? 'badge-error' : 'badge-info';
  return (
    <section aria-label="Latest import" className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Latest import, started {started}</h3>
        <span className={`badge ${badge}`}>{progress.stalled ? 'Stopped' : STATUS_TEXT[run.status]}</span>
      </div>
      <div className="flex items-center gap-3">
        <progress className="progress progress-primary flex-1" max={100} value={progress.percent} aria-label="Import progress" />
        <span className="w-12 text-right text-sm font-medium tabular-nums">{progress.percent}%</span>
      </div>
      <table className="table table-sm">
        <caption className="sr-only">Rows imported per kind of record</caption>
        <thead>
          <tr>
            <th scope="col">Records</th>
            <th scope="col" className="text-right">Done</th>
            <th scope="col" className="text-right">Of</th>
          </tr>
        </thead>
        <tbody>
          {progress.entities.map((entity) => (
            <tr key={entity.array}>
              <th scope="row" className="font-normal">{MIGRATION_ARRAY_LABELS[entity.array]}</th>
              <td className="text-right tabular-nums">{entity.done.toLocaleString('en-US')}</td>
              <td className="text-right tabular-nums">{entity.total.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-base-content/70" aria-live="polite">
        {progress.stalled
          ? 'No records have been saved for a while: the window that ran this import was closed. Choose the same file and import it again to continue — records already imported are skipped.'
          : run.status === 'running'
            ? `${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} records${progress.rowsPerSecond === null ? '' : `, ${Math.round(progress.rowsPerSecond).toLocaleString('en-US')} a second`}${progress.secondsLeft === null ? '' : `, ${timeLeftText(progress.secondsLeft)} left`}.`
            : `${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} records processed.`}
      </p>
    </section>
  );
}
