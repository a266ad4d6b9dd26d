/**
 * Add User (issue 11, POST /api/users): invites a staff member of the admin's pharmacy with a role and license;
 * the api sends the invitation email. Refreshes the staff list and the audit log (the invitation is recorded).
 */
import { inviteUserEndpoint } from '@pharmacy/shared/api/users.ts';
import type { InviteStaffUser, StaffUser } from '@pharmacy/shared/staff/staff-user.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { securityManagerKeys } from '../keys.ts';

export function inviteUser(values: InviteStaffUser): Promise<StaffUser> {
  return invokeApi(inviteUserEndpoint, values);
}

export function useInviteUser(pharmacyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: securityManagerKeys.users(pharmacyId) }),
        queryClient.invalidateQueries({ queryKey: securityManagerKeys.auditLog(pharmacyId) }),
      ]),
  });
}
