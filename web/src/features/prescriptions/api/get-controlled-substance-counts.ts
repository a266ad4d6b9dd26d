/**
 * The double counts recorded for one controlled prescription (public.controlled_substance_counts, staff read
 * their pharmacy's), oldest first, with the counter's name where the caller may read it: the queue shows who
 * counted what, so the verifying pharmacist sees whether a colleague's count matches. Fetched afresh when shown,
 * since counts are not pushed live.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';

const countSchema = z.object({ id: z.string(), counted_by: z.string(), quantity_counted: z.coerce.number(), counted_at: z.string() });
const counterSchema = z.object({ user_id: z.string(), first_name: z.string(), last_name: z.string() });

export interface ControlledSubstanceCountView {
  id: string;
  countedBy: string;
  /** The counter's name, null when the caller cannot read it. */
  counterName: string | null;
  quantityCounted: number;
  countedAt: string;
}

export async function getControlledSubstanceCounts(prescriptionId: string): Promise<ControlledSubstanceCountView[]> {
  const { data, error } = await supabase
    .from('controlled_substance_counts')
    .select('id, counted_by, quantity_counted, counted_at')
    .eq('prescription_id', prescriptionId)
    .order('counted_at')
    .order('id');
  if (error) throw new Error(error.message);
  const counts = z.array(countSchema).parse(data);
  if (counts.length === 0) return [];
  const names = await supabase.from('staff_profiles').select('user_id, first_name, last_name').in('user_id', [...new Set(counts.map((count) => count.counted_by))]);
  const counters = names.error ? [] : z.array(counterSchema).parse(names.data);
  return counts.map((count) => {
    const counter = counters.find((candidate) => candidate.user_id === count.counted_by);
    return {
      id: count.id,
      countedBy: count.counted_by,
      counterName: counter ? `${counter.first_name} ${counter.last_name}` : null,
      quantityCounted: count.quantity_counted,
      countedAt: count.counted_at,
    };
  });
}

export function getControlledSubstanceCountsQueryOptions(pharmacyId: string, prescriptionId: string) {
  return queryOptions({
    queryKey: prescriptionKeys.controlledCounts(pharmacyId, prescriptionId),
    queryFn: () => getControlledSubstanceCounts(prescriptionId),
    staleTime: 0,
  });
}

export function useControlledSubstanceCounts(pharmacyId: string, prescriptionId: string) {
  return useQuery(getControlledSubstanceCountsQueryOptions(pharmacyId, prescriptionId));
}
