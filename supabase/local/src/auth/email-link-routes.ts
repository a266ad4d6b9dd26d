/**
 * The routes that email a link: POST /invite (admin only: auth.admin.inviteUserByEmail) and POST /recover
 * (auth.resetPasswordForEmail), with GoTrue's checks and answers; POST /admin/generate_link answers the link
 * instead of mailing it. The token is stored and the mail sent in one
 * transaction: a mail the SMTP server refuses leaves no token (and no invited user) behind.
 */
import { recordAuthAudit } from './audit.ts';
import { withTransaction, type Queryable } from './db.ts';
import { AuthHttpError, badRequest, DUPLICATE_EMAIL_MESSAGE, notFound, unprocessable } from './errors.ts';
import { newTokenHash, storeEmailToken, type EmailLinkType } from './email-tokens.ts';
import { clientIp, optionalObject, optionalString, readJsonObject, sendJson, type JsonObject } from './http.ts';
import { confirmationUrl, renderEmail } from './mail-templates.ts';
import { requestRedirect } from './redirect-urls.ts';
import { requireAdmin } from './request-auth.ts';
import type { RouteContext } from './route-context.ts';
import { findUserByEmail, insertUser, userJson, validateEmail, type UserRow } from './users.ts';

interface IssuedLink {
  user: UserRow;
  tokenHash: string;
  /** {{ .ConfirmationURL }}: the link itself. */
  url: string;
}

/** Stores a fresh token for `user` (replacing any earlier link of that kind) and builds its link. */
async function issueLink(db: Queryable, context: RouteContext, user: UserRow, type: EmailLinkType, redirectTo: string): Promise<IssuedLink> {
  const tokenHash = newTokenHash(user.email ?? '');
  const saved = await storeEmailToken(db, user.id, type, tokenHash);
  return { user: saved, tokenHash, url: confirmationUrl(context.settings.authExternalUrl, tokenHash, type, redirectTo) };
}

/** Issues a link and mails it; throws (rolling the caller's transaction back) when sending fails. */
async function mailLink(db: Queryable, context: RouteContext, user: UserRow, type: EmailLinkType, redirectTo: string): Promise<UserRow> {
  const { settings, mailer } = context;
  const link = await issueLink(db, context, user, type, redirectTo);
  const rendered = renderEmail(settings.emailTemplates[type], {
    ConfirmationURL: link.url,
    SiteURL: settings.siteUrl,
    Email: link.user.email ?? '',
    TokenHash: link.tokenHash,
    RedirectTo: redirectTo,
    Data: (link.user.raw_user_meta_data ?? {}) as JsonObject,
  });
  await mailer.send(link.user.email ?? '', rendered);
  return link.user;
}

function redirectPolicy(context: RouteContext) {
  return { siteUrl: context.settings.siteUrl, allowList: context.settings.redirectAllowList };
}

/** The user an invitation is for: a new one, or one who has not accepted an earlier invitation; never a confirmed one. */
async function inviteeFor(db: Queryable, settings: RouteContext['settings'], email: string, data: JsonObject): Promise<UserRow> {
  const existing = await findUserByEmail(db, email, settings.audience);
  if (existing?.email_confirmed_at) throw unprocessable('email_exists', DUPLICATE_EMAIL_MESSAGE);
  return (
    existing ??
    insertUser(db, {
      email,
      phone: null,
      // GoTrue leaves an invited user without a password: no password sign-in works until one is set.
      passwordHash: '',
      aud: settings.audience,
      role: settings.defaultRole,
      appMetadata: { provider: 'email', providers: ['email'] },
      userMetadata: data,
      emailConfirmed: false,
      phoneConfirmed: false,
      bannedForMs: null,
    })
  );
}

/**
 * POST /invite {email, data}: a new user (no password, `data` as user_metadata, an email identity) or a still
 * unconfirmed one is (re)invited; a confirmed user is 422 email_exists. Answers the user.
 */
export async function invite(context: RouteContext): Promise<void> {
  const { req, res, pool, settings } = context;
  requireAdmin(req, settings);
  const body = await readJsonObject(req);
  const email = validateEmail(optionalString(body, 'email'));
  const data = optionalObject(body, 'data') ?? {};
  const redirectTo = requestRedirect(req, redirectPolicy(context));

  const invited = await withTransaction(pool, async (db) => {
    const user = await inviteeFor(db, settings, email, data);
    await recordAuthAudit(db, null, 'user_invited', clientIp(req), { user_id: user.id, user_email: email });
    try {
      return await mailLink(db, context, user, 'invite', redirectTo);
    } catch (error) {
      throw mailFailure('Error inviting user', error, context);
    }
  });
  sendJson(res, req, 200, await userJson(pool, invited));
}

/** One mail off the service's hourly budget; GoTrue's own 429 when it is spent. */
function takeEmailBudget(limiter: RouteContext['limits']['emailSent']): void {
  try {
    limiter.take('service');
  } catch {
    throw new AuthHttpError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
  }
}

function mailFailure(message: string, error: unknown, context: RouteContext): AuthHttpError {
  if (error instanceof AuthHttpError) return error;
  context.log(`[auth] sending mail failed: ${error instanceof Error ? error.message : String(error)}`);
  return new AuthHttpError(500, 'unexpected_failure', message);
}

/**
 * POST /recover {email}: mails a recovery link when the address belongs to a user; the answer is 200 {} either
 * way, so it never tells whether an account exists. A repeat within [auth.email] max_frequency is 429, and the
 * service's mail budget ([auth.rate_limit] email_sent, with a real SMTP server) is 429 when spent.
 */
export async function recover(context: RouteContext): Promise<void> {
  const { req, res, pool, settings, limits } = context;
  const body = await readJsonObject(req);
  const emailParam = optionalString(body, 'email');
  if (!emailParam) throw unprocessable('validation_failed', 'Password recovery requires an email');
  const email = validateEmail(emailParam);
  const redirectTo = requestRedirect(req, redirectPolicy(context));

  await withTransaction(pool, async (db) => {
    const found = await findUserByEmail(db, email, settings.audience);
    if (!found || found.deleted_at) return;
    const user = (await db.query<UserRow & { wait_ms: number }>(
      `select recovery_sent_at, greatest(0, extract(epoch from recovery_sent_at + make_interval(secs => $2::float8 / 1000) - now()) * 1000)::float8 as wait_ms
         from auth.users where id = $1 for update`,
      [found.id, settings.emailMaxFrequencyMs],
    )).rows[0];
    if (user?.recovery_sent_at && user.wait_ms > 0) {
      throw new AuthHttpError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.ceil(user.wait_ms / 1000)} seconds.`);
    }
    takeEmailBudget(limits.emailSent);
    await recordAuthAudit(db, found, 'user_recovery_requested', clientIp(req));
    try {
      await mailLink(db, context, found, 'recovery', redirectTo);
    } catch (error) {
      throw mailFailure('Error recovering user', error, context);
    }
  });
  sendJson(res, req, 200, {});
}


/**
 * POST /admin/generate_link {type, email, data} (auth.admin.generateLink): the link of an invite or a recovery,
 * answered instead of mailed, with GoTrue's fields (action_link, email_otp, hashed_token, redirect_to,
 * verification_type) beside the user's. Admin only. No code is mailable locally, so email_otp is empty.
 */
export async function generateLink(context: RouteContext): Promise<void> {
  const { req, res, pool, settings } = context;
  requireAdmin(req, settings);
  const body = await readJsonObject(req);
  const type = optionalString(body, 'type') ?? '';
  const email = validateEmail(optionalString(body, 'email'));
  const data = optionalObject(body, 'data') ?? {};
  if (type !== 'invite' && type !== 'recovery') throw badRequest('validation_failed', 'Invalid generate link type: only invite and recovery are supported locally');
  const redirectTo = requestRedirect(req, redirectPolicy(context));

  const link = await withTransaction(pool, async (db) => {
    const user = type === 'invite' ? await inviteeFor(db, settings, email, data) : await findUserByEmail(db, email, settings.audience);
    if (!user) throw notFound('user_not_found', 'User with this email not found');
    return issueLink(db, context, user, type, redirectTo);
  });
  sendJson(res, req, 200, {
    ...(await userJson(pool, link.user)),
    action_link: link.url,
    email_otp: '',
    hashed_token: link.tokenHash,
    redirect_to: redirectTo,
    verification_type: type,
  });
}
