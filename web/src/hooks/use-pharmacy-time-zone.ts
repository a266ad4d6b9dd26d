/**
 * The pharmacy's time zone (pharmacies.time_zone, read through RLS: staff read their own pharmacy). Its local date is
 * "today" as the database counts the pharmacy's days: the DEA compliance card's today, the Reports tab's month.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../lib/supabase.ts';
import { pharmacyKeys } from './pharmacy-keys.ts';

export async function getPharmacyTimeZone(pharmacyId: string): Promise<string> {
  const { data, error } = await supabase.from('pharmacies').select('time_zone').eq('id', pharmacyId).single();
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return data.time_zone;
}

export function getPharmacyTimeZoneQueryOptions(pharmacyId: string) {
  return queryOptions({ meta: { reads: ['pharmacies'] }, queryKey: pharmacyKeys.timeZone(pharmacyId), queryFn: () => getPharmacyTimeZone(pharmacyId) });
}

export function usePharmacyTimeZone(pharmacyId: string) {
  return useQuery(getPharmacyTimeZoneQueryOptions(pharmacyId));
}
