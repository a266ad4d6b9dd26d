/**
 * The active switch (spec part 2 §7 POST /api/users/{id}/toggle-status, no body; refreshes users): activates or
 * deactivates a staff member (deactivation ends their sessions). The api refuses (409) the admin's own account
 * and the last active admin, with its sentence.
 */
import { toggleUserStatusEndpoint } from '@pharmacy/shared/api/users.ts';
import type { StaffUser } from '@pharmacy/shared/staff/staff-user.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';

export function toggleUserStatus(userId: string): Promise<StaffUser> {
  return invokeApi(toggleUserStatusEndpoint, { id: userId });
}

export function useToggleUserStatus() {
  return useMutation({
    // Refused or not, the list shows what the server holds now: meta.writes are refreshed when it settles.
    meta: { writes: ['staff_profiles', 'audit_log'] },
    mutationFn: toggleUserStatus,
  });
}
