/**
 * Subscription calls (spec part 1 §7, part 2 "Subscription"):
 * - GET /api/subscription/plans — the active plans; anyone may list them (the signed-out Plan tab and
 *   plans page), read with the caller's key so the table's RLS decides.
 * - GET /api/subscription/current — the caller's pharmacy's subscription with its plan, read with the
 *   caller's JWT through public.current_subscription(): admins only (anyone else is refused there with 42501,
 *   answered 403), their own pharmacy's only (RLS). 401 without a signed-in user, 404 when their pharmacy has
 *   none (or they have no pharmacy). The trial's days left are counted now, in the pharmacy's time zone.
 */
import {
  type CurrentSubscription, currentSubscriptionEndpoint, listPlansEndpoint, SUBSCRIPTION_STATUSES,
} from '@pharmacy/shared/api/subscription.ts';
import { trialDaysLeft } from '@pharmacy/shared/subscription/trial.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';
import { PLAN_COLUMNS, listActivePlans, planFromRow } from '../subscription/plans.ts';

/** A row of public.current_subscription(); the generated types call a returned table's columns non-null, these may be null. */
interface CurrentSubscriptionRow {
  plan_id: string;
  status: string;
  trial_ends_at: string | null;
  next_billing_date: string | null;
  time_zone: string;
}

function subscriptionStatus(status: string): CurrentSubscription['status'] {
  const known = SUBSCRIPTION_STATUSES.find((candidate) => candidate === status);
  // The table's check constraint allows exactly these statuses.
  if (!known) throw new Error(`unknown subscription status: ${status}`);
  return known;
}

export function addSubscriptionRoutes(router: ApiRouter): void {
  router.serve(listPlansEndpoint, ({ req }) => listActivePlans(createUserClient(req)));

  router.serve(currentSubscriptionEndpoint, async ({ req }) => {
    const client = createUserClient(req);
    const { data, error } = await client.rpc('current_subscription');
    // 42501 (not the pharmacy's admin) is 403; P0002 (no pharmacy) is 404 'No subscription found'.
    if (error) throw databaseFailure('reading the current subscription', error);
    const row: CurrentSubscriptionRow | undefined = data[0];
    if (!row) throw new HttpError(404, 'No subscription found');
    const { data: plan, error: planError } = await client.from('subscription_plans').select(PLAN_COLUMNS).eq('id', row.plan_id).single();
    if (planError) throw new Error(`reading the subscription's plan failed: ${planError.message}`);
    const facts = {
      planId: row.plan_id,
      status: subscriptionStatus(row.status),
      trialEndsAt: row.trial_ends_at,
      nextBillingDate: row.next_billing_date,
    };
    const response: CurrentSubscription = {
      ...facts,
      plan: planFromRow(plan),
      subscription: facts,
      timeZone: row.time_zone,
      trialDaysLeft: trialDaysLeft(row.trial_ends_at, row.time_zone, new Date()),
    };
    return response;
  });
}
