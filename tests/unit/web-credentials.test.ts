/** The Credentials tab's list: the staff having a license number (spec part 2 "Credentials"), by last, then first name. */
import { describe, expect, it } from 'vitest';
import type { StaffUser } from '../../shared/src/staff/staff-user.ts';
import { licensedStaff } from '../../web/src/features/credentials/licensed-staff.ts';

function member(firstName: string, lastName: string, licenseNumber: string | null): StaffUser {
  return {
    id: crypto.randomUUID(), firstName, lastName, email: `${firstName}@example.test`, role: 'pharmacist', isActive: true,
    licenseNumber, licenseState: null, licenseExpiration: null, licenseType: null, loginAttempts: 0, lockedUntil: null,
    lastLogin: null, twoFactorEnabled: false, createdAt: '2026-01-01T00:00:00Z', permissions: [],
  };
}

describe('licensedStaff', () => {
  it('lists only members with a license number, by last name then first name', () => {
    const staff = [member('Zoe', 'Baker', 'RPh-2'), member('Al', 'Admin', null), member('Amy', 'Baker', 'RPh-1'), member('Ty', 'Tech', ''), member('Cy', 'Adams', 'CPhT-9')];
    expect(licensedStaff(staff).map((m) => `${m.firstName} ${m.lastName}`)).toEqual(['Cy Adams', 'Amy Baker', 'Zoe Baker']);
  });

  it('leaves the list it was given as it was', () => {
    const staff = [member('Zoe', 'Baker', 'RPh-2'), member('Amy', 'Baker', 'RPh-1')];
    licensedStaff(staff);
    expect(staff.map((m) => m.firstName)).toEqual(['Zoe', 'Amy']);
  });
});
