/**
 * One prescription as the queue reads it, looked up by id after a realtime event or a move of this terminal, and
 * placed into the cached tabs (syncQueueCache) instead of fetching every tab again. A prescription the caller can
 * no longer read (deleted, or not theirs) leaves the tabs.
 */
import type { QueryClient } from '@tanstack/react-query';
import { refreshQueries } from '../../../lib/refresh-queries.ts';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';
import { PRESCRIPTION_QUEUE_SELECT, parseQueuePrescriptions, type QueuePrescription } from './prescription-model.ts';
import { enqueueQueueSync, syncQueueCache } from './sync-queue-cache.ts';

export async function getQueuePrescription(id: string): Promise<QueuePrescription | null> {
  const { data, error } = await supabase.from('prescriptions').select(PRESCRIPTION_QUEUE_SELECT).eq('id', id);
  if (error) throw new Error(error.message);
  return parseQueuePrescriptions(data)[0] ?? null;
}

/**
 * Looks the prescription up now and brings it into the cached tabs, after any change asked for before it. When
 * the lookup fails, the whole queue is fetched again rather than left behind; this never rejects.
 */
export function refreshQueuePrescription(queryClient: QueryClient, pharmacyId: string, id: string): Promise<void> {
  return enqueueQueueSync(queryClient, async () => {
    const prescription = await getQueuePrescription(id);
    await syncQueueCache(queryClient, pharmacyId, prescription === null ? { kind: 'remove', id } : { kind: 'upsert', prescription });
  }).catch(() => refreshQueries(queryClient, prescriptionKeys.all(pharmacyId)));
}

/** A deletion needs no lookup; it still waits its turn behind earlier changes. */
export function removeQueuePrescription(queryClient: QueryClient, pharmacyId: string, id: string): Promise<void> {
  return enqueueQueueSync(queryClient, () => syncQueueCache(queryClient, pharmacyId, { kind: 'remove', id }));
}
