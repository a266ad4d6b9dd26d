/**
 * Mounted once by the signed-in shell: this terminal follows its pharmacy's live tables (lib/live-tables.ts) on one
 * realtime channel for as long as the staff member is signed in, whatever screen is shown, so a query cached by a
 * screen not on show is marked stale too and is fetched again when that screen is opened. A change refreshes the
 * queries reading its table (coalesced) and goes to the table's listeners; every (re)SUBSCRIBED refreshes every query
 * reading a live table, so a terminal that lost its connection catches up on what it missed.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { coalescedTableRefresh, dispatchTableChange, LIVE_TABLES, liveTableFilter, type LiveTableName, type TableChange } from '../lib/live-tables.ts';
import { supabase } from '../lib/supabase.ts';
import { refreshTables } from '../lib/table-queries.ts';

/** Opens the pharmacy's channel; returns the function that leaves it. */
function followLiveTables(queryClient: QueryClient, pharmacyId: string): () => void {
  const refresh = coalescedTableRefresh(queryClient);
  const changed = (change: TableChange) => {
    refresh.add(change.table as LiveTableName);
    dispatchTableChange(change);
  };
  // A topic of its own per mount: supabase.channel() would hand back a channel of the same topic that is still
  // leaving (React's development double mount), which takes no new listeners.
  let channel = supabase.channel(`pharmacy:${pharmacyId}:changes:${crypto.randomUUID()}`, { config: { private: true } });
  for (const table of LIVE_TABLES) {
    channel = channel.on('postgres_changes', { event: '*', schema: 'public', table, filter: liveTableFilter(table, pharmacyId) }, changed);
  }
  channel.subscribe((status) => {
    if (status === 'SUBSCRIBED') void refreshTables(queryClient, LIVE_TABLES, 'resync');
  });
  return () => {
    refresh.cancel();
    void supabase.removeChannel(channel);
  };
}

export function useLiveTables(pharmacyId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => followLiveTables(queryClient, pharmacyId), [queryClient, pharmacyId]);
}
