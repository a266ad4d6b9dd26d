/**
 * Finishes an enrolment: the authenticator app's current code (Supabase Auth mfa.challengeAndVerify). The factor
 * becomes verified, the session aal2 (auth-js announces it; the session sync caches it), and the database turns
 * the staff member's two_factor_enabled on.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TOTP_CODE_REFUSED_MESSAGE } from '@pharmacy/shared/security/two-factor.ts';
import { supabase } from '../../../lib/supabase.ts';
import { twoFactorKeys } from '../keys.ts';

export interface VerifyTotpFactorInput {
  factorId: string;
  code: string;
}

export async function verifyTotpFactor({ factorId, code }: VerifyTotpFactorInput): Promise<void> {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw new Error(error.code === 'mfa_verification_failed' ? TOTP_CODE_REFUSED_MESSAGE : error.message);
}

export function useVerifyTotpFactor(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTotpFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all(userId) }),
  });
}
