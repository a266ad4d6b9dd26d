/**
 * The auth service's hardening rules that need no stack: JWTs without exp are refused, an unknown email
 * costs the same bcrypt comparison as a known one, the per-IP sign-in limiter, and the [auth] values read
 * from config.toml.
 */
import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authConfigFromToml, loadAuthConfigToml } from '../../supabase/local/src/auth/auth-config.ts';
import { AuthHttpError } from '../../supabase/local/src/auth/errors.ts';
import { verifyPasswordSignIn } from '../../supabase/local/src/auth/password-sign-in.ts';
import { hashPassword, passwordMatches } from '../../supabase/local/src/auth/passwords.ts';
import { RateLimiter } from '../../supabase/local/src/auth/rate-limit.ts';
import { DEFAULT_JWT_SECRET } from '../../supabase/local/src/config.ts';
import { JwtError, signJwt, verifyJwt } from '../../supabase/local/src/jwt.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('JWT verification', () => {
  it('refuses a correctly signed token without exp, or with a non-numeric one', () => {
    const forever = signJwt({ sub: 'abc', role: 'service_role' }, DEFAULT_JWT_SECRET);
    expect(() => verifyJwt(forever, DEFAULT_JWT_SECRET)).toThrow(JwtError);
    expect(() => verifyJwt(forever, DEFAULT_JWT_SECRET)).toThrow('token has no expiry (exp claim)');
    const stringExp = signJwt({ sub: 'abc', role: 'anon', exp: '9999999999' } as never, DEFAULT_JWT_SECRET);
    expect(() => verifyJwt(stringExp, DEFAULT_JWT_SECRET)).toThrow('token has no expiry (exp claim)');
    expect(verifyJwt(signJwt({ sub: 'abc', exp: 2000 }, DEFAULT_JWT_SECRET), DEFAULT_JWT_SECRET, 1000)).toMatchObject({ sub: 'abc' });
  });
});

describe('password checks', () => {
  it('runs a bcrypt comparison for an unknown email (no user) before answering as for a wrong password', async () => {
    const compare = vi.spyOn(bcrypt, 'compare');
    const noPool = {} as never;
    const refusal = await verifyPasswordSignIn(noPool, null, 'any-password', '203.0.113.1').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AuthHttpError);
    expect(refusal).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect(compare).toHaveBeenCalledTimes(1);
    expect(compare.mock.calls[0]?.[1]).toMatch(/^\$2[ab]\$10\$/);
  });

  it('compares against a dummy hash when the stored one is missing or malformed, and never matches it', async () => {
    const compare = vi.spyOn(bcrypt, 'compare');
    expect(await passwordMatches(null, 'x')).toBe(false);
    expect(await passwordMatches('not-a-bcrypt-hash', 'x')).toBe(false);
    expect(compare).toHaveBeenCalledTimes(2);
    expect(await passwordMatches(await hashPassword('right-one'), 'right-one')).toBe(true);
  });
});

describe('sign-in rate limiter', () => {
  it('allows max requests per window per key, then answers 429 over_request_rate_limit until the window moves on', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 1000, () => now);
    limiter.take('198.51.100.1');
    limiter.take('198.51.100.1');
    expect(() => limiter.take('198.51.100.1')).toThrow(expect.objectContaining({ status: 429, code: 'over_request_rate_limit' }));
    limiter.take('198.51.100.2');
    now = 1001;
    expect(() => limiter.take('198.51.100.1')).not.toThrow();
  });

  it('never limits with a maximum of 0 (the key absent from config.toml)', () => {
    const limiter = new RateLimiter(0, 1000);
    for (let i = 0; i < 100; i++) limiter.take('198.51.100.1');
  });
});

describe('config.toml [auth]', () => {
  it('gives the password minimum, inactivity timeout, sign-in limit and JWT expiry of the project', () => {
    expect(loadAuthConfigToml()).toEqual({
      jwtExpiry: 900,
      minimumPasswordLength: 8,
      inactivityTimeoutMs: 30 * 60_000,
      signInSignUpsPer5Minutes: 30,
      siteUrl: 'http://127.0.0.1:5173',
      additionalRedirectUrls: ['http://127.0.0.1:5173', 'http://localhost:5173'],
      otpExpirySeconds: 3600,
      emailMaxFrequencyMs: 1000,
      emailSentPerHour: 0,
      emailTemplates: {},
    });
  });

  it("falls back to GoTrue's defaults and refuses malformed values", () => {
    expect(authConfigFromToml({})).toEqual({
      jwtExpiry: undefined,
      minimumPasswordLength: 6,
      inactivityTimeoutMs: 0,
      signInSignUpsPer5Minutes: 0,
      siteUrl: 'http://127.0.0.1:3000',
      additionalRedirectUrls: [],
      otpExpirySeconds: 3600,
      emailMaxFrequencyMs: 60_000,
      emailSentPerHour: 0,
      emailTemplates: {},
    });
    expect(() => authConfigFromToml({ auth: { additional_redirect_urls: 'http://x' } })).toThrow('additional_redirect_urls');
    expect(() => authConfigFromToml({ auth: { email: { max_frequency: 1 } } })).toThrow('max_frequency');
    expect(() => authConfigFromToml({ auth: { sessions: { inactivity_timeout: 30 } } })).toThrow('inactivity_timeout');
    expect(() => authConfigFromToml({ auth: { minimum_password_length: '8' } })).toThrow('minimum_password_length');
    expect(() => authConfigFromToml({ auth: { sessions: { inactivity_timeout: 'soon' } } })).toThrow('invalid duration');
  });
});
