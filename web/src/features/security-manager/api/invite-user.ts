/**
 * Add User (issue 11, POST /api/users): invites a staff member of the admin's pharmacy with a role and license;
 * the api sends the invitation email. Refreshes the staff list and the audit log (the invitation is recorded).
 */
import { inviteUserEndpoint } from '@pharmacy/shared/api/users.ts';
import type { InviteStaffUser, StaffUser } from '@pharmacy/shared/staff/staff-user.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';

export function inviteUser(values: InviteStaffUser): Promise<StaffUser> {
  return invokeApi(inviteUserEndpoint, values);
}

export function useInviteUser() {
  return useMutation({
    meta: { writes: ['staff_profiles', 'audit_log'] },
    mutationFn: inviteUser,
  });
}
