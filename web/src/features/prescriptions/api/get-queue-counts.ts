/**
 * The queue's counts (spec §4 counters and tab counts; the spec's "computed from the full list" stands for exact
 * counts): public.prescription_queue_counts counts every prescription of the caller's pharmacy in the database,
 * RLS applying, so they are right at any volume (a list would stop at PostgREST's row limit).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';

const countsSchema = z.object({
  byStatus: z.object({ pending: z.number(), processing: z.number(), ready: z.number(), completed: z.number() }),
  byType: z.object({ written: z.number(), fax: z.number(), verbal: z.number(), electronic: z.number() }),
  total: z.number(),
});

export type QueueCounts = z.infer<typeof countsSchema>;

export async function getQueueCounts(): Promise<QueueCounts> {
  const { data, error } = await supabase.rpc('prescription_queue_counts');
  if (error) throw new Error(error.message);
  const parsed = countsSchema.safeParse(data);
  if (!parsed.success) throw new Error(`The server described the queue counts in an unexpected shape: ${parsed.error.message}`);
  return parsed.data;
}

export function getQueueCountsQueryOptions(pharmacyId: string) {
  return queryOptions({ meta: { reads: ['prescriptions'] }, queryKey: prescriptionKeys.counts(pharmacyId), queryFn: getQueueCounts });
}

export function useQueueCounts(pharmacyId: string) {
  return useQuery(getQueueCountsQueryOptions(pharmacyId));
}
