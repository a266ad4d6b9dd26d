/**
 * The Database Sync toast (spec part 2 §8), verbatim: 'M failed' counts the NDCs that were not synced (each with its
 * reason under View Errors). The price update's toast is the pricing part's (PRICING_MESSAGES, shared/src/drugs/pricing.ts).
 */
import type { SyncResult } from '@pharmacy/shared/api/drug-sync.ts';

export const SYNC_COMPLETE_TITLE = 'Database Sync Complete';

export function syncCompleteDescription(result: SyncResult): string {
  return `Updated ${result.updated} medications. ${result.failed.length} failed.`;
}

/** Only pharmacists and admins change the catalog and its prices; the database refuses anyone else. */
export const CATALOG_CHANGE_REFUSED_REASON = 'Only pharmacists and admins can add, sync or reprice catalog drugs.';
