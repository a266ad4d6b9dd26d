/**
 * Finishes an enrolment: the authenticator app's current code (lib/totp.ts). The factor becomes verified, the
 * session aal2 (auth-js announces it; the session sync caches it), and the database turns the staff member's
 * two_factor_enabled on.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verifyTotpCode } from '../../../lib/totp.ts';
import { twoFactorKeys } from '../keys.ts';

export interface VerifyTotpFactorInput {
  factorId: string;
  code: string;
}

export function verifyTotpFactor({ factorId, code }: VerifyTotpFactorInput): Promise<void> {
  return verifyTotpCode(factorId, code);
}

export function useVerifyTotpFactor(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { writes: ['staff_profiles', 'audit_log'] },
    mutationFn: verifyTotpFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all(userId) }),
  });
}
