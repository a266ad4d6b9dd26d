/**
 * THE permission names (resource:action) and which staff role holds which: the same mapping as the database's
 * private.role_permissions, which every policy and function that checks a permission reads
 * (tests/integration/db-permissions.test.ts fails when the two differ). The database decides; the web app reads a
 * signed-in staff member's list (current_staff_context) to show only what will be allowed, and the api function
 * reads the caller's list for its early refusals. Plain TypeScript: the sign-in page's code reads it.
 */
import type { StaffRole } from './screens.ts';

export const PERMISSIONS = [
  'pharmacy:manage',
  'staff:manage',
  'security:manage',
  'audit:read',
  'settings:manage',
  'subscription:manage',
  'prescriptions:read',
  'prescriptions:enter',
  'prescriptions:verify',
  'interactions:override',
  'patients:read',
  'patients:write',
  'prescribers:manage',
  'prescribers:verify',
  'drugs:read',
  'drugs:manage',
  'inventory:manage',
  'inventory:adjust',
  'billing:manage',
  'labels:print',
  'reports:read',
  'data:migrate',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** Each role's permissions, in the database's order. */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  admin: PERMISSIONS,
  pharmacist: [
    'prescriptions:read',
    'prescriptions:enter',
    'prescriptions:verify',
    'interactions:override',
    'patients:read',
    'patients:write',
    'prescribers:manage',
    'prescribers:verify',
    'drugs:read',
    'drugs:manage',
    'inventory:manage',
    'inventory:adjust',
    'billing:manage',
    'labels:print',
    'reports:read',
  ],
  technician: [
    'prescriptions:read',
    'prescriptions:enter',
    'patients:read',
    'patients:write',
    'prescribers:manage',
    'drugs:read',
    'inventory:manage',
    'billing:manage',
    'labels:print',
  ],
};

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}
