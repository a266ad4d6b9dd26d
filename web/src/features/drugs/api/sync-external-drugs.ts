/**
 * Database Sync (POST /api/drugs/sync-external {ndcNumbers}): each NDC validated, looked up at the provider and the
 * local product created or updated from its record; the answer counts the updated ones and lists each failure with
 * its reason (spec §3 Sync result). A sync changes the catalog, so every catalog query is refreshed afterwards.
 */
import { syncExternalDrugsEndpoint, type SyncResult } from '@pharmacy/shared/api/drug-sync.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import type { TableName } from '../../../lib/table-queries.ts';

/** What a sync may change: the products, their price history (a trigger's) and the audit trail. */
export const SYNC_WRITES: readonly TableName[] = ['medications', 'medication_price_history', 'audit_log'];

export function syncExternalDrugs(ndcNumbers: string[]): Promise<SyncResult> {
  return invokeApi(syncExternalDrugsEndpoint, { ndcNumbers });
}

export function useSyncExternalDrugs() {
  return useMutation({
    meta: { writes: SYNC_WRITES },
    mutationFn: syncExternalDrugs,
  });
}
