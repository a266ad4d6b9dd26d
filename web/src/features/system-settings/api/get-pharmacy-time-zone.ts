/**
 * The pharmacy's time zone (pharmacies.time_zone, read through RLS: staff read their own pharmacy). Its local
 * date is "today" for the DEA compliance card, the same day the database's dispensing rules use.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { systemSettingsKeys } from '../keys.ts';

export async function getPharmacyTimeZone(pharmacyId: string): Promise<string> {
  const { data, error } = await supabase.from('pharmacies').select('time_zone').eq('id', pharmacyId).single();
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return data.time_zone;
}

export function getPharmacyTimeZoneQueryOptions(pharmacyId: string) {
  return queryOptions({ meta: { reads: ['pharmacies'] }, queryKey: systemSettingsKeys.timeZone(pharmacyId), queryFn: () => getPharmacyTimeZone(pharmacyId) });
}

export function usePharmacyTimeZone(pharmacyId: string) {
  return useQuery(getPharmacyTimeZoneQueryOptions(pharmacyId));
}
