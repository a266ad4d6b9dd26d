/**
 * The pharmacy's time zone (pharmacies.time_zone, read through RLS: staff read their own pharmacy): its local date
 * is the "today" the period presets end on, as the database counts the pharmacy's days.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { supabase } from '../../../lib/supabase.ts';
import { reportsKeys } from '../keys.ts';

export async function getPharmacyTimeZone(pharmacyId: string): Promise<string> {
  const { data, error } = await supabase.from('pharmacies').select('time_zone').eq('id', pharmacyId).single();
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return data.time_zone;
}

export function getPharmacyTimeZoneQueryOptions(pharmacyId: string) {
  return queryOptions({ meta: { reads: ['pharmacies'] }, queryKey: reportsKeys.timeZone(pharmacyId), queryFn: () => getPharmacyTimeZone(pharmacyId) });
}

export function usePharmacyTimeZone(pharmacyId: string) {
  return useQuery(getPharmacyTimeZoneQueryOptions(pharmacyId));
}
