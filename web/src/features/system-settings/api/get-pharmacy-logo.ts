/**
 * The pharmacy's logo (GET /api/system-settings/pharmacy/logo): a data URI with its type and size, or null when none
 * is stored. Every staff member may read it; the Pharmacy tab shows it.
 */
import { getPharmacyLogoEndpoint, type PharmacyLogo } from '@pharmacy/shared/api/pharmacy-logo.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { systemSettingsKeys } from '../keys.ts';

export async function getPharmacyLogo(): Promise<PharmacyLogo | null> {
  return (await invokeApi(getPharmacyLogoEndpoint)).logo;
}

export function getPharmacyLogoQueryOptions(pharmacyId: string) {
  return queryOptions({ meta: { reads: [] }, queryKey: systemSettingsKeys.pharmacyLogo(pharmacyId), queryFn: getPharmacyLogo });
}

export function usePharmacyLogo(pharmacyId: string) {
  return useQuery(getPharmacyLogoQueryOptions(pharmacyId));
}
