/**
 * Refreshes cached queries after a change made elsewhere (a realtime event, a re-subscription, a write).
 * invalidateQueries alone is not enough: react-query lets a query's *first* fetch run on (it only restarts
 * in-flight fetches of queries that already have data), and that fetch may have read the database before
 * the change, so the screen would keep a result that misses it until the next event. Cancelling first
 * puts every such fetch back, and the invalidation then fetches every shown query again.
 */
import type { QueryClient, QueryFilters, QueryKey } from '@tanstack/react-query';

/** The queries under a key, or those a filter (e.g. a predicate) selects. */
export async function refreshQueries(queryClient: QueryClient, which: QueryKey | QueryFilters): Promise<void> {
  const filters: QueryFilters = Array.isArray(which) ? { queryKey: which } : (which as QueryFilters);
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}
