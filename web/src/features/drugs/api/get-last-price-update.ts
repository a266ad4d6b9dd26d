/**
 * The Last Price Update card: when the pharmacy's last successful price update finished (the newest succeeded row of
 * public.drug_price_update_runs, scheduled or by hand), or null when none has.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { drugKeys } from '../keys.ts';

export interface LastPriceUpdate {
  finishedAt: string;
  localUpdatesApplied: number;
}

export async function getLastPriceUpdate(): Promise<LastPriceUpdate | null> {
  const { data, error } = await supabase
    .from('drug_price_update_runs')
    .select('finished_at, local_updates_applied')
    .eq('status', 'succeeded')
    .order('finished_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw new Error(error.message);
  if (!data) return null;
  return { finishedAt: data.finished_at, localUpdatesApplied: data.local_updates_applied };
}

export function getLastPriceUpdateQueryOptions(pharmacyId: string) {
  return queryOptions({ meta: { reads: ['drug_price_update_runs'] }, queryKey: drugKeys.lastPriceUpdate(pharmacyId), queryFn: getLastPriceUpdate });
}

export function useLastPriceUpdate(pharmacyId: string) {
  return useQuery(getLastPriceUpdateQueryOptions(pharmacyId));
}
