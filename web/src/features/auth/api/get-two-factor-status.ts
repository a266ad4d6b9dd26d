/**
 * Where the signed-in user stands with two-factor authentication, decided from the session itself as auth-js's
 * getAuthenticatorAssuranceLevel does (the access token's `aal` claim is the current level; a verified factor in
 * session.user.factors makes the next level aal2), plus, for admins, whether their pharmacy requires 2FA for
 * admins (security_policies, which staff read). The database enforces the policy (admin-only data needs aal2);
 * this only decides which page the app shows.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@supabase/supabase-js';
import { supabase } from '../../../lib/supabase.ts';
import { authKeys } from '../keys.ts';
import { twoFactorStep, verifiedTotpFactorId } from '../two-factor-step.ts';
import { CURRENT_STAFF_CACHE_MS } from './get-current-staff.ts';

export type { TwoFactorStep } from '../two-factor-step.ts';

export async function getTwoFactorRequirement(): Promise<boolean> {
  const { data, error } = await supabase.from('security_policies').select('require_2fa_for_admins').maybeSingle();
  if (error) throw new Error(error.message);
  return data?.require_2fa_for_admins ?? false;
}

export function getTwoFactorRequirementQueryOptions(userId: string) {
  return queryOptions({
    queryKey: authKeys.twoFactorRequirement(userId),
    queryFn: getTwoFactorRequirement,
    staleTime: CURRENT_STAFF_CACHE_MS,
    retry: false,
  });
}

/** The step for the signed-in staff member (undefined while unknown); the policy is read for admins only. */
export function useTwoFactorStep(session: Session | null | undefined, role: string | undefined) {
  const isAdmin = role === 'admin';
  const requirement = useQuery({
    ...getTwoFactorRequirementQueryOptions(session?.user.id ?? ''),
    enabled: Boolean(session) && isAdmin && (session ? verifiedTotpFactorId(session) === null : false),
  });
  const step = session && role !== undefined ? twoFactorStep(session, isAdmin, requirement.data) : undefined;
  return { step, error: requirement.error, refetch: requirement.refetch };
}
