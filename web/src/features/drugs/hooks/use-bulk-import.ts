/**
 * Bulk Import's state for the screen: runBulkImport (bulk-import-run.ts) over the file's NDCs in batches of
 * NDC_LIST_MAX, with the progress as batches done of all, Cancel (honoured between batches), and the outcome. Leaving
 * the screen cancels the run. The catalog is refreshed after the run.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { refreshTables } from '../../../lib/table-queries.ts';
import { SYNC_WRITES, syncExternalDrugs } from '../api/sync-external-drugs.ts';
import { runBulkImport, type BulkImportOutcome, type BulkImportProgress } from '../bulk-import-run.ts';
import { ndcBatches } from '../ndc-import-file.ts';

export type BulkImportState = { status: 'idle' } | (BulkImportProgress & { status: 'running' | 'cancelling' }) | BulkImportOutcome;

export function useBulkImport() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<BulkImportState>({ status: 'idle' });
  const cancelled = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      cancelled.current = true;
    };
  }, []);

  const start = useCallback(
    async (ndcNumbers: readonly string[]): Promise<BulkImportOutcome> => {
      const batches = ndcBatches(ndcNumbers);
      cancelled.current = false;
      setState({ status: 'running', done: 0, total: batches.length, result: { updated: 0, failed: [], errors: [] } });
      const outcome = await runBulkImport(batches, syncExternalDrugs, {
        isCancelled: () => cancelled.current,
        onProgress: (progress) => {
          if (mounted.current) setState({ ...progress, status: cancelled.current ? 'cancelling' : 'running' });
        },
      });
      if (mounted.current) setState(outcome);
      // Each batch was a sync; the screens reading what syncs write refresh once.
      await refreshTables(queryClient, SYNC_WRITES, 'write');
      return outcome;
    },
    [queryClient],
  );

  const cancel = useCallback(() => {
    cancelled.current = true;
    setState((current) => (current.status === 'running' ? { ...current, status: 'cancelling' } : current));
  }, []);

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, start, cancel, reset };
}
