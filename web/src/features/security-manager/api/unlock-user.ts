/**
 * Unlock (spec part 2 §7 POST /api/users/{id}/unlock, no body; refreshes users): clears a staff member's lock
 * and failed sign-in attempts.
 */
import { unlockUserEndpoint } from '@pharmacy/shared/api/users.ts';
import type { StaffUser } from '@pharmacy/shared/staff/staff-user.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';

export function unlockUser(userId: string): Promise<StaffUser> {
  return invokeApi(unlockUserEndpoint, { id: userId });
}

export function useUnlockUser() {
  return useMutation({
    meta: { writes: ['staff_profiles', 'audit_log'] },
    mutationFn: unlockUser,
  });
}
