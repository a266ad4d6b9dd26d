/**
 * Each drug-data provider's state (GET /api/drugs/providers): the api checks openFDA, RxNorm and NADAC when asked —
 * connected, not reachable (with why) or not configured — with the version and rate limit they report. The External
 * Provider card and the API Configuration tab read it; "Check again" refetches.
 */
import { drugProvidersEndpoint } from '@pharmacy/shared/api/drugs.ts';
import type { ProviderStatus } from '@pharmacy/shared/drugs/external-drug.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { drugKeys } from '../keys.ts';

/** A check calls every provider: do it again only when asked, or after five minutes. */
export const PROVIDER_STATUS_STALE_MS = 300_000;

export function getDrugProviders(): Promise<ProviderStatus[]> {
  return invokeApi(drugProvidersEndpoint);
}

export function getDrugProvidersQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: [] },
    queryKey: drugKeys.providers(pharmacyId),
    queryFn: getDrugProviders,
    staleTime: PROVIDER_STATUS_STALE_MS,
    retry: false,
  });
}

export function useDrugProviders(pharmacyId: string) {
  return useQuery(getDrugProvidersQueryOptions(pharmacyId));
}
