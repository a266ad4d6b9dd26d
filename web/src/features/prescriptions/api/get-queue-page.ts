/**
 * One queue tab (spec §4 "Each queue tab fetches prescriptions with its status filter"), paged by the database:
 * public.queue_page returns the tab's prescriptions newest first (created_at, id descending) after a keyset
 * cursor, narrowed by a search (Rx number or patient name) and the date filled; PostgREST embeds the patient and
 * the medication as for a table (RLS applying). "Load more" asks for the page after the last one loaded.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys, type QueueFilters } from '../keys.ts';
import { PRESCRIPTION_QUEUE_SELECT, parseQueuePrescriptions, type PrescriptionStatus } from './prescription-model.ts';
import type { QueuePage } from './queue-cache.ts';
import type { QueueCursor } from './queue-order.ts';

export const QUEUE_PAGE_SIZE = 25;

export async function getQueuePage(status: PrescriptionStatus, filters: QueueFilters, after: QueueCursor | null): Promise<QueuePage> {
  const { data, error } = await supabase
    .rpc('queue_page', {
      queue_status: status,
      page_size: QUEUE_PAGE_SIZE,
      ...(filters.search === '' ? {} : { search: filters.search }),
      ...(filters.filledOn === '' ? {} : { filled_on: filters.filledOn }),
      ...(after === null ? {} : { after_created_at: after.createdAt, after_id: after.id }),
    })
    .select(PRESCRIPTION_QUEUE_SELECT);
  if (error) throw new Error(error.message);
  const prescriptions = parseQueuePrescriptions(data);
  const last = prescriptions.at(-1);
  // A full page may have more after it; a short one is the end.
  const nextCursor = prescriptions.length >= QUEUE_PAGE_SIZE && last ? { createdAt: last.createdAt, id: last.id } : null;
  return { prescriptions, nextCursor };
}

export function getQueuePageQueryOptions(pharmacyId: string, status: PrescriptionStatus, filters: QueueFilters) {
  return infiniteQueryOptions({
    meta: { reads: ['prescriptions', 'patients', 'medications'], placesChangesOf: ['prescriptions', 'patients', 'medications'] },
    queryKey: prescriptionKeys.queue(pharmacyId, status, filters),
    queryFn: ({ pageParam }) => getQueuePage(status, filters, pageParam),
    initialPageParam: null as QueueCursor | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/**
 * Keeps the tab's cards on screen while its next search loads, so it does not flash; another tab's cards never
 * stand in for this one's.
 */
export function useQueuePage(pharmacyId: string, status: PrescriptionStatus, filters: QueueFilters) {
  const tabKey = prescriptionKeys.queue(pharmacyId, status, filters).slice(0, -1);
  return useInfiniteQuery({
    ...getQueuePageQueryOptions(pharmacyId, status, filters),
    placeholderData: (previous, previousQuery) =>
      previousQuery && tabKey.every((part, index) => previousQuery.queryKey[index] === part) ? previous : undefined,
  });
}
