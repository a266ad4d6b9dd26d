/**
 * Keeps a screen's queries current on every terminal of a pharmacy: one private realtime channel
 * `pharmacy:<id>:changes:…` (admitted by the realtime.messages policies to that pharmacy's staff only) with a
 * postgres_changes binding per table (limited to the pharmacy by filter, and by RLS on the server). Every event
 * refreshes the queries under `queryKey`, unless the screen handles events itself (`onChange`, e.g. to edit its
 * cached pages in place). Every (re)SUBSCRIBED refreshes them all, so a screen that lost its connection catches
 * up on what it missed while it was away.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { useEffect, useRef } from 'react';
import { refreshQueries } from '../lib/refresh-queries.ts';
import { supabase } from '../lib/supabase.ts';

export interface LiveTable {
  table: string;
  /** Which changes refresh the screen (default: all). */
  event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
}

export type LiveChange = RealtimePostgresChangesPayload<Record<string, unknown>>;

export function useLiveQueries(
  name: string,
  pharmacyId: string,
  queryKey: QueryKey,
  tables: readonly LiveTable[],
  onChange?: (change: LiveChange) => void,
): void {
  const queryClient = useQueryClient();
  // The latest handler, without resubscribing when the caller passes a new function.
  const handler = useRef(onChange);
  useEffect(() => {
    handler.current = onChange;
  });
  const handlesChanges = onChange !== undefined;
  // Callers pass fresh arrays on each render; the subscription follows their contents.
  const spec = JSON.stringify({ queryKey, tables });
  useEffect(() => {
    const { queryKey: key, tables: watched } = JSON.parse(spec) as { queryKey: QueryKey; tables: LiveTable[] };
    const refresh = () => void refreshQueries(queryClient, key);
    const changed = (change: LiveChange) => (handlesChanges && handler.current ? handler.current(change) : refresh());
    // A topic of its own per mount: supabase.channel() would hand back a channel of the same topic that is still
    // leaving (React's development double mount), which takes no new listeners.
    let channel = supabase.channel(`pharmacy:${pharmacyId}:changes:${name}:${crypto.randomUUID()}`, { config: { private: true } });
    for (const { table, event = '*' } of watched) {
      channel = channel.on('postgres_changes', { event, schema: 'public', table, filter: `pharmacy_id=eq.${pharmacyId}` }, changed);
    }
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED') refresh();
    });
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [name, pharmacyId, queryClient, spec, handlesChanges]);
}
