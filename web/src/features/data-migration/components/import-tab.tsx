/** Import: the warning to back up first (spec), Start Import, and the pharmacy's latest import, live. */
import { migrationProgress, type MigrationRunRecord } from '@pharmacy/shared/migration/migration-progress.ts';
import { MIGRATION_SCREEN_MESSAGES } from '../migration-view.ts';
import { MigrationRunPanel } from './migration-run-panel.tsx';

export interface ImportTabProps {
  rowCount: number;
  source: string;
  importing: boolean;
  latestRun: MigrationRunRecord | null;
  onStartImport: () => void;
}

export function ImportTab({ rowCount, source, importing, latestRun, onStartImport }: ImportTabProps) {
  // A run still moving (here or at another terminal) is not started over; one whose page closed is continued by a new import.
  const runMoving = latestRun !== null && latestRun.status === 'running' && !migrationProgress(latestRun, Date.now()).stalled;
  return (
    <div className="flex flex-col gap-4">
      <div role="alert" className="alert alert-warning">
        {MIGRATION_SCREEN_MESSAGES.backUpFirst}
      </div>
      <p className="text-sm">
        {rowCount.toLocaleString('en-US')} valid record{rowCount === 1 ? '' : 's'} from {source}: prescribers, medications, patients, then prescriptions, in batches.
        Prescriptions are put on file with their refills; none enters the prescription queue.
      </p>
      <div>
        <button type="button" className="btn btn-primary" onClick={onStartImport} disabled={importing || runMoving || rowCount === 0}>
          Start Import
        </button>
      </div>
      {latestRun ? <MigrationRunPanel run={latestRun} /> : null}
    </div>
  );
}
