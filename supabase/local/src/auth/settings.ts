/**
 * Settings of the auth service: what GoTrue reads from its GOTRUE_* environment, derived here from the
 * stack's configuration plus the few auth-only variables (STACK_REFRESH_TOKEN_REUSE_INTERVAL).
 */
import type { StackConfig } from '../config.ts';

export interface AuthSettings {
  jwtSecret: string;
  /** Access-token lifetime in seconds (GoTrue's JWT_EXP). */
  jwtExpiry: number;
  /** `iss` of issued access tokens: the public URL of the auth API. */
  issuer: string;
  /** The audience users are created in and tokens are issued for (GoTrue's JWT_AUD). */
  audience: string;
  /** The role new users get (GoTrue's JWT_DEFAULT_GROUP_NAME). */
  defaultRole: string;
  /** Roles that may call /admin (GoTrue's JWT_ADMIN_ROLES). */
  adminRoles: readonly string[];
  enableSignup: boolean;
  /** Seconds during which a rotated refresh token may still be exchanged (GoTrue default 10). */
  refreshTokenReuseInterval: number;
  /** GoTrue's PASSWORD_MIN_LENGTH (6 by default). */
  minPasswordLength: number;
}

function nonNegativeSeconds(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number of seconds, got "${raw}"`);
  return value;
}

export function authSettings(config: StackConfig, env: NodeJS.ProcessEnv = process.env): AuthSettings {
  return {
    jwtSecret: config.jwtSecret,
    jwtExpiry: config.jwtExpiry,
    issuer: `${config.apiUrl}/auth/v1`,
    audience: 'authenticated',
    defaultRole: 'authenticated',
    adminRoles: ['service_role', 'supabase_admin'],
    enableSignup: config.enableSignup,
    refreshTokenReuseInterval: nonNegativeSeconds('STACK_REFRESH_TOKEN_REUSE_INTERVAL', env.STACK_REFRESH_TOKEN_REUSE_INTERVAL, 10),
    minPasswordLength: 6,
  };
}
