/**
 * Drug Search on an external provider (GET /api/drugs/search-external?query=&provider=): the provider's own records
 * with the product's match score, best first. Only for a query of EXTERNAL_SEARCH_MIN_LENGTH characters or more
 * (spec §2); a provider that fails is an error (the screen toasts the spec's message), never results made up. Not
 * retried: a provider that failed would only be asked again for the same answer.
 */
import { searchExternalDrugsEndpoint } from '@pharmacy/shared/api/drugs.ts';
import { EXTERNAL_SEARCH_MIN_LENGTH, type DrugSearchProviderId, type ExternalDrugResult } from '@pharmacy/shared/drugs/external-drug.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { drugKeys } from '../keys.ts';

export function searchExternalDrugs(provider: DrugSearchProviderId, query: string): Promise<ExternalDrugResult[]> {
  return invokeApi(searchExternalDrugsEndpoint, { query, provider });
}

export function searchExternalDrugsQueryOptions(pharmacyId: string, provider: DrugSearchProviderId, query: string) {
  return queryOptions({
    meta: { reads: [] },
    queryKey: drugKeys.externalSearch(pharmacyId, provider, query),
    queryFn: () => searchExternalDrugs(provider, query),
    enabled: query.length >= EXTERNAL_SEARCH_MIN_LENGTH,
    retry: false,
    staleTime: 60_000,
  });
}

export function useExternalDrugSearch(pharmacyId: string, provider: DrugSearchProviderId, query: string) {
  return useQuery(searchExternalDrugsQueryOptions(pharmacyId, provider, query));
}
