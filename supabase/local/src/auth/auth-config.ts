/**
 * The [auth] settings of supabase/config.toml the local auth service honours, as the Supabase CLI hands them
 * to GoTrue: `jwt_expiry` (GOTRUE_JWT_EXP), `minimum_password_length` (GOTRUE_PASSWORD_MIN_LENGTH),
 * `[auth.sessions] inactivity_timeout` (GOTRUE_SESSIONS_INACTIVITY_TIMEOUT, a Go duration such as "30m"),
 * `[auth.rate_limit] sign_in_sign_ups` (sign-ins and sign-ups per 5 minutes per IP address), and for the mail
 * flows `site_url` / `additional_redirect_urls` (GOTRUE_SITE_URL / GOTRUE_URI_ALLOW_LIST), `[auth.email]
 * otp_expiry` / `max_frequency` (GOTRUE_MAILER_OTP_EXP / GOTRUE_SMTP_MAX_FREQUENCY), `[auth.rate_limit]
 * email_sent` (GOTRUE_RATE_LIMIT_EMAIL_SENT, which the CLI applies only with `[auth.email.smtp]` enabled) and
 * `[auth.email.template.invite|recovery]` `subject` / `content_path` (relative to supabase/).
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
  /** Where GoTrue redirects when a redirect_to is missing or not allowed. */
  siteUrl: string;
  /** Further allowed redirect targets, globs as GoTrue matches them. */
  additionalRedirectUrls: string[];
  /** Seconds an emailed link (invite, recovery) stays valid; GoTrue's default 3600. */
  otpExpirySeconds: number;
  /** Milliseconds before the same user can be sent another recovery email. */
  emailMaxFrequencyMs: number;
  /** Emails per hour for the whole service, or 0 = unlimited (the CLI's value without a real SMTP server). */
  emailSentPerHour: number;
  /** Custom mail templates by template id; missing ones use GoTrue's defaults. */
  emailTemplates: Partial<Record<EmailTemplateId, EmailTemplateToml>>;
}

export type EmailTemplateId = 'invite' | 'recovery';

export interface EmailTemplateToml {
  subject?: string;
  /** The template's HTML, read from content_path. */
  content?: string;
}

/** The CLI template's site_url. */
const DEFAULT_SITE_URL = 'http://127.0.0.1:3000';
/** GoTrue's default GOTRUE_SMTP_MAX_FREQUENCY. */
const DEFAULT_MAX_FREQUENCY_MS = 60_000;
/** The CLI template's email_sent (used only when [auth.email.smtp] is enabled). */
const DEFAULT_EMAIL_SENT_PER_HOUR = 2;

function table(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function positiveInteger(where: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new Error(`supabase/config.toml ${where} must be a non-negative integer`);
  return value;
}

/** Reads the [auth] values from parsed config.toml. */
export function authConfigFromToml(config: Record<string, unknown>, templateBaseDir = supabaseDir): AuthConfigToml {
  const auth = table(config.auth);
  const sessions = table(auth.sessions);
  const rateLimit = table(auth.rate_limit);
  let inactivityTimeoutMs = 0;
  if (sessions.inactivity_timeout !== undefined) {
    if (typeof sessions.inactivity_timeout !== 'string') throw new Error('supabase/config.toml [auth.sessions] inactivity_timeout must be a duration such as "30m"');
    inactivityTimeoutMs = Math.max(0, parseGoDuration(sessions.inactivity_timeout));
  }
  const jwtExpiry = positiveInteger('[auth] jwt_expiry', auth.jwt_expiry, 0);
  const email = table(auth.email);
  let emailMaxFrequencyMs = DEFAULT_MAX_FREQUENCY_MS;
  if (email.max_frequency !== undefined) {
    if (typeof email.max_frequency !== 'string') throw new Error('supabase/config.toml [auth.email] max_frequency must be a duration such as "1s"');
    emailMaxFrequencyMs = Math.max(0, parseGoDuration(email.max_frequency));
  }
  const smtpEnabled = table(email.smtp).enabled === true;
  const redirectUrls = auth.additional_redirect_urls ?? [];
  if (!Array.isArray(redirectUrls) || !redirectUrls.every((entry) => typeof entry === 'string')) {
    throw new Error('supabase/config.toml [auth] additional_redirect_urls must be a list of strings');
  }
  if (auth.site_url !== undefined && typeof auth.site_url !== 'string') throw new Error('supabase/config.toml [auth] site_url must be a string');
  return {
    jwtExpiry: jwtExpiry > 0 ? jwtExpiry : undefined,
    minimumPasswordLength: positiveInteger('[auth] minimum_password_length', auth.minimum_password_length, 6),
    inactivityTimeoutMs,
    signInSignUpsPer5Minutes: positiveInteger('[auth.rate_limit] sign_in_sign_ups', rateLimit.sign_in_sign_ups, 0),
    siteUrl: (auth.site_url as string | undefined) || DEFAULT_SITE_URL,
    additionalRedirectUrls: redirectUrls as string[],
    otpExpirySeconds: positiveInteger('[auth.email] otp_expiry', email.otp_expiry, 3600) || 3600,
    emailMaxFrequencyMs,
    emailSentPerHour: smtpEnabled ? positiveInteger('[auth.rate_limit] email_sent', rateLimit.email_sent, DEFAULT_EMAIL_SENT_PER_HOUR) : 0,
    emailTemplates: emailTemplatesFromToml(table(email.template), templateBaseDir),
  };
}

/** [auth.email.template.<id>]: `subject`, and `content_path` read relative to supabase/ (as the CLI resolves it). */
function emailTemplatesFromToml(templates: Record<string, unknown>, baseDir: string): Partial<Record<EmailTemplateId, EmailTemplateToml>> {
  const result: Partial<Record<EmailTemplateId, EmailTemplateToml>> = {};
  for (const id of ['invite', 'recovery'] as const) {
    const section = table(templates[id]);
    const entry: EmailTemplateToml = {};
    if (section.subject !== undefined) {
      if (typeof section.subject !== 'string') throw new Error(`supabase/config.toml [auth.email.template.${id}] subject must be a string`);
      entry.subject = section.subject;
    }
    if (section.content_path !== undefined) {
      if (typeof section.content_path !== 'string') throw new Error(`supabase/config.toml [auth.email.template.${id}] content_path must be a string`);
      entry.content = fs.readFileSync(path.resolve(baseDir, section.content_path), 'utf8');
    }
    if (entry.subject !== undefined || entry.content !== undefined) result[id] = entry;
  }
  return result;
}

/** Reads supabase/config.toml (or `file`); a missing file gives GoTrue's defaults. */
export function loadAuthConfigToml(file = path.join(supabaseDir, 'config.toml')): AuthConfigToml {
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return authConfigFromToml(parse(text) as Record<string, unknown>, path.dirname(file));
}
