/**
 * The signed-in user's authenticator app (Supabase Auth MFA, TOTP), for every feature that asks for its code: the
 * sign-in's second step, the enrolment, and the step-up before a high-risk override. One reading of the factors and
 * one check of a code, so a refused code reads the same everywhere.
 */
import { TOTP_CODE_REFUSED_MESSAGE } from '@pharmacy/shared/security/two-factor.ts';
import { supabase } from './supabase.ts';

export interface TotpFactors {
  verifiedFactorId: string | null;
  /** Enrolments never finished (a QR code shown, no code given). */
  unverifiedFactorIds: string[];
}

/** The user's TOTP factors as Supabase Auth lists them (mfa.listFactors). */
export async function listTotpFactors(): Promise<TotpFactors> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw new Error(error.message);
  const totp = data.all.filter((factor) => factor.factor_type === 'totp');
  return {
    verifiedFactorId: totp.find((factor) => factor.status === 'verified')?.id ?? null,
    unverifiedFactorIds: totp.filter((factor) => factor.status !== 'verified').map((factor) => factor.id),
  };
}

/** Refusals of the code itself (wrong, already used, expired challenge) read as one sentence. */
const CODE_REFUSALS = new Set(['mfa_verification_failed', 'mfa_challenge_expired', 'mfa_ip_address_mismatch']);

/**
 * Checks a code of the factor (mfa.challengeAndVerify). Success makes the session aal2 (auth-js announces the new
 * session, MFA_CHALLENGE_VERIFIED); a refused code throws TOTP_CODE_REFUSED_MESSAGE, any other failure its message.
 */
export async function verifyTotpCode(factorId: string, code: string): Promise<void> {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw new Error(error.code && CODE_REFUSALS.has(error.code) ? TOTP_CODE_REFUSED_MESSAGE : error.message);
}
