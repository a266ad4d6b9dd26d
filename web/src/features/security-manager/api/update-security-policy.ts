/**
 * Saving the Security Policies form (spec part 2 §7 PUT /api/security-policies/{id}; refreshes policies), which
 * the spec defined but wired to no control. The change is audited, so the audit log refreshes too.
 */
import { updateSecurityPolicyEndpoint } from '@pharmacy/shared/api/security-policies.ts';
import type { SecurityPolicy, SecurityPolicySettings } from '@pharmacy/shared/security/policy-schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { securityManagerKeys } from '../keys.ts';

export interface UpdateSecurityPolicyInput {
  id: string;
  settings: SecurityPolicySettings;
}

export function updateSecurityPolicy({ id, settings }: UpdateSecurityPolicyInput): Promise<SecurityPolicy> {
  return invokeApi(updateSecurityPolicyEndpoint, { id }, settings);
}

export function useUpdateSecurityPolicy(pharmacyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecurityPolicy,
    onSuccess: (policy) => {
      queryClient.setQueryData(securityManagerKeys.policies(pharmacyId), policy);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: securityManagerKeys.policies(pharmacyId) }),
        queryClient.invalidateQueries({ queryKey: securityManagerKeys.auditLog(pharmacyId) }),
      ]);
    },
  });
}
