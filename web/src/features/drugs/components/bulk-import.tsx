/**
 * Bulk Import (spec part 2 §2 Database Sync): a CSV or text file of NDCs (ndcsFromImportFile finds the NDC column by
 * its header, or takes every cell that is an NDC), synced in batches of NDC_LIST_MAX with a progress bar of batches
 * done of all, Cancel between batches, and the summed result with its errors under 'View Errors'.
 */
import { NDC_LIST_MAX } from '@pharmacy/shared/drugs/ndc.ts';
import { useId, useState, type ChangeEvent } from 'react';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { SYNC_COMPLETE_TITLE, syncCompleteDescription } from '../drug-messages.ts';
import { useBulkImport, type BulkImportState } from '../hooks/use-bulk-import.ts';
import { ndcBatches, ndcsFromImportFile, type ImportFileNdcs } from '../ndc-import-file.ts';
import { SyncResultSummary } from './sync-result-summary.tsx';

/** Files larger than this are refused before reading (a list of 500,000 NDCs is well under it). */
const IMPORT_FILE_MAX_BYTES = 10 * 1024 * 1024;

interface ChosenFile {
  name: string;
  ndcs: ImportFileNdcs;
}

function outcomeNote(state: BulkImportState): string | undefined {
  if (state.status === 'cancelled') return `Cancelled after batch ${state.done} of ${state.total}.`;
  if (state.status === 'failed') return `Stopped at batch ${state.done + 1} of ${state.total}: ${state.error}`;
  return undefined;
}

export function BulkImport({ canManageCatalog }: { canManageCatalog: boolean }) {
  const fileId = useId();
  const hintId = useId();
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const { state, start, cancel, reset } = useBulkImport();
  const running = state.status === 'running' || state.status === 'cancelling';

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    reset();
    setChosen(null);
    setFileError(null);
    if (!file) return;
    if (file.size > IMPORT_FILE_MAX_BYTES) {
      setFileError(`${file.name} is larger than 10 MB.`);
      return;
    }
    const ndcs = ndcsFromImportFile(await file.text());
    if (ndcs.ndcNumbers.length === 0) setFileError(`No NDC was found in ${file.name}.`);
    else setChosen({ name: file.name, ndcs });
  }

  async function onImport() {
    if (!chosen || running) return;
    const outcome = await start(chosen.ndcs.ndcNumbers);
    if (outcome.status === 'finished') toast({ title: SYNC_COMPLETE_TITLE, description: syncCompleteDescription(outcome.result) });
    else if (outcome.status === 'failed') toast({ title: 'Bulk Import Stopped', description: outcome.error, variant: 'destructive' });
    else if (outcome.status === 'cancelled') toast({ title: 'Bulk Import Cancelled', description: syncCompleteDescription(outcome.result) });
  }

  const batchCount = chosen ? ndcBatches(chosen.ndcs.ndcNumbers).length : 0;

  return (
    <SectionCard title="Bulk Import">
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-medium">
          File of NDCs (CSV or text)
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="file-input w-full sm:w-96"
          onChange={(event) => void onFile(event)}
          disabled={!canManageCatalog || running}
          aria-describedby={hintId}
        />
        <p id={hintId} className="text-xs text-base-content/70">
          A CSV with an NDC column (headed ndc, ndc_number or NDC Number), or any file listing NDCs. Sent in batches of{' '}
          {NDC_LIST_MAX}.
        </p>
      </div>
      {fileError ? <p className="text-sm text-error" role="alert">{fileError}</p> : null}
      {chosen ? (
        <p className="text-sm" role="status">
          {chosen.ndcs.ndcNumbers.length} NDC{chosen.ndcs.ndcNumbers.length === 1 ? '' : 's'} in {chosen.name}
          {chosen.ndcs.column ? ` (column “${chosen.ndcs.column}”)` : ''}, {batchCount} batch{batchCount === 1 ? '' : 'es'}.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" disabled={!canManageCatalog || !chosen || running} onClick={() => void onImport()}>
          Bulk Import
        </button>
        {running ? (
          <button type="button" className="btn" disabled={state.status === 'cancelling'} onClick={cancel}>
            {state.status === 'cancelling' ? 'Cancelling…' : 'Cancel'}
          </button>
        ) : null}
      </div>
      {state.status !== 'idle' ? (
        <div className="flex flex-col gap-2">
          <progress className="progress progress-primary w-full" value={state.done} max={Math.max(state.total, 1)} aria-label="Bulk import progress" />
          <p className="text-sm" aria-live="polite">
            Batch {state.done} of {state.total} done
            {state.status === 'finished' ? '.' : state.status === 'cancelling' ? ', cancelling after this batch…' : running ? ', syncing…' : '.'}
          </p>
          {running ? null : <SyncResultSummary title="Bulk import" result={state.result} note={outcomeNote(state)} />}
        </div>
      ) : null}
    </SectionCard>
  );
}
