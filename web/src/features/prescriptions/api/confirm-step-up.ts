/**
 * Step-up before a high-risk override (the spec's "biometric verification"): either the password, checked again by
 * the auth service through POST /api/step-up (shared/src/api/step-up.ts), which records a single-use grant; or a
 * code of the staff member's verified TOTP factor, verified by Supabase Auth MFA (lib/totp.ts), which
 * refreshes the session's amr — the database accepts that verification for one override within five minutes.
 * A wrong password is an error with the server's message, a wrong code the sign-in page's (nothing recorded).
 */
import { stepUpEndpoint } from '@pharmacy/shared/api/step-up.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { verifyTotpCode } from '../../../lib/totp.ts';

export type StepUpProof = { password: string } | { factorId: string; code: string };

export async function confirmStepUp(proof: StepUpProof): Promise<void> {
  if ('password' in proof) {
    await invokeApi(stepUpEndpoint, { password: proof.password });
    return;
  }
  await verifyTotpCode(proof.factorId, proof.code);
}

export function useConfirmStepUp() {
  return useMutation({ meta: { writes: ['audit_log'] }, mutationFn: confirmStepUp });
}
