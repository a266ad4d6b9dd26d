/**
 * The DUR Alerts card: the pharmacy's prescriptions with an unresolved interaction alert (flagged, not overridden,
 * pending or processing — the dashboard's rule), counted by `rpc('dur_alert_count')`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { drugKeys } from '../keys.ts';

export async function getDurAlertCount(): Promise<number> {
  const { data, error } = await supabase.rpc('dur_alert_count');
  if (error) throw new Error(error.message);
  return Number(data ?? 0);
}

export function getDurAlertCountQueryOptions(pharmacyId: string) {
  return queryOptions({ meta: { reads: ['prescriptions'] }, queryKey: drugKeys.durAlertCount(pharmacyId), queryFn: getDurAlertCount });
}

export function useDurAlertCount(pharmacyId: string) {
  return useQuery(getDurAlertCountQueryOptions(pharmacyId));
}
