/**
 * GET /api/subscription/plans (spec §7; entity in part 2 "Subscription Plans"): the plans a pharmacy can
 * choose, readable signed out. maxUsers / maxPrescriptions of -1 mean unlimited.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { describeFunctionsError } from '../../../lib/functions-error.ts';
import { supabase } from '../../../lib/supabase.ts';
import { subscriptionKeys } from '../keys.ts';

const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable().optional(),
  price: z.coerce.number(),
  currency: z.string(),
  billingCycle: z.string(),
  trialDays: z.number(),
  features: z.looseObject({
    maxUsers: z.number().optional(),
    maxPrescriptions: z.number().optional(),
    locations: z.number().optional(),
    list: z.array(z.string()).optional(),
  }),
});

export type SubscriptionPlan = z.infer<typeof planSchema>;

export async function getPlans(): Promise<SubscriptionPlan[]> {
  const { data, error } = await supabase.functions.invoke<unknown>('api/subscription/plans', { method: 'GET' });
  if (error) throw new Error(await describeFunctionsError(error));
  const parsed = z.array(planSchema).safeParse(data);
  if (!parsed.success) throw new Error(`Unexpected plans answer: ${parsed.error.message}`);
  return parsed.data;
}

export function getPlansQueryOptions() {
  return queryOptions({ queryKey: subscriptionKeys.plans(), queryFn: getPlans });
}

export function usePlans() {
  return useQuery(getPlansQueryOptions());
}
