/**
 * Settings of the auth service: what GoTrue reads from its GOTRUE_* environment, derived here from the
 * stack's configuration, supabase/config.toml's [auth] sections (as the CLI passes them to GoTrue) and the
 * few auth-only variables (STACK_REFRESH_TOKEN_REUSE_INTERVAL, STACK_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS).
 */
import type { StackConfig } from '../config.ts';
import { loadMailConfig, type SmtpSettings } from '../mail/mail-config.ts';
import { loadAuthConfigToml, type AuthConfigToml } from './auth-config.ts';
import { DEFAULT_EMAIL_TEMPLATES, type EmailTemplate } from './mail-templates.ts';
import type { EmailLinkType } from './email-tokens.ts';

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
  /** GoTrue's PASSWORD_MIN_LENGTH: config.toml [auth] minimum_password_length. */
  minPasswordLength: number;
  /** GoTrue's SESSIONS_INACTIVITY_TIMEOUT in milliseconds (0 = off): no refresh after this long idle. */
  inactivityTimeoutMs: number;
  /** GoTrue's RATE_LIMIT_OTP (config.toml sign_in_sign_ups): password sign-ins and sign-ups per IP per window; 0 = off. */
  signInRateLimit: { max: number; windowMs: number };
  /**
   * GoTrue's SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD (hosted: Authentication > Email > "Require current
   * password when updating"): PUT /user must carry `current_password` to change the password. The local service
   * asks for it for an email change too (hosted GoTrue protects that with the double-confirmed email change).
   */
  requireCurrentPassword: boolean;
  /** GoTrue's SITE_URL: where emailed links lead when no allowed redirect_to is given. */
  siteUrl: string;
  /** GoTrue's URI_ALLOW_LIST (config.toml additional_redirect_urls). */
  redirectAllowList: readonly string[];
  /** GoTrue's API_EXTERNAL_URL for the auth API (<api url>/auth/v1): emailed links point at its /verify. */
  authExternalUrl: string;
  /** GoTrue's MAILER_OTP_EXP: seconds an emailed link stays valid. */
  otpExpirySeconds: number;
  /** GoTrue's SMTP_MAX_FREQUENCY: milliseconds before a user can be sent another recovery mail. */
  emailMaxFrequencyMs: number;
  /** GoTrue's RATE_LIMIT_EMAIL_SENT: mails per hour for the whole service; 0 = off. */
  emailRateLimit: { max: number; windowMs: number };
  /** The SMTP server mail goes to (GOTRUE_SMTP_*), or null: mail is dropped. */
  smtp: SmtpSettings | null;
  emailTemplates: Readonly<Record<EmailLinkType, EmailTemplate>>;
}

/** A template of config.toml over GoTrue's default, key by key. */
function emailTemplate(toml: AuthConfigToml, id: EmailLinkType): EmailTemplate {
  const custom = toml.emailTemplates[id];
  return { subject: custom?.subject ?? DEFAULT_EMAIL_TEMPLATES[id].subject, html: custom?.content ?? DEFAULT_EMAIL_TEMPLATES[id].html };
}

function nonNegativeSeconds(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number of seconds, got "${raw}"`);
  return value;
}

/** GoTrue's rate limits of sign_in_sign_ups count per 5 minutes. */
const SIGN_IN_RATE_WINDOW_MS = 5 * 60_000;
/** email_sent counts per hour. */
const EMAIL_RATE_WINDOW_MS = 60 * 60_000;

export function authSettings(
  config: StackConfig,
  env: NodeJS.ProcessEnv = process.env,
  toml: AuthConfigToml = loadAuthConfigToml(),
  smtp: SmtpSettings | null = loadMailConfig(config).smtp,
): AuthSettings {
  const signInLimit = env.STACK_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS
    ? nonNegativeSeconds('STACK_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS', env.STACK_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS, 0)
    : toml.signInSignUpsPer5Minutes;
  return {
    jwtSecret: config.jwtSecret,
    // STACK_JWT_EXPIRY (tests) wins over config.toml's jwt_expiry.
    jwtExpiry: env.STACK_JWT_EXPIRY ? config.jwtExpiry : (toml.jwtExpiry ?? config.jwtExpiry),
    issuer: `${config.apiUrl}/auth/v1`,
    audience: 'authenticated',
    defaultRole: 'authenticated',
    adminRoles: ['service_role', 'supabase_admin'],
    enableSignup: config.enableSignup,
    refreshTokenReuseInterval: nonNegativeSeconds('STACK_REFRESH_TOKEN_REUSE_INTERVAL', env.STACK_REFRESH_TOKEN_REUSE_INTERVAL, 10),
    minPasswordLength: toml.minimumPasswordLength,
    inactivityTimeoutMs: toml.inactivityTimeoutMs,
    signInRateLimit: { max: signInLimit, windowMs: SIGN_IN_RATE_WINDOW_MS },
    requireCurrentPassword: true,
    siteUrl: toml.siteUrl,
    redirectAllowList: toml.additionalRedirectUrls,
    authExternalUrl: `${config.apiUrl}/auth/v1`,
    otpExpirySeconds: toml.otpExpirySeconds,
    emailMaxFrequencyMs: toml.emailMaxFrequencyMs,
    emailRateLimit: { max: toml.emailSentPerHour, windowMs: EMAIL_RATE_WINDOW_MS },
    smtp,
    emailTemplates: { invite: emailTemplate(toml, 'invite'), recovery: emailTemplate(toml, 'recovery') },
  };
}
