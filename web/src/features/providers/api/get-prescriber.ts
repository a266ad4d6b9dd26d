/** One prescriber with its verification history, newest first (GET /api/prescribers/{id}): the History dialog. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPrescriberEndpoint } from '@pharmacy/shared/api/prescribers.ts';
import type { PrescriberDetail } from '@pharmacy/shared/prescribers/prescriber.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { providerKeys } from '../keys.ts';

export function getPrescriber(prescriberId: string): Promise<PrescriberDetail> {
  return invokeApi(getPrescriberEndpoint, { id: prescriberId });
}

export function getPrescriberQueryOptions(pharmacyId: string, prescriberId: string) {
  return queryOptions({
    meta: { reads: ['prescribers', 'prescriber_verifications', 'prescription_orders', 'prescriptions', 'oig_exclusion_lists'] },
    queryKey: providerKeys.detail(pharmacyId, prescriberId),
    queryFn: () => getPrescriber(prescriberId),
  });
}

export function usePrescriber(pharmacyId: string, prescriberId: string) {
  return useQuery(getPrescriberQueryOptions(pharmacyId, prescriberId));
}
