/**
 * Which two-factor step the app shows before opening (web/src/features/auth/two-factor-step.ts): the code when a
 * verified factor awaits this session's code (aal1), the enrolment for an admin without a factor when the pharmacy
 * requires 2FA for admins, otherwise none; the level is read from the access token as auth-js does.
 */
import type { Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { sessionAssuranceLevel, twoFactorStep, verifiedTotpFactorId } from '../../web/src/features/auth/two-factor-step.ts';

function token(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

function session(aal: string | undefined, factors: Array<{ id: string; status: string }> = []): Session {
  return {
    access_token: token({ sub: 'u', ...(aal ? { aal } : {}), name: 'Zoë ✓' }),
    user: { id: 'u', factors: factors.map((factor) => ({ ...factor, factor_type: 'totp' })) },
  } as unknown as Session;
}

const VERIFIED = [{ id: 'f1', status: 'verified' }];
const UNVERIFIED = [{ id: 'f0', status: 'unverified' }];

describe('two-factor step before the app', () => {
  it("reads the access token's aal claim (base64url payload), null when absent or unreadable", () => {
    expect(sessionAssuranceLevel(session('aal2'))).toBe('aal2');
    expect(sessionAssuranceLevel(session(undefined))).toBeNull();
    expect(sessionAssuranceLevel({ access_token: 'not-a-token' } as Session)).toBeNull();
  });

  it('asks for the code when a verified factor awaits it, whatever the role and the policy', () => {
    expect(twoFactorStep(session('aal1', VERIFIED), false, undefined)).toBe('code');
    expect(twoFactorStep(session('aal1', VERIFIED), true, false)).toBe('code');
    expect(verifiedTotpFactorId(session('aal1', [...UNVERIFIED, ...VERIFIED]))).toBe('f1');
  });

  it('opens the app once the session is aal2, and for staff without a factor', () => {
    expect(twoFactorStep(session('aal2', VERIFIED), true, true)).toBe('none');
    expect(twoFactorStep(session('aal1', UNVERIFIED), false, undefined)).toBe('none');
    expect(twoFactorStep(session('aal1'), true, false)).toBe('none');
  });

  it('sends an admin without a verified factor to enrol only when the pharmacy requires it (unknown while loading)', () => {
    expect(twoFactorStep(session('aal1', UNVERIFIED), true, true)).toBe('enrol');
    expect(twoFactorStep(session('aal1'), true, undefined)).toBeUndefined();
  });
});
