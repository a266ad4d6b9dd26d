/**
 * Raises a signed-in supabase-js client to aal2 the way a staff member does: enrols a TOTP factor and verifies it
 * with the code the tests' own RFC 6238 generator computes. Tests that turn on "Require 2FA for admins" need it:
 * the database accepts that change only from an aal2 session.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { totpCode } from './totp.ts';

export async function verifySecondFactor(client: SupabaseClient): Promise<{ factorId: string; secret: string }> {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: `Test app ${Date.now()}` });
  if (error || !data) throw new Error(`could not enrol a TOTP factor: ${error?.message}`);
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: data.id, code: totpCode(data.totp.secret) });
  if (verified.error) throw new Error(`could not verify the TOTP factor: ${verified.error.message}`);
  return { factorId: data.id, secret: data.totp.secret };
}
