/**
 * Adds a staff member by invitation (POST /api/users), all or nothing:
 *   1. as the caller: only an active admin may read the pharmacy's staff (the database refuses anyone else,
 *      403), so nobody else gets as far as sending a mail;
 *   2. an email that already has an account is 409 (public.onboarding_conflicts, service role);
 *   3. the service role invites the person (Auth's invite: an auth user without a password, and an email whose
 *      link lets them set one on the web app's /set-password page);
 *   4. as the caller again, the staff profile is added: row-level security and the staff_profiles triggers put it
 *      in the caller's own pharmacy (pharmacy_id defaults to it; the body names no pharmacy) with the role asked
 *      for. If that step fails the invited auth user is deleted, so nothing is left half-made.
 */
import { type InviteStaffUser, STAFF_ACCOUNT_MESSAGES, type StaffUser } from '@pharmacy/shared/staff/staff-user.ts';
import { isAuthApiError } from '@supabase/supabase-js';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';
import { findOnboardingConflicts } from '../onboarding/conflicts.ts';
import { readStaffUser } from './staff-rows.ts';

export interface InviteClients {
  /** The caller's JWT: row-level security applies. */
  caller: DatabaseClient;
  /** The service role: the invitation and the email check only. */
  service: DatabaseClient;
}

function blankToNull(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

async function requireStaffAdmin(caller: DatabaseClient): Promise<void> {
  const { error } = await caller.rpc('staff_users').limit(1);
  if (error) throw databaseFailure('checking who may invite staff', error);
}

async function inviteAuthUser(service: DatabaseClient, form: InviteStaffUser, email: string, redirectTo: string | undefined): Promise<string> {
  const { data, error } = await service.auth.admin.inviteUserByEmail(email, {
    data: { first_name: form.firstName, last_name: form.lastName },
    ...(redirectTo ? { redirectTo } : {}),
  });
  if (error) {
    // Taken between the check and the invitation (two invitations at once).
    if (isAuthApiError(error) && (error.code === 'email_exists' || error.code === 'user_already_exists')) {
      throw new HttpError(409, STAFF_ACCOUNT_MESSAGES.emailExists);
    }
    if (isAuthApiError(error) && error.status === 429) throw new HttpError(429, error.message);
    if (isAuthApiError(error) && error.status >= 400 && error.status < 500) {
      throw new HttpError(400, 'Validation failed', undefined, { errors: [error.message] });
    }
    throw new Error(`inviting ${email} failed: ${error.message}`);
  }
  return data.user.id;
}

async function deleteInvitedUser(service: DatabaseClient, userId: string): Promise<void> {
  const { error } = await service.auth.admin.deleteUser(userId);
  if (error) console.error(`users: could not delete invited auth user ${userId} after a failed invitation`, error);
}

export async function inviteStaffUser(clients: InviteClients, form: InviteStaffUser, redirectTo: string | undefined): Promise<StaffUser> {
  await requireStaffAdmin(clients.caller);
  const email = form.email.trim().toLowerCase();
  const conflicts = await findOnboardingConflicts(clients.service, { deaNumber: null, ncpdpId: null, nabpNumber: null, email });
  if (conflicts.length > 0) throw new HttpError(409, STAFF_ACCOUNT_MESSAGES.emailExists);

  const userId = await inviteAuthUser(clients.service, form, email, redirectTo);
  try {
    const { error } = await clients.caller.from('staff_profiles').insert({
      user_id: userId,
      role: form.role,
      first_name: form.firstName,
      last_name: form.lastName,
      email,
      license_number: blankToNull(form.licenseNumber),
      license_state: blankToNull(form.licenseState),
      license_expiration: blankToNull(form.licenseExpiration),
      license_type: blankToNull(form.licenseType),
    });
    if (error) throw databaseFailure('adding the invited staff member', error);
  } catch (error) {
    await deleteInvitedUser(clients.service, userId);
    throw error;
  }
  return await readStaffUser(clients.caller, userId);
}
