/**
 * Subscription calls (spec part 1 §7, part 2 "Subscription"):
 * - GET /api/subscription/plans — the active plans; anyone may list them (the signed-out Plan tab and
 *   plans page), read with the caller's key so the table's RLS decides.
 * - GET /api/subscription/current — the caller's pharmacy's subscription with its plan, read with the
 *   caller's JWT: RLS admits only their own pharmacy's subscription. 401 without a signed-in user, 404
 *   when their pharmacy has none (or they have no pharmacy).
 */
import type { Tables } from '@pharmacy/shared/database/database.types.ts';
import {
  type CurrentSubscription, currentSubscriptionEndpoint, listPlansEndpoint,
} from '@pharmacy/shared/api/subscription.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { HttpError } from '../../_shared/http.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';
import { PLAN_COLUMNS, type SubscriptionPlanRow, listActivePlans, planFromRow } from '../subscription/plans.ts';

/** The status column is text the database checks against the subscription statuses. */
type SubscriptionRow = Pick<Tables<'subscriptions'>, 'plan_id' | 'trial_ends_at' | 'next_billing_date'> & {
  status: CurrentSubscription['status'];
  plan: SubscriptionPlanRow;
};

export function addSubscriptionRoutes(router: ApiRouter): void {
  router.serve(listPlansEndpoint, ({ req }) => listActivePlans(createUserClient(req)));

  router.serve(currentSubscriptionEndpoint, async ({ req }) => {
    const { data, error } = await createUserClient(req)
      .from('subscriptions')
      .select(`plan_id, status, trial_ends_at, next_billing_date, plan:subscription_plans!inner(${PLAN_COLUMNS})`)
      .order('created_at', { ascending: false })
      .limit(1)
      .maybeSingle();
    if (error) throw new Error(`reading the current subscription failed: ${error.message}`);
    if (!data) throw new HttpError(404, 'No subscription found');
    const row = data as unknown as SubscriptionRow;
    const facts = {
      planId: row.plan_id,
      status: row.status,
      trialEndsAt: row.trial_ends_at,
      nextBillingDate: row.next_billing_date,
    };
    const response: CurrentSubscription = { ...facts, plan: planFromRow(row.plan), subscription: facts };
    return response;
  });
}
