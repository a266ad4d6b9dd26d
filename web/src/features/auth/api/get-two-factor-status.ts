/**
 * Where the signed-in user stands with two-factor authentication, decided from the session itself as auth-js's
 * getAuthenticatorAssuranceLevel does (the access token's `aal` claim is the current level; a verified factor in
 * session.user.factors makes the next level aal2), plus, for admins, whether their pharmacy requires 2FA for
 * admins (picked from THE security policy query, hooks/use-security-policy.ts). The database enforces the policy
 * (admin-only data needs aal2); this only decides which page the app shows.
 */
import type { Session } from '@supabase/supabase-js';
import { useSecurityPolicy } from '../../../hooks/use-security-policy.ts';
import { twoFactorStep, verifiedTotpFactorId } from '../two-factor-step.ts';

export type { TwoFactorStep } from '../two-factor-step.ts';

/** The step for the signed-in staff member (undefined while unknown); the policy is read for admins only. */
export function useTwoFactorStep(session: Session | null | undefined, staff: { role: string; pharmacyId: string } | undefined) {
  const isAdmin = staff?.role === 'admin';
  const requirement = useSecurityPolicy(staff?.pharmacyId, {
    select: (policy) => policy?.require2faForAdmins ?? false,
    enabled: Boolean(session) && isAdmin && (session ? verifiedTotpFactorId(session) === null : false),
  });
  const step = session && staff !== undefined ? twoFactorStep(session, isAdmin, requirement.data) : undefined;
  return { step, error: requirement.error, refetch: requirement.refetch };
}
