/**
 * The caller's pharmacy (role and permissions), as the database says it: `public.current_staff_context()` read with their JWT answers their
 * active staff profile's pharmacy, or null for anyone else (no profile, deactivated). Never a pharmacy named by the
 * request.
 */
import type { Permission } from '@pharmacy/shared/staff/permissions.ts';
import type { StaffRole } from '@pharmacy/shared/staff/screens.ts';
import { currentStaffContextSchema, signedInStaffFromContext } from '@pharmacy/shared/staff/signed-in-staff.ts';
import { requireUser } from './auth.ts';
import { createUserClient } from './supabase-clients.ts';

export interface CallerStaff {
  /** The staff member's auth user id. */
  userId: string;
  pharmacyId: string;
  role: StaffRole;
  /** The role's permissions (private.role_permissions), e.g. 'drugs:manage'. */
  permissions: readonly Permission[];
}

/** The pharmacy, role and permissions of the signed-in user who made the request, or null when they are not active staff. */
export async function findCallerStaff(req: Request): Promise<CallerStaff | null> {
  const { data, error } = await createUserClient(req).rpc('current_staff_context');
  if (error) throw new Error(`reading the staff context failed: ${error.message}`);
  if (data === null) return null;
  const staff = signedInStaffFromContext(currentStaffContextSchema.parse(data));
  return { userId: staff.user.id, pharmacyId: staff.pharmacy.id, role: staff.user.role, permissions: staff.permissions };
}

/** The pharmacy of the signed-in user who made the request, or null when they are not active staff (401 without a user). */
export async function findCallerPharmacyId(req: Request): Promise<string | null> {
  await requireUser(req);
  return (await findCallerStaff(req))?.pharmacyId ?? null;
}
