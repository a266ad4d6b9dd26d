/**
 * Staff accounts (spec part 2 §7 "Security manager"), admins of the caller's pharmacy only (the database
 * decides; others get 403):
 * - GET /api/users — the pharmacy's staff, every field of §3 User.
 * - POST /api/users {email, names, role, license} — invites a new staff member: an invitation email whose link
 *   lets them set a password and sign in with that role in this pharmacy only (201, the new user).
 *   409 when the email already has an account.
 * - POST /api/users/{id}/toggle-status (no body) — activates or deactivates (deactivation ends every session
 *   of that user); 409 for the caller themselves or the last active admin ('User status updated successfully').
 * - POST /api/users/{id}/reset-password (no body) — emails a password reset link ('Password reset email sent').
 * - POST /api/users/{id}/unlock (no body) — clears the lock and the failed attempts ('User account unlocked').
 * 404 for an id that is not a staff member of the caller's pharmacy.
 */
import * as z from 'zod';
import { inviteStaffUserSchema, staffUserSchema } from '../staff/staff-user.ts';
import { apiEndpoint } from './endpoint.ts';

export const listUsersEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/users',
  access: 'signed-in',
  request: null,
  response: z.array(staffUserSchema),
  format: 'json',
  successStatus: 200,
});

export const inviteUserEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/users',
  access: 'signed-in',
  request: inviteStaffUserSchema,
  response: staffUserSchema,
  format: 'json',
  successStatus: 201,
});

export const toggleUserStatusEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/users/:id/toggle-status',
  access: 'signed-in',
  request: null,
  response: staffUserSchema,
  format: 'json',
  successStatus: 200,
});

export const resetUserPasswordEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/users/:id/reset-password',
  access: 'signed-in',
  request: null,
  response: z.object({ email: z.string() }),
  format: 'json',
  successStatus: 200,
});

export const unlockUserEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/users/:id/unlock',
  access: 'signed-in',
  request: null,
  response: staffUserSchema,
  format: 'json',
  successStatus: 200,
});
