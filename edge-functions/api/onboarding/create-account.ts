/**
 * Creates a pharmacy with its admin, all or nothing (issue 3 contract): conflicts pre-check → Supabase
 * Auth user (confirmed, names in user_metadata) → public.onboard_pharmacy, which writes the pharmacy,
 * hours, admin staff profile, pharmacist in charge, security policy, trial subscription and audit rows in
 * one transaction. The auth user lives outside that transaction, so when the database step fails it is
 * deleted again: a failure at any step leaves neither pharmacy nor user behind.
 *
 * Every step runs with the service role: the caller is signed out (they are creating their account), and
 * creating users and pharmacies is nothing an end user's key may do. The pharmacy id is made by the
 * database; nothing from the request body names one.
 */
import { isAuthApiError } from '@supabase/supabase-js';
import * as z from 'zod';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';
import { clientMessageForDatabaseError, isPostgresWording } from '@pharmacy/shared/database/errors.ts';
import type { OnboardingAccount } from '@pharmacy/shared/onboarding/rows.ts';
import { HttpError } from '../../_shared/http.ts';
import { findOnboardingConflicts } from './conflicts.ts';

export const EMAIL_EXISTS_MESSAGE = 'An account with this email already exists';

export interface CreatedPharmacyAccount {
  pharmacy: { id: string; pharmacyName: string };
  user: { id: string; email: string };
  subscription: { planId: string; status: string; trialEndsAt: string | null };
}

/** What public.onboard_pharmacy returns (jsonb: the generated types say only `Json`). */
const onboardPharmacyResultSchema = z.object({
  pharmacyId: z.string(),
  pharmacyName: z.string(),
  subscription: z.object({ planId: z.string(), status: z.string(), trialEndsAt: z.string().nullable() }),
});
type OnboardPharmacyResult = z.infer<typeof onboardPharmacyResultSchema>;

/** 409 with the first conflict as `error` (what the web maps, spec §8) and all of them as `errors`. */
function conflictError(conflicts: string[]): HttpError {
  return new HttpError(409, conflicts[0]!, undefined, { errors: conflicts });
}

async function createAdminUser(admin: DatabaseClient, account: OnboardingAccount): Promise<{ id: string; email: string }> {
  const { data, error } = await admin.auth.admin.createUser({
    email: account.adminSignIn.email,
    password: account.adminSignIn.password,
    email_confirm: true,
    user_metadata: { first_name: account.pharmacy.admin_first_name, last_name: account.pharmacy.admin_last_name },
  });
  if (error) {
    // The email was free at the pre-check but taken since (two onboardings at once).
    if (isAuthApiError(error) && (error.code === 'email_exists' || error.code === 'user_already_exists')) {
      throw conflictError([EMAIL_EXISTS_MESSAGE]);
    }
    // Auth's own rules (e.g. a project's stricter password policy) are the user's to fix.
    if (isAuthApiError(error) && error.status >= 400 && error.status < 500) {
      throw new HttpError(400, 'Validation failed', undefined, { errors: [error.message] });
    }
    throw new Error(`creating the admin user failed: ${error.message}`);
  }
  return { id: data.user.id, email: data.user.email ?? account.adminSignIn.email };
}

async function onboardPharmacy(admin: DatabaseClient, account: OnboardingAccount, adminUserId: string): Promise<OnboardPharmacyResult> {
  const { data, error } = await admin.rpc('onboard_pharmacy', {
    pharmacy: account.pharmacy,
    admin_user_id: adminUserId,
    pic: account.pic,
    operating_hours: account.operatingHours,
    plan_id: account.planId,
  });
  if (error) {
    // A registration number taken between the pre-check and this insert: the database's unique message
    // (onboard_pharmacy's own sentence; Postgres' wording of another key is logged, never answered).
    if (error.code === '23505') {
      if (isPostgresWording(error.message)) console.error('onboard_pharmacy: unique violation', error.message);
      throw conflictError([clientMessageForDatabaseError(error)]);
    }
    throw new Error(`onboard_pharmacy failed: ${error.code ?? ''} ${error.message}`);
  }
  return onboardPharmacyResultSchema.parse(data);
}

/** Removes the auth user a failed onboarding created. A failure here is logged: it needs an operator. */
async function deleteAdminUser(admin: DatabaseClient, userId: string): Promise<void> {
  const { error } = await admin.auth.admin.deleteUser(userId);
  if (error) console.error(`onboarding: could not delete auth user ${userId} after a failed onboarding`, error);
}

/** Creates the account or throws (HttpError for what the caller can fix; anything else is a 500). */
export async function createPharmacyAccount(admin: DatabaseClient, account: OnboardingAccount): Promise<CreatedPharmacyAccount> {
  const conflicts = await findOnboardingConflicts(admin, {
    deaNumber: account.pharmacy.dea_number,
    ncpdpId: account.pharmacy.ncpdp_id,
    nabpNumber: account.pharmacy.nabp_number,
    email: account.adminSignIn.email,
  });
  if (conflicts.length > 0) throw conflictError(conflicts);

  const user = await createAdminUser(admin, account);
  try {
    const onboarded = await onboardPharmacy(admin, account, user.id);
    return {
      pharmacy: { id: onboarded.pharmacyId, pharmacyName: onboarded.pharmacyName },
      user,
      subscription: onboarded.subscription,
    };
  } catch (error) {
    await deleteAdminUser(admin, user.id);
    throw error;
  }
}
