/**
 * Subscription calls (spec part 1 §7, part 2 "Subscription"):
 * - GET /api/subscription/plans — the active plans, cheapest first; anyone (the signed-out Plan tab and plans page).
 * - GET /api/subscription/current — the caller's pharmacy's subscription with its plan; 404 'No subscription found'.
 */
import * as z from 'zod';
import { apiEndpoint } from './endpoint.ts';

/** The plan's jsonb features: maxUsers and maxPrescriptions, -1 meaning unlimited; more may follow. */
export const planFeaturesSchema = z.looseObject({
  maxUsers: z.number(),
  maxPrescriptions: z.number().optional(),
  locations: z.number().optional(),
  list: z.array(z.string()).optional(),
});

/** A plan as the api lists it (spec part 2 "Subscription plan"). */
export const subscriptionPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
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
  trialEndsAt: z.string().nullable(),
  nextBillingDate: z.string().nullable(),
});

/** The caller's pharmacy's subscription; `subscription` repeats the facts under the names spec part 2 reads. */
export const currentSubscriptionSchema = subscriptionFactsSchema.extend({
  plan: subscriptionPlanSchema,
  subscription: subscriptionFactsSchema,
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
