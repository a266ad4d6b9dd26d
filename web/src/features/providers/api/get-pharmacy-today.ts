/**
 * The pharmacy's today (the local date in pharmacies.time_zone, read through RLS): the day the database's
 * expiry rules use, so a card flags a credential as the credential alerts do.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { localDateIn } from '@pharmacy/shared/common/dates.ts';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { supabase } from '../../../lib/supabase.ts';
import { providerKeys } from '../keys.ts';

export async function getPharmacyTimeZone(pharmacyId: string): Promise<string> {
  const { data, error } = await supabase.from('pharmacies').select('time_zone').eq('id', pharmacyId).single();
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return data.time_zone;
}

export function getPharmacyTimeZoneQueryOptions(pharmacyId: string) {
  return queryOptions({ meta: { reads: ['pharmacies'] }, queryKey: providerKeys.timeZone(pharmacyId), queryFn: () => getPharmacyTimeZone(pharmacyId) });
}

/** The pharmacy's local date (YYYY-MM-DD) once its time zone is read, the browser's until then. */
export function usePharmacyToday(pharmacyId: string): string {
  const timeZone = useQuery(getPharmacyTimeZoneQueryOptions(pharmacyId));
  return localDateIn(timeZone.data ?? Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());
}
