/**
 * Who the Credentials tab lists (spec part 2 "Credentials: users having a license number"): the staff members with
 * a license number, by last name, then first name. Pure, so a unit test pins it.
 */
import type { StaffUser } from '@pharmacy/shared/staff/staff-user.ts';

export function licensedStaff(staff: readonly StaffUser[]): StaffUser[] {
  return staff
    .filter((member) => (member.licenseNumber ?? '') !== '')
    .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.id.localeCompare(b.id));
}
