/**
 * Every terminal of a pharmacy follows the pharmacy's live tables on one private realtime channel
 * (`pharmacy:<id>:changes:<uuid>`, admitted by the realtime.messages policies to that pharmacy's staff; each change
 * delivered under the subscriber's RLS), opened by the signed-in shell for as long as someone is signed in
 * (hooks/use-live-tables.ts). This module is what happens to a change, without the channel.
 * A change refreshes every cached query that reads its table (lib/table-queries.ts), coalesced so a burst (a sync of
 * 500 products is 500 events) is one refresh per table, and is handed to the features that place changes into
 * their cached data themselves (`onTableChange`, through hooks/use-table-changes.ts). Every (re)SUBSCRIBED refreshes
 * every query reading a live table, placed ones included, so a terminal that lost its connection catches up on
 * what it missed.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { refreshTables, type TableName } from './table-queries.ts';

/**
 * The tables terminals follow: the supabase_realtime publication's tables, but staff_profiles (which staff read
 * column by column, so Realtime will not stream it to them; a staff member's changes reach their terminal as
 * account notices). tests/integration/live-tables.test.ts keeps this list equal to the publication.
 */
export const LIVE_TABLES = [
  'pharmacies',
  'pharmacy_settings',
  'pharmacy_operating_hours',
  'pharmacists_in_charge',
  'security_policies',
  'patients',
  'patient_insurance_plans',
  'prescribers',
  'prescriber_verifications',
  'oig_exclusion_lists',
  'medications',
  'formulary_entries',
  'drug_price_update_runs',
  'drug_price_schedules',
  'prescriptions',
  'prescription_orders',
  'override_approvals',
  'controlled_substance_counts',
  'prescription_label_prints',
  'prescription_file_counters',
  'wholesalers',
  'wholesale_orders',
  'claims',
  'migration_runs',
] as const satisfies readonly TableName[];

export type LiveTableName = (typeof LIVE_TABLES)[number];

/** Published but not followed by staff terminals, with the reason above. */
export const UNFOLLOWED_PUBLISHED_TABLES = ['staff_profiles'] as const satisfies readonly TableName[];

/** How long the first change of a burst waits for the rest before the queries reading its tables are refreshed. */
export const LIVE_REFRESH_COALESCE_MS = 400;

export type TableChange = RealtimePostgresChangesPayload<Record<string, unknown>>;
export type TableChangeListener = (change: TableChange) => void;

/** The realtime filter of a table: a tenant table by its pharmacy_id, the pharmacy's own record by its id. */
export function liveTableFilter(table: LiveTableName, pharmacyId: string): string {
  return table === 'pharmacies' ? `id=eq.${pharmacyId}` : `pharmacy_id=eq.${pharmacyId}`;
}

const listeners = new Map<LiveTableName, Set<TableChangeListener>>();

/** Gives a delivered change to every listener of its table. */
export function dispatchTableChange(change: TableChange): void {
  for (const listener of listeners.get(change.table as LiveTableName) ?? []) listener(change);
}

/** Hands every change of `table` to `listener` (after this terminal's channel delivers it); returns the undo. */
export function onTableChange(table: LiveTableName, listener: TableChangeListener): () => void {
  const forTable = listeners.get(table) ?? new Set<TableChangeListener>();
  listeners.set(table, forTable);
  forTable.add(listener);
  return () => {
    forTable.delete(listener);
  };
}

/**
 * Collects changed tables and refreshes them together once `delayMs` has passed since the first of a burst.
 * Pure of realtime, so tests drive it with fake timers.
 */
export function coalescedTableRefresh(queryClient: QueryClient, delayMs = LIVE_REFRESH_COALESCE_MS) {
  const pending = new Set<TableName>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    add(table: TableName) {
      pending.add(table);
      timer ??= setTimeout(() => {
        timer = null;
        const tables = [...pending];
        pending.clear();
        void refreshTables(queryClient, tables, 'live');
      }, delayMs);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}
