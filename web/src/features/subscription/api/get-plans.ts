/**
 * GET /api/subscription/plans (spec §7; entity in part 2 "Subscription Plans"): the plans a pharmacy can
 * choose, readable signed out. maxUsers / maxPrescriptions of -1 mean unlimited. The plan's shape is the
 * contract's (shared/src/api/subscription.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listPlansEndpoint, type SubscriptionPlan } from '@pharmacy/shared/api/subscription.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { subscriptionKeys } from '../keys.ts';

export type { SubscriptionPlan };

export async function getPlans(): Promise<SubscriptionPlan[]> {
  try {
    return await invokeApi(listPlansEndpoint);
  } catch (error) {
    throw error instanceof ApiError ? new Error(error.statusLine) : error;
  }
}

export function getPlansQueryOptions() {
  return queryOptions({ meta: { reads: ['subscription_plans'] }, queryKey: subscriptionKeys.plans(), queryFn: getPlans });
}

export function usePlans() {
  return useQuery(getPlansQueryOptions());
}
