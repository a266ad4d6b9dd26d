/**
 * The [auth] settings of supabase/config.toml the local auth service honours, as the Supabase CLI hands them
 * to GoTrue: `jwt_expiry` (GOTRUE_JWT_EXP), `minimum_password_length` (GOTRUE_PASSWORD_MIN_LENGTH),
 * `[auth.sessions] inactivity_timeout` (GOTRUE_SESSIONS_INACTIVITY_TIMEOUT, a Go duration such as "30m"),
 * `[auth.rate_limit] sign_in_sign_ups` (sign-ins and sign-ups per 5 minutes per IP address) and
 * `[auth.mfa] max_enrolled_factors`, `[auth.mfa.totp] enroll_enabled / verify_enabled` (GOTRUE_MFA_*; the CLI's
 * template turns TOTP off, and so does an absent section here, as the CLI's defaults do).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { supabaseDir } from '../config.ts';
import { parseGoDuration } from './go-duration.ts';

export interface AuthConfigToml {
  /** Access-token lifetime in seconds, when set. */
  jwtExpiry: number | undefined;
  /** GoTrue's default is 6 when the key is absent. */
  minimumPasswordLength: number;
  /** Milliseconds without a refresh after which a session's refresh token is refused; 0 = off. */
  inactivityTimeoutMs: number;
  /** Password sign-ins and sign-ups per 5 minutes per client IP; 0 = unlimited (the key absent). */
  signInSignUpsPer5Minutes: number;
  mfa: MfaConfigToml;
  /** [auth] site_url (GOTRUE_SITE_URL); the CLI's default when absent. */
  siteUrl: string;
}

export interface MfaConfigToml {
  /** GOTRUE_MFA_MAX_ENROLLED_FACTORS: factors (verified or not) one user may hold; GoTrue's default 10. */
  maxEnrolledFactors: number;
  totpEnrollEnabled: boolean;
  totpVerifyEnabled: boolean;
}

function flag(where: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new Error(`supabase/config.toml ${where} must be true or false`);
  return value;
}

function table(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function positiveInteger(where: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new Error(`supabase/config.toml ${where} must be a non-negative integer`);
  return value;
}

/** Reads the [auth] values from parsed config.toml. */
export function authConfigFromToml(config: Record<string, unknown>): AuthConfigToml {
  const auth = table(config.auth);
  const sessions = table(auth.sessions);
  const rateLimit = table(auth.rate_limit);
  const mfa = table(auth.mfa);
  const totp = table(mfa.totp);
  let inactivityTimeoutMs = 0;
  if (sessions.inactivity_timeout !== undefined) {
    if (typeof sessions.inactivity_timeout !== 'string') throw new Error('supabase/config.toml [auth.sessions] inactivity_timeout must be a duration such as "30m"');
    inactivityTimeoutMs = Math.max(0, parseGoDuration(sessions.inactivity_timeout));
  }
  const jwtExpiry = positiveInteger('[auth] jwt_expiry', auth.jwt_expiry, 0);
  return {
    jwtExpiry: jwtExpiry > 0 ? jwtExpiry : undefined,
    minimumPasswordLength: positiveInteger('[auth] minimum_password_length', auth.minimum_password_length, 6),
    inactivityTimeoutMs,
    signInSignUpsPer5Minutes: positiveInteger('[auth.rate_limit] sign_in_sign_ups', rateLimit.sign_in_sign_ups, 0),
    siteUrl: typeof auth.site_url === 'string' && auth.site_url ? auth.site_url : 'http://127.0.0.1:3000',
    mfa: {
      maxEnrolledFactors: positiveInteger('[auth.mfa] max_enrolled_factors', mfa.max_enrolled_factors, 10),
      totpEnrollEnabled: flag('[auth.mfa.totp] enroll_enabled', totp.enroll_enabled),
      totpVerifyEnabled: flag('[auth.mfa.totp] verify_enabled', totp.verify_enabled),
    },
  };
}

/** Reads supabase/config.toml (or `file`); a missing file gives GoTrue's defaults. */
export function loadAuthConfigToml(file = path.join(supabaseDir, 'config.toml')): AuthConfigToml {
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return authConfigFromToml(parse(text) as Record<string, unknown>);
}
