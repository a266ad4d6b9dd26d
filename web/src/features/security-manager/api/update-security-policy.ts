/**
 * Saving the Security Policies form (spec part 2 §7 PUT /api/security-policies/{id}; refreshes policies), which
 * the spec defined but wired to no control. Every screen reading the policy (the queue's override rules, the idle
 * sign-out) and the audit log, which records the change, refresh (meta.writes).
 */
import { updateSecurityPolicyEndpoint } from '@pharmacy/shared/api/security-policies.ts';
import type { SecurityPolicy, SecurityPolicySettings } from '@pharmacy/shared/security/policy-schema.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';

export interface UpdateSecurityPolicyInput {
  id: string;
  settings: SecurityPolicySettings;
}

export function updateSecurityPolicy({ id, settings }: UpdateSecurityPolicyInput): Promise<SecurityPolicy> {
  return invokeApi(updateSecurityPolicyEndpoint, { id }, settings);
}

export function useUpdateSecurityPolicy() {
  return useMutation({
    meta: { writes: ['security_policies', 'audit_log'] },
    mutationFn: updateSecurityPolicy,
  });
}
