/**
 * The signed-in staff member (user, pharmacy, role, permissions) for every signed-in screen: the shell
 * (app/routes/app/app-root.tsx) loads it once, shows the one "Loading your pharmacy…" while it loads, and provides it
 * here, so a screen calls useSignedInStaff() and never handles "not loaded yet". Outside the signed-in shell there
 * is none, and asking for it is a programming error.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { Permission } from '@pharmacy/shared/staff/permissions.ts';
import type { SignedInStaff } from '@pharmacy/shared/staff/signed-in-staff.ts';

export type { SignedInStaff };

const SignedInStaffContext = createContext<SignedInStaff | null>(null);

export function SignedInStaffProvider({ staff, children }: { staff: SignedInStaff; children: ReactNode }) {
  return <SignedInStaffContext.Provider value={staff}>{children}</SignedInStaffContext.Provider>;
}

export function useSignedInStaff(): SignedInStaff & { role: SignedInStaff['user']['role']; may: (permission: Permission) => boolean } {
  const staff = useContext(SignedInStaffContext);
  if (staff === null) throw new Error('useSignedInStaff() is for screens inside the signed-in shell, which provides the staff member');
  return { ...staff, role: staff.user.role, may: (permission) => staff.permissions.includes(permission) };
}
