/**
 * Bulk Import's run, without React: the batches synced one after the other, the results summed, the progress told
 * after each batch, a cancel honoured between batches (the batch the server is working on finishes: its changes
 * are made either way), and a batch that fails ending the run with what earlier batches did still counted.
 * hooks/use-bulk-import.ts gives it to the screen.
 */
import type { SyncResult } from '@pharmacy/shared/api/drug-sync.ts';

export interface BulkImportProgress {
  /** Batches done so far. */
  done: number;
  total: number;
  result: SyncResult;
}

export type BulkImportOutcome = BulkImportProgress &
  ({ status: 'finished' } | { status: 'cancelled' } | { status: 'failed'; error: string });

export const EMPTY_SYNC_RESULT: SyncResult = { updated: 0, failed: [], errors: [] };

export function sumSyncResults(a: SyncResult, b: SyncResult): SyncResult {
  return { updated: a.updated + b.updated, failed: [...a.failed, ...b.failed], errors: [...a.errors, ...b.errors] };
}

export interface BulkImportRunOptions {
  /** Asked before each batch. */
  isCancelled: () => boolean;
  /** Told after each batch. */
  onProgress: (progress: BulkImportProgress) => void;
}

export async function runBulkImport(
  batches: readonly (readonly string[])[],
  syncBatch: (ndcNumbers: string[]) => Promise<SyncResult>,
  { isCancelled, onProgress }: BulkImportRunOptions,
): Promise<BulkImportOutcome> {
  const total = batches.length;
  let result = EMPTY_SYNC_RESULT;
  let done = 0;
  for (const batch of batches) {
    if (isCancelled()) return { status: 'cancelled', done, total, result };
    try {
      result = sumSyncResults(result, await syncBatch([...batch]));
    } catch (error) {
      return { status: 'failed', done, total, result, error: error instanceof Error ? error.message : String(error) };
    }
    done += 1;
    onProgress({ done, total, result });
  }
  return { status: 'finished', done, total, result };
}
