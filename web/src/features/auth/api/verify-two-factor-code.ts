/**
 * The sign-in's second step: the 6-digit code of the user's authenticator app, checked by Supabase Auth
 * (mfa.challengeAndVerify). Success upgrades the session to aal2; auth-js then announces the new session
 * (MFA_CHALLENGE_VERIFIED), which the session sync puts in the cache, and the app opens.
 */
import { useMutation } from '@tanstack/react-query';
import { TOTP_CODE_REFUSED_MESSAGE } from '@pharmacy/shared/security/two-factor.ts';
import { supabase } from '../../../lib/supabase.ts';

export interface VerifyTwoFactorCodeInput {
  factorId: string;
  code: string;
}

/** Refusals of the code itself (wrong, already used, expired challenge) read as one sentence. */
const CODE_REFUSALS = new Set(['mfa_verification_failed', 'mfa_challenge_expired', 'mfa_ip_address_mismatch']);

export async function verifyTwoFactorCode({ factorId, code }: VerifyTwoFactorCodeInput): Promise<void> {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw new Error(error.code && CODE_REFUSALS.has(error.code) ? TOTP_CODE_REFUSED_MESSAGE : error.message);
}

export function useVerifyTwoFactorCode() {
  return useMutation({ mutationFn: verifyTwoFactorCode });
}
