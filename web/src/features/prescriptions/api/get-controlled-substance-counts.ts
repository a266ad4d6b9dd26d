/**
 * The double counts recorded for one controlled prescription (public.controlled_substance_counts, staff read
 * their pharmacy's), oldest first, with the counter's name where the caller may read it: the queue shows who
 * counted what, so the verifying pharmacist sees whether a colleague's count matches. A count recorded at another
 * terminal refreshes them (controlled_substance_counts is a live table, lib/live-tables.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';
import { getStaffNames } from './staff-names.ts';

const countSchema = z.object({ id: z.string(), counted_by: z.string(), quantity_counted: z.coerce.number(), counted_at: z.string() });

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
  const names = await getStaffNames(counts.map((count) => count.counted_by));
  return counts.map((count) => ({
    id: count.id,
    countedBy: count.counted_by,
    counterName: names.get(count.counted_by) ?? null,
    quantityCounted: count.quantity_counted,
    countedAt: count.counted_at,
  }));
}

export function getControlledSubstanceCountsQueryOptions(pharmacyId: string, prescriptionId: string) {
  return queryOptions({
    meta: { reads: ['controlled_substance_counts', 'staff_profiles'] },
    queryKey: prescriptionKeys.controlledCounts(pharmacyId, prescriptionId),
    queryFn: () => getControlledSubstanceCounts(prescriptionId),
    staleTime: 0,
  });
}

export function useControlledSubstanceCounts(pharmacyId: string, prescriptionId: string) {
  return useQuery(getControlledSubstanceCountsQueryOptions(pharmacyId, prescriptionId));
}
