/**
 * Each switch the Transmission settings route claims to, in order, and how its last transmission went
 * (GET /api/claims/provider-status).
 */
import { providerStatusEndpoint, type ProviderStatus } from '@pharmacy/shared/api/claims.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { billingKeys } from '../keys.ts';

export function getProviderStatus(): Promise<ProviderStatus> {
  return invokeApi(providerStatusEndpoint);
}

export function getProviderStatusQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: ['claim_transmissions', 'pharmacy_settings'] },
    queryKey: billingKeys.providerStatus(pharmacyId),
    queryFn: getProviderStatus,
  });
}

export function useProviderStatus(pharmacyId: string) {
  return useQuery(getProviderStatusQueryOptions(pharmacyId));
}
