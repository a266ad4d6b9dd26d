/**
 * A staff account as the Security Manager's User Management tab shows it (spec part 2 §3 "User") and the
 * Add User form that invites one (issue 11): the invited person gets an email, sets a password and signs in
 * with that role in the inviting admin's pharmacy only.
 */
import * as z from 'zod';
import { PERMISSIONS } from './permissions.ts';
import { STAFF_ROLES } from './screens.ts';
import { optionalDate, optionalStateCode, optionalText, requiredText } from '../common/field-rules.ts';

// The roles are staff/screens.ts's (the one list, plain TypeScript for the sign-in page); named here too for the forms.
export { STAFF_ROLES, type StaffRole } from './screens.ts';

export const STAFF_USER_MESSAGES = {
  email: 'Invalid email address',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  role: 'Choose a role: admin, pharmacist or technician',
  licenseState: 'License state must be a 2-letter US state code',
} as const;

/**
 * The api's refusals of the staff endpoints (the database raises the same sentences, migration
 * 20261124000400_staff_management): 403 adminOnly, 404 notFound, 409 the account rules, 409 emailExists.
 */
export const STAFF_ACCOUNT_MESSAGES = {
  adminOnly: 'Only a pharmacy admin can manage staff accounts',
  notFound: 'Staff member not found',
  ownStatus: 'You cannot activate or deactivate your own account',
  ownRole: 'You cannot change your own role',
  lastAdmin: 'A pharmacy needs an active admin: the last one cannot be deactivated or given another role',
  emailExists: 'An account with this email already exists',
} as const;

/** §3 User, plus the license type the Add User form records and the pharmacy-local facts of the list. */
export const staffUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  isActive: z.boolean(),
  licenseNumber: z.string().nullable(),
  licenseState: z.string().nullable(),
  /** 'YYYY-MM-DD' or null. */
  licenseExpiration: z.string().nullable(),
  licenseType: z.string().nullable(),
  loginAttempts: z.number().int(),
  /** ISO timestamp; locked while it is in the future. */
  lockedUntil: z.string().nullable(),
  /** ISO timestamp; null: never signed in ('Never'). */
  lastLogin: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/** The Add User form (admin only) and POST /api/users. */
export const inviteStaffUserSchema = z.object({
  email: z.email({ error: STAFF_USER_MESSAGES.email }),
  firstName: requiredText(STAFF_USER_MESSAGES.firstName),
  lastName: requiredText(STAFF_USER_MESSAGES.lastName),
  role: z.enum(STAFF_ROLES, { error: STAFF_USER_MESSAGES.role }),
  licenseNumber: optionalText(),
  licenseState: optionalStateCode(STAFF_USER_MESSAGES.licenseState),
  licenseExpiration: optionalDate(),
  licenseType: optionalText(),
});
export type InviteStaffUser = z.infer<typeof inviteStaffUserSchema>;
