/**
 * The System Status panel's Next RX number: the pharmacy's last issued Rx number + 1 from
 * rx_number_counters, or 1001 before its first prescription (the database issues numbers from 1001).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { dashboardKeys } from '../keys.ts';

export const FIRST_RX_NUMBER = 1001;

export async function getNextRxNumber(pharmacyId: string): Promise<number> {
  const { data, error } = await supabase
    .from('rx_number_counters')
    .select('last_rx_number')
    .eq('pharmacy_id', pharmacyId)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data ? Number(data.last_rx_number) + 1 : FIRST_RX_NUMBER;
}

export function getNextRxNumberQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: ['rx_number_counters', 'prescriptions'] },
    queryKey: dashboardKeys.nextRxNumber(pharmacyId),
    queryFn: () => getNextRxNumber(pharmacyId),
  });
}

export function useNextRxNumber(pharmacyId: string) {
  return useQuery(getNextRxNumberQueryOptions(pharmacyId));
}
