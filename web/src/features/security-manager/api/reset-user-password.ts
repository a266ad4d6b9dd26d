/**
 * Reset password (spec part 2 §7 POST /api/users/{id}/reset-password, no body): the api emails the staff member
 * a password reset link. Nothing on the list changes; the audit log records it.
 */
import { resetUserPasswordEndpoint } from '@pharmacy/shared/api/users.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { securityManagerKeys } from '../keys.ts';

export function resetUserPassword(userId: string): Promise<{ email: string }> {
  return invokeApi(resetUserPasswordEndpoint, { id: userId });
}

export function useResetUserPassword(pharmacyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityManagerKeys.auditLog(pharmacyId) }),
  });
}
