/**
 * The Overview tab's cards (public.billing_overview, as the caller): claims pending, submitted, paid, rejected and
 * reversed (the database's counters, exact at any volume), pending revenue, and this month's revenue in the
 * pharmacy's time zone — what payers paid and what patients paid — all in integer cents.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { supabase } from '../../../lib/supabase.ts';
import { billingKeys } from '../keys.ts';

const cents = z.number().int();

export const billingOverviewSchema = z.object({
  pending: z.number().int(),
  submitted: z.number().int(),
  paid: z.number().int(),
  rejected: z.number().int(),
  reversed: z.number().int(),
  pendingRevenueCents: cents,
  monthPaidByPayersCents: cents,
  monthPaidByPatientsCents: cents,
  /** The first day of the month in the pharmacy's time zone (YYYY-MM-DD or a timestamp). */
  monthStart: z.string().nullable(),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export async function getBillingOverview(): Promise<BillingOverview> {
  const { data, error } = await supabase.rpc('billing_overview');
  if (error) throw new Error(error.message);
  return billingOverviewSchema.parse(data);
}

export function getBillingOverviewQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: ['claims', 'claim_counters', 'patient_payments'] },
    queryKey: billingKeys.overview(pharmacyId),
    queryFn: getBillingOverview,
  });
}

export function useBillingOverview(pharmacyId: string) {
  return useQuery(getBillingOverviewQueryOptions(pharmacyId));
}
