/**
 * Brings one prescription change into every cached queue tab of the pharmacy, instead of fetching every tab again (the
 * counts read `prescriptions` and are refreshed by the write or the live change that brought it, lib/table-queries.ts). A tab that is fetching right now (its first fetch, a refetch or "Load more") would
 * overwrite the edit with what it read, possibly before the change, so it is cancelled and fetched again instead
 * (refreshQueries); a tab that applyQueueChange cannot place the change in is fetched again too.
 * Changes are applied one after another in the order they were asked for (enqueueQueueSync), so a slow lookup
 * of an earlier change never overwrites a later one.
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import { refreshQueries } from '../../../lib/refresh-queries.ts';
import { prescriptionKeys, type QueueFilters } from '../keys.ts';
import type { PrescriptionStatus } from './prescription-model.ts';
import { applyQueueChange, applyRelatedChange, type QueueChange, type QueueData, type RelatedChange } from './queue-cache.ts';

function tabOf(query: Query): { status: PrescriptionStatus; filters: QueueFilters } {
  const [, , , , status, filters] = query.queryKey as ReturnType<typeof prescriptionKeys.queue>;
  return { status, filters };
}

export async function syncQueueCache(queryClient: QueryClient, pharmacyId: string, change: QueueChange): Promise<void> {
  const refreshes: Promise<void>[] = [];
  for (const query of queryClient.getQueryCache().findAll({ queryKey: prescriptionKeys.queues(pharmacyId) })) {
    const data = query.state.data as QueueData | undefined;
    if (data === undefined || query.state.fetchStatus === 'fetching') {
      refreshes.push(refreshQueries(queryClient, query.queryKey));
      continue;
    }
    const { status, filters } = tabOf(query);
    const result = applyQueueChange(data, { status, filtered: filters.search !== '' || filters.filledOn !== '' }, change);
    if (result.data !== data) queryClient.setQueryData(query.queryKey, result.data);
    if (result.refetch) refreshes.push(refreshQueries(queryClient, query.queryKey));
  }
  await Promise.all(refreshes);
}

/**
 * Shows another terminal's change of a patient or medication on the cached cards that name it (applyRelatedChange),
 * with no fetch; a tab fetching right now is fetched again instead, as above. The counts do not depend on it.
 */
export async function syncRelatedChange(queryClient: QueryClient, pharmacyId: string, change: RelatedChange): Promise<void> {
  const refreshes: Promise<void>[] = [];
  for (const query of queryClient.getQueryCache().findAll({ queryKey: prescriptionKeys.queues(pharmacyId) })) {
    const data = query.state.data as QueueData | undefined;
    if (data === undefined) continue;
    if (query.state.fetchStatus === 'fetching') {
      refreshes.push(refreshQueries(queryClient, query.queryKey));
      continue;
    }
    const next = applyRelatedChange(data, change);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  }
  await Promise.all(refreshes);
}

const pending = new WeakMap<QueryClient, Promise<void>>();

/** Runs `task` after every task enqueued before it for this client; a failed task does not stop the next. */
export function enqueueQueueSync(queryClient: QueryClient, task: () => Promise<void>): Promise<void> {
  const run = (pending.get(queryClient) ?? Promise.resolve()).then(task);
  pending.set(queryClient, run.catch(() => {}));
  return run;
}
