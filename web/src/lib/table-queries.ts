/**
 * Data that stays true on every screen: every query declares the database tables its answer is read from
 * (`meta.reads`), every mutation the tables it writes (`meta.writes`), and a change to a table — written here
 * (react-query's mutation cache, lib/react-query.ts) or by another terminal (a realtime change, lib/live-tables.ts)
 * — refreshes every cached query that reads it, whichever feature owns it. Features never import each other: they
 * meet through table names, which the generated database types spell.
 *
 * A query may place some tables' changes into its cached data itself (`meta.placesChangesOf`: the queue looks a
 * changed prescription up and edits its pages in place); it is not refreshed for those while its screen places them
 * (placingChangesOf, through hooks/use-table-changes.ts), except after a (re)subscription, which may have missed
 * changes (`cause: 'resync'`). While no screen places them (the queue is not shown, its tabs still cached), a change
 * marks the cached data stale like any other, so it is fetched again when shown.
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import type { Database } from '@pharmacy/shared/database/database.types.ts';
import { refreshQueries } from './refresh-queries.ts';

/** A table of the public schema, as the generated types name it. */
export type TableName = keyof Database['public']['Tables'];

export interface TableQueryMeta extends Record<string, unknown> {
  /**
   * The tables the answer is read from, including those a database function reads for it, and the table whose
   * change announces a change of one written only by its triggers (price history follows `medications`). [] for
   * answers that come from no table (the session, an external provider).
   */
  reads: readonly TableName[];
  /**
   * Tables whose changes the owning feature places into the cached data itself, while its screen is shown (not
   * refreshed for them then; see placingChangesOf).
   */
  placesChangesOf?: readonly TableName[];
}

export interface TableMutationMeta extends Record<string, unknown> {
  /** The tables the mutation may change, its triggers' writes included; refreshed when it settles. */
  writes: readonly TableName[];
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: TableQueryMeta;
    mutationMeta: TableMutationMeta;
  }
}

/** Why tables are refreshed: this terminal wrote them, another terminal's change arrived, or a (re)subscription. */
export type TableChangeCause = 'write' | 'live' | 'resync';

/** How many shown screens place each table's changes into their cached data now. */
const placing = new Map<TableName, number>();

/**
 * Says that a shown screen places `table`'s changes into its queries' cached data (their `placesChangesOf`) until
 * the returned function is called: only meanwhile are those queries left alone for the table's changes.
 */
export function placingChangesOf(table: TableName): () => void {
  placing.set(table, (placing.get(table) ?? 0) + 1);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    const left = (placing.get(table) ?? 1) - 1;
    if (left > 0) placing.set(table, left);
    else placing.delete(table);
  };
}

/** Whether a query with this meta must be fetched again after `tables` changed for `cause`. */
export function queryIsAffected(meta: TableQueryMeta | undefined, tables: ReadonlySet<TableName>, cause: TableChangeCause): boolean {
  if (meta === undefined) return false;
  const placed = (table: TableName) => cause !== 'resync' && placing.has(table) && (meta.placesChangesOf ?? []).includes(table);
  return meta.reads.some((table) => tables.has(table) && !placed(table));
}

/**
 * Refetches every shown query that reads one of `tables` and marks the others stale (fetched again when next
 * shown), cancelling fetches in flight first (refreshQueries says why). A (re)subscription does not retry a query
 * that failed: its failure stays on screen with its Retry, as every failure does (no automatic retries).
 */
export async function refreshTables(queryClient: QueryClient, tables: Iterable<TableName>, cause: TableChangeCause): Promise<void> {
  const changed = new Set(tables);
  if (changed.size === 0) return;
  await refreshQueries(queryClient, {
    predicate: (query: Query) => queryIsAffected(query.meta, changed, cause) && !(cause === 'resync' && query.state.status === 'error'),
  });
}
