/**
 * Between public.staff_users() rows and the contract's staff user (shared/src/staff/staff-user.ts, spec part 2
 * §3 "User"). The generated types call every column of a set-returning function non-null; the license, lock and
 * last sign-in columns are null when there is none, so they are read as nullable here.
 */
import type { Database } from '@pharmacy/shared/database/database.types.ts';
import { isPermission } from '@pharmacy/shared/staff/permissions.ts';
import { STAFF_ACCOUNT_MESSAGES, type StaffRole, type StaffUser } from '@pharmacy/shared/staff/staff-user.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';

type StaffUserRow = Database['public']['Functions']['staff_users']['Returns'][number];

export const STAFF_MEMBER_NOT_FOUND_MESSAGE = STAFF_ACCOUNT_MESSAGES.notFound;

function nullable<T>(value: T | null | undefined): T | null {
  return value ?? null;
}

export function staffUserFromRow(row: StaffUserRow): StaffUser {
  return {
    id: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role as StaffRole,
    isActive: row.is_active,
    licenseNumber: nullable(row.license_number),
    licenseState: nullable(row.license_state),
    licenseExpiration: nullable(row.license_expiration),
    licenseType: nullable(row.license_type),
    loginAttempts: row.failed_login_count,
    lockedUntil: nullable(row.locked_until),
    lastLogin: nullable(row.last_login_at),
    twoFactorEnabled: row.two_factor_enabled,
    createdAt: row.created_at,
    permissions: row.permissions.filter(isPermission),
  };
}

/** The pharmacy's staff as the caller may see them (admins only: the database refuses anyone else, 42501). */
export async function listStaffUsers(client: DatabaseClient): Promise<StaffUser[]> {
  const { data, error } = await client.rpc('staff_users');
  if (error) throw databaseFailure('reading the staff', error);
  return data.map(staffUserFromRow);
}

/** One staff member of the caller's pharmacy (admins only); 404 when there is none with that id. */
export async function readStaffUser(client: DatabaseClient, userId: string): Promise<StaffUser> {
  const { data, error } = await client.rpc('staff_users').eq('user_id', userId).maybeSingle();
  if (error) throw databaseFailure('reading the staff member', error);
  if (!data) throw new HttpError(404, STAFF_MEMBER_NOT_FOUND_MESSAGE);
  return staffUserFromRow(data);
}
