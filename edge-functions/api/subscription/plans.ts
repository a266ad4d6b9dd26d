/**
 * Subscription plans (reference data in public.subscription_plans, readable by anyone) as the API shows
 * them: camelCase, price as a number.
 */
import type { Tables } from '@pharmacy/shared/database/database.types.ts';
import { planFeaturesSchema, type SubscriptionPlan } from '@pharmacy/shared/api/subscription.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';

export const PLAN_COLUMNS = 'id, name, description, price, currency, billing_cycle, trial_days, features';

export type SubscriptionPlanRow = Pick<
  Tables<'subscription_plans'>,
  'id' | 'name' | 'description' | 'price' | 'currency' | 'billing_cycle' | 'trial_days' | 'features'
>;

export function planFromRow(row: SubscriptionPlanRow): SubscriptionPlan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    // numeric may arrive as a string when PostgREST is told to keep full precision.
    price: Number(row.price),
    currency: row.currency,
    billingCycle: row.billing_cycle,
    trialDays: row.trial_days,
    // The jsonb `features` (the generated type says only `Json`), read with the contract's schema.
    features: planFeaturesSchema.parse(row.features),
  };
}

/** The plans a pharmacy can choose, cheapest first. */
export async function listActivePlans(client: DatabaseClient): Promise<SubscriptionPlan[]> {
  const { data, error } = await client
    .from('subscription_plans')
    .select(PLAN_COLUMNS)
    .eq('is_active', true)
    .order('price')
    .order('id');
  if (error) throw new Error(`listing subscription plans failed: ${error.message}`);
  return data.map(planFromRow);
}

/** Whether `planId` names a plan a pharmacy can choose. */
export async function isActivePlan(client: DatabaseClient, planId: string): Promise<boolean> {
  const { data, error } = await client.from('subscription_plans').select('id').eq('id', planId).eq('is_active', true).maybeSingle();
  if (error) throw new Error(`looking up subscription plan failed: ${error.message}`);
  return data !== null;
}
