/**
 * The pharmacy's staff (spec part 2 §7 GET /api/users): every field of §3 User, admins only (the database
 * decides; others get 403). Feeds the summary cards, the User Management list and the audit log's user filter.
 */
import { listUsersEndpoint } from '@pharmacy/shared/api/users.ts';
import type { StaffUser } from '@pharmacy/shared/staff/staff-user.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { securityManagerKeys } from '../keys.ts';

export function getUsers(): Promise<StaffUser[]> {
  return invokeApi(listUsersEndpoint);
}

export function getUsersQueryOptions(pharmacyId: string) {
  return queryOptions({ meta: { reads: ['staff_profiles'] }, queryKey: securityManagerKeys.users(pharmacyId), queryFn: getUsers });
}

export function useUsers(pharmacyId: string) {
  return useQuery(getUsersQueryOptions(pharmacyId));
}
