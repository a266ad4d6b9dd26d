/**
 * THE read of the pharmacy's security policy (spec part 2 §3 "Security policy"), for every screen that shows or
 * applies it: the Security Manager's form, the queue's override rules, the idle sign-out's timeout and the router's
 * "2FA for admins" step. Read from public.security_policies (staff read their pharmacy's; only its admin changes
 * it) in the api's shape; a saved or live change of the table refreshes every use at once. null: the pharmacy has no
 * policy row (the database then applies the defaults). The database enforces the policy whatever a screen shows.
 * No classic zod here: the router reads it on the sign-in page's first download.
 */
import { POLICY_COLUMNS, policyFromRow } from '@pharmacy/shared/security/policy-row.ts';
import type { SecurityPolicy } from '@pharmacy/shared/security/policy-schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../lib/supabase.ts';
import { pharmacyKeys } from './pharmacy-keys.ts';

export type { SecurityPolicy };

export async function getSecurityPolicy(): Promise<SecurityPolicy | null> {
  const { data, error } = await supabase.from('security_policies').select(POLICY_COLUMNS).maybeSingle();
  if (error) throw new Error(error.message);
  return data === null ? null : policyFromRow(data);
}

export function securityPolicyQueryOptions(pharmacyId: string) {
  return queryOptions({
    queryKey: pharmacyKeys.securityPolicy(pharmacyId),
    queryFn: getSecurityPolicy,
    meta: { reads: ['security_policies'] },
  });
}

/** The policy, or the part `select` picks (so a screen re-renders only when its part changes). */
export function useSecurityPolicy<Selected = SecurityPolicy | null>(
  pharmacyId: string | undefined,
  options: { select?: (policy: SecurityPolicy | null) => Selected; enabled?: boolean } = {},
) {
  return useQuery({
    ...securityPolicyQueryOptions(pharmacyId ?? ''),
    select: options.select,
    enabled: pharmacyId !== undefined && (options.enabled ?? true),
  });
}
