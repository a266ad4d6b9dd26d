/**
 * The Drug Database's toasts (spec part 2 §8), verbatim: a sync that went through, a price update that went through.
 * 'M failed' counts the NDCs that were not synced (each with its reason under View Errors).
 */
import type { SyncResult } from '@pharmacy/shared/api/drug-sync.ts';

export const SYNC_COMPLETE_TITLE = 'Database Sync Complete';
export const PRICING_COMPLETE_TITLE = 'Pricing Update Complete';

export function syncCompleteDescription(result: SyncResult): string {
  return `Updated ${result.updated} medications. ${result.failed.length} failed.`;
}

export function pricingCompleteDescription(localUpdatesApplied: number): string {
  return `Updated pricing for ${localUpdatesApplied} medications`;
}

/** Only pharmacists and admins change the catalog and its prices; the database refuses anyone else. */
export const CATALOG_CHANGE_REFUSED_REASON = 'Only pharmacists and admins can add, sync or reprice catalog drugs.';
