/**
 * Subscription calls (spec part 1 §7, part 2 "Subscription"):
 * - GET /api/subscription/plans — the active plans, cheapest first; anyone (the signed-out Plan tab and plans page).
 * - GET /api/subscription/current — the caller's pharmacy's subscription with its plan, the pharmacy's time zone and
 *   the trial's days left counted in it (shared/src/subscription/trial.ts); admins only (the database refuses anyone
 *   else: 403); 404 'No subscription found'.
 * zod/mini: the dashboard, part of a signed-in first visit, reads the current subscription (the admin's trial notice).
 */
import * as z from 'zod/mini';
import { apiEndpoint } from './endpoint.ts';

/** The plan's jsonb features: maxUsers and maxPrescriptions, -1 meaning unlimited; more may follow. */
export const planFeaturesSchema = z.looseObject({
  maxUsers: z.number(),
  maxPrescriptions: z.optional(z.number()),
  locations: z.optional(z.number()),
  list: z.optional(z.array(z.string())),
});

/** A plan as the api lists it (spec part 2 "Subscription plan"). */
export const subscriptionPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  price: z.number(),
  currency: z.string(),
  billingCycle: z.string(),
  trialDays: z.number(),
  features: planFeaturesSchema,
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled'] as const;

const subscriptionFactsSchema = z.object({
  planId: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  trialEndsAt: z.nullable(z.string()),
  nextBillingDate: z.nullable(z.string()),
});

/**
 * The caller's pharmacy's subscription; `subscription` repeats the facts under the names spec part 2 reads.
 * `trialDaysLeft` is counted when the answer is made, in the pharmacy's calendar (`timeZone`); null without a trial end.
 */
export const currentSubscriptionSchema = z.extend(subscriptionFactsSchema, {
  plan: subscriptionPlanSchema,
  subscription: subscriptionFactsSchema,
  timeZone: z.string(),
  trialDaysLeft: z.nullable(z.int().check(z.nonnegative())),
});
export type CurrentSubscription = z.infer<typeof currentSubscriptionSchema>;

export const listPlansEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/subscription/plans',
  access: 'anyone',
  request: null,
  response: z.array(subscriptionPlanSchema),
  format: 'json',
  successStatus: 200,
});

export const currentSubscriptionEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/subscription/current',
  access: 'signed-in',
  request: null,
  response: currentSubscriptionSchema,
  format: 'json',
  successStatus: 200,
});
