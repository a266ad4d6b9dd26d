/**
 * Database Sync (spec part 2 §2, §5, §7 POST /api/drugs/sync-external): NDC numbers typed comma-separated, synced
 * from the provider into the catalog — Sync Selected Drugs is disabled while the input is empty after trimming or a
 * sync runs; the toast 'Database Sync Complete' / 'Updated N medications. M failed.' and the failures under 'View
 * Errors'. Bulk Import takes a CSV or text file of NDCs and syncs it in batches with a progress bar. Technicians see
 * both disabled with the reason.
 */
import { NDC_LIST_MAX, splitNdcInput } from '@pharmacy/shared/drugs/ndc.ts';
import type { SyncResult } from '@pharmacy/shared/api/drug-sync.ts';
import { useId, useState, type FormEvent } from 'react';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useSyncExternalDrugs } from '../api/sync-external-drugs.ts';
import { CATALOG_CHANGE_REFUSED_REASON, SYNC_COMPLETE_TITLE, syncCompleteDescription } from '../drug-messages.ts';
import { BulkImport } from './bulk-import.tsx';
import { SyncResultSummary } from './sync-result-summary.tsx';

export interface DatabaseSyncTabProps {
  canManageCatalog: boolean;
}

export function DatabaseSyncTab({ canManageCatalog }: DatabaseSyncTabProps) {
  return (
    <div className="flex flex-col gap-4">
      {canManageCatalog ? null : (
        <p role="note" className="alert alert-info alert-soft text-sm">
          {CATALOG_CHANGE_REFUSED_REASON} You can search the catalog and external drug data.
        </p>
      )}
      <SyncSelectedDrugs canManageCatalog={canManageCatalog} />
      <BulkImport canManageCatalog={canManageCatalog} />
    </div>
  );
}

function SyncSelectedDrugs({ canManageCatalog }: DatabaseSyncTabProps) {
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [lastResult, setLastResult] = useState<SyncResult | null>(null);
  const sync = useSyncExternalDrugs();
  const ndcNumbers = splitNdcInput(text);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (ndcNumbers.length === 0 || sync.isPending || !canManageCatalog) return;
    sync.mutate(ndcNumbers, {
      onSuccess: (result) => {
        setLastResult(result);
        toast({ title: SYNC_COMPLETE_TITLE, description: syncCompleteDescription(result) });
      },
      onError: (error) => toast({ title: 'Sync Failed', description: error.message, variant: 'destructive' }),
    });
  }

  return (
    <SectionCard title="Sync Selected Drugs">
      <form className="flex flex-col gap-3" onSubmit={onSubmit}>
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            NDC numbers (comma-separated)
          </label>
          <input
            id={inputId}
            type="text"
            className="input w-full"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="0071-0155-23, 60505-2671-9"
            aria-describedby={hintId}
            disabled={!canManageCatalog}
          />
          <p id={hintId} className="text-xs text-base-content/70">
            Any NDC format: 4-4-2, 5-3-2, 5-4-1 or 11 digits. Each is looked up at openFDA and added to your catalog or
            updated there; at most {NDC_LIST_MAX} at a time.
          </p>
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={!canManageCatalog || ndcNumbers.length === 0 || sync.isPending}>
            {sync.isPending ? 'Syncing…' : 'Sync Selected Drugs'}
          </button>
        </div>
      </form>
      {lastResult ? <SyncResultSummary title="Last sync" result={lastResult} /> : null}
    </SectionCard>
  );
}
