/**
 * Unlock (spec part 2 §7 POST /api/users/{id}/unlock, no body; refreshes users): clears a staff member's lock
 * and failed sign-in attempts.
 */
import { unlockUserEndpoint } from '@pharmacy/shared/api/users.ts';
import type { StaffUser } from '@pharmacy/shared/staff/staff-user.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { securityManagerKeys } from '../keys.ts';

export function unlockUser(userId: string): Promise<StaffUser> {
  return invokeApi(unlockUserEndpoint, { id: userId });
}

export function useUnlockUser(pharmacyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockUser,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: securityManagerKeys.users(pharmacyId) }),
        queryClient.invalidateQueries({ queryKey: securityManagerKeys.auditLog(pharmacyId) }),
      ]),
  });
}
