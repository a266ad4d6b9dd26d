/**
 * GET /api/subscription/current (spec §7; part 2 "Current subscription response"): the pharmacy's plan, status, trial
 * end and days left (counted by the api in the pharmacy's time zone) and next billing date. Admins only: the
 * database refuses anyone else (403), so only admin screens ask.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentSubscriptionEndpoint, type CurrentSubscription } from '@pharmacy/shared/api/subscription.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { subscriptionKeys } from '../keys.ts';

export type { CurrentSubscription };

export async function getCurrentSubscription(): Promise<CurrentSubscription> {
  try {
    return await invokeApi(currentSubscriptionEndpoint);
  } catch (error) {
    throw error instanceof ApiError ? new Error(error.statusLine) : error;
  }
}

export function getCurrentSubscriptionQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: ['subscriptions', 'subscription_plans', 'pharmacies'] },
    queryKey: subscriptionKeys.current(pharmacyId),
    queryFn: getCurrentSubscription,
  });
}

export function useCurrentSubscription(pharmacyId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getCurrentSubscriptionQueryOptions(pharmacyId), enabled: options.enabled ?? true });
}
