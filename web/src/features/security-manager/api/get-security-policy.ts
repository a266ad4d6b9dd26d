/**
 * The pharmacy's security policy (spec part 2 §7 GET /api/security-policies): the api answers a list (empty
 * without a pharmacy); a pharmacy has one, which the Security Policies tab edits.
 */
import { listSecurityPoliciesEndpoint } from '@pharmacy/shared/api/security-policies.ts';
import type { SecurityPolicy } from '@pharmacy/shared/security/policy-schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { securityManagerKeys } from '../keys.ts';

/** The pharmacy's policy, or null when it has none. */
export async function getSecurityPolicy(): Promise<SecurityPolicy | null> {
  const policies = await invokeApi(listSecurityPoliciesEndpoint);
  return policies[0] ?? null;
}

export function getSecurityPolicyQueryOptions(pharmacyId: string) {
  return queryOptions({ queryKey: securityManagerKeys.policies(pharmacyId), queryFn: getSecurityPolicy });
}

export function useSecurityPolicy(pharmacyId: string) {
  return useQuery(getSecurityPolicyQueryOptions(pharmacyId));
}
