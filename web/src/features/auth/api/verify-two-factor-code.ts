/**
 * The sign-in's second step: the 6-digit code of the user's authenticator app, checked by Supabase Auth
 * (lib/totp.ts). Success upgrades the session to aal2; auth-js then announces the new session
 * (MFA_CHALLENGE_VERIFIED), which the session sync puts in the cache, and the app opens.
 */
import { useMutation } from '@tanstack/react-query';
import { verifyTotpCode } from '../../../lib/totp.ts';

export interface VerifyTwoFactorCodeInput {
  factorId: string;
  code: string;
}

export function verifyTwoFactorCode({ factorId, code }: VerifyTwoFactorCodeInput): Promise<void> {
  return verifyTotpCode(factorId, code);
}

export function useVerifyTwoFactorCode() {
  return useMutation({ meta: { writes: [] }, mutationFn: verifyTwoFactorCode });
}
