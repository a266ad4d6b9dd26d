/**
 * Which two-factor step comes before the app, from the session alone as auth-js's getAuthenticatorAssuranceLevel
 * decides (the access token's `aal` claim is the current level; a verified factor in session.user.factors makes
 * the next level aal2) and, for an admin, the pharmacy's "Require 2FA for admins". Pure, so it is unit-tested.
 */
import type { Session } from '@supabase/supabase-js';

export type TwoFactorStep = 'none' | 'code' | 'enrol';

/** The access token's assurance level ('aal1' / 'aal2'), read from its payload (the server has signed it). */
export function sessionAssuranceLevel(session: Session): string | null {
  try {
    const payload = session.access_token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const aal = (JSON.parse(json) as { aal?: unknown }).aal;
    return typeof aal === 'string' ? aal : null;
  } catch {
    return null;
  }
}

export function verifiedTotpFactorId(session: Session): string | null {
  return (session.user.factors ?? []).find((factor) => factor.factor_type === 'totp' && factor.status === 'verified')?.id ?? null;
}

/**
 * The step before the app: 'code' when a verified factor awaits this session's code, 'enrol' when an admin of a
 * pharmacy requiring 2FA for admins has no factor, else 'none'; undefined while the policy is still loading.
 */
export function twoFactorStep(session: Session, isAdmin: boolean, requiresTwoFactorForAdmins: boolean | undefined): TwoFactorStep | undefined {
  const hasFactor = verifiedTotpFactorId(session) !== null;
  if (hasFactor && sessionAssuranceLevel(session) !== 'aal2') return 'code';
  if (!isAdmin || hasFactor) return 'none';
  if (requiresTwoFactorForAdmins === undefined) return undefined;
  return requiresTwoFactorForAdmins ? 'enrol' : 'none';
}

