/** The pharmacy's wholesaler connections (GET /api/wholesalers): status from the last exchange, the key masked. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listWholesalersEndpoint } from '@pharmacy/shared/api/wholesale.ts';
import type { Wholesaler } from '@pharmacy/shared/inventory/wholesale.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { inventoryKeys } from '../keys.ts';

export async function getWholesalers(): Promise<Wholesaler[]> {
  return (await invokeApi(listWholesalersEndpoint)).wholesalers;
}

export function getWholesalersQueryOptions(pharmacyId: string) {
  return queryOptions({ meta: { reads: ['wholesalers'] }, queryKey: inventoryKeys.wholesalers(pharmacyId), queryFn: getWholesalers });
}

export function useWholesalers(pharmacyId: string) {
  return useQuery(getWholesalersQueryOptions(pharmacyId));
}
