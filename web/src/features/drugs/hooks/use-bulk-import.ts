/**
 * Bulk Import's run: the file's NDCs sent to sync in batches (ndcBatches), one after the other, with the progress as
 * batches done of batches in all, the results summed, and Cancel, which stops before the next batch (a batch the
 * server is working on finishes: its changes are made either way). A batch that fails stops the run and says why;
 * what earlier batches did stays counted. The catalog is refreshed after the run.
 */
import type { SyncResult } from '@pharmacy/shared/api/drug-sync.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { refreshQueries } from '../../../lib/refresh-queries.ts';
import { syncExternalDrugs } from '../api/sync-external-drugs.ts';
import { drugKeys } from '../keys.ts';
import { ndcBatches } from '../ndc-import-file.ts';

export type BulkImportState =
  | { status: 'idle' }
  | { status: 'running' | 'cancelling'; done: number; total: number; result: SyncResult }
  | { status: 'finished' | 'cancelled'; done: number; total: number; result: SyncResult }
  | { status: 'failed'; done: number; total: number; result: SyncResult; error: string };

const EMPTY_RESULT: SyncResult = { updated: 0, failed: [], errors: [] };

function sum(a: SyncResult, b: SyncResult): SyncResult {
  return { updated: a.updated + b.updated, failed: [...a.failed, ...b.failed], errors: [...a.errors, ...b.errors] };
}

export function useBulkImport(pharmacyId: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<BulkImportState>({ status: 'idle' });
  const cancelled = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      // Leaving the screen cancels the run: nothing would show its progress.
      mounted.current = false;
      cancelled.current = true;
    };
  }, []);

  const start = useCallback(
    async (ndcNumbers: readonly string[]): Promise<BulkImportState> => {
      const batches = ndcBatches(ndcNumbers);
      const total = batches.length;
      cancelled.current = false;
      let result = EMPTY_RESULT;
      let done = 0;
      let outcome: BulkImportState | null = null;
      setState({ status: 'running', done, total, result });
      for (const batch of batches) {
        if (cancelled.current) {
          outcome = { status: 'cancelled', done, total, result };
          break;
        }
        try {
          result = sum(result, await syncExternalDrugs(batch));
        } catch (error) {
          outcome = { status: 'failed', done, total, result, error: error instanceof Error ? error.message : String(error) };
          break;
        }
        done += 1;
        if (mounted.current) setState({ status: cancelled.current ? 'cancelling' : 'running', done, total, result });
      }
      outcome ??= { status: 'finished', done, total, result };
      if (mounted.current) setState(outcome);
      await refreshQueries(queryClient, drugKeys.catalog(pharmacyId));
      return outcome;
    },
    [pharmacyId, queryClient],
  );

  const cancel = useCallback(() => {
    cancelled.current = true;
    setState((current) => (current.status === 'running' ? { ...current, status: 'cancelling' } : current));
  }, []);

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, start, cancel, reset };
}
