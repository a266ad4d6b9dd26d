/**
 * Reset password (spec part 2 §7 POST /api/users/{id}/reset-password, no body): the api emails the staff member
 * a password reset link. Nothing on the list changes; the audit log records it.
 */
import { resetUserPasswordEndpoint } from '@pharmacy/shared/api/users.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';

export function resetUserPassword(userId: string): Promise<{ email: string }> {
  return invokeApi(resetUserPasswordEndpoint, { id: userId });
}

export function useResetUserPassword() {
  return useMutation({
    meta: { writes: ['audit_log'] },
    mutationFn: resetUserPassword,
  });
}
