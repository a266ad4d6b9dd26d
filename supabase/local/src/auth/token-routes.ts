/**
 * POST /token: the password grant (sign-in) and the refresh_token grant, with GoTrue's checks in
 * GoTrue's order and its AccessTokenResponse.
 */
import { withTransaction, type Queryable } from './db.ts';
import { badRequest, oauthError, unprocessable } from './errors.ts';
import { clientIp, optionalString, readJsonObject, sendJson, userAgent, type AuthRequest } from './http.ts';
import { verifyPasswordSignIn } from './password-sign-in.ts';
import { passwordStrengthError } from './passwords.ts';
import type { RouteContext } from './route-context.ts';
import { loadFactors } from './factors.ts';
import { loadSessionAssurance } from './session-assurance.ts';
import { refreshSession, startSession, type ClientInfo, type IssuedSession } from './sessions.ts';
import type { AuthSettings } from './settings.ts';
import { issueAccessToken, tokenResponse } from './tokens.ts';
import { findUserByEmail, isBanned, loadIdentities } from './users.ts';

export function clientInfo(req: AuthRequest): ClientInfo {
  return { ip: clientIp(req), userAgent: userAgent(req) };
}

/** The AccessTokenResponse for an issued session: its aal and amr come from the session's amr claims. */
export async function sessionResponse(db: Queryable, settings: AuthSettings, issued: IssuedSession): Promise<Record<string, unknown>> {
  const identities = (await loadIdentities(db, [issued.user.id])).get(issued.user.id) ?? [];
  // The user's factors ride along: auth-js's getAuthenticatorAssuranceLevel() reads session.user.factors.
  const factors = (await loadFactors(db, [issued.user.id])).get(issued.user.id) ?? [];
  const assurance = await loadSessionAssurance(db, issued.sessionId);
  const accessToken = issueAccessToken(settings, issued.user, { sessionId: issued.sessionId, ...assurance });
  return tokenResponse(settings, accessToken, issued.refreshToken, issued.user, identities, factors);
}

export async function token(context: RouteContext): Promise<void> {
  const grantType = context.req.query.get('grant_type');
  if (grantType === 'password') {
    context.limits.signIn.take(clientIp(context.req) ?? 'unknown');
    return passwordGrant(context);
  }
  if (grantType === 'refresh_token') return refreshTokenGrant(context);
  throw badRequest('invalid_credentials', 'unsupported_grant_type');
}

async function passwordGrant({ req, res, pool, settings }: RouteContext): Promise<void> {
  const body = await readJsonObject(req);
  const email = optionalString(body, 'email') ?? '';
  const phone = optionalString(body, 'phone') ?? '';
  const password = optionalString(body, 'password') ?? '';
  if (email && phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.');
  if (phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (!email) throw badRequest('validation_failed', 'missing email or phone');

  const user = await findUserByEmail(pool, email, settings.audience);
  await verifyPasswordSignIn(pool, user, password, clientIp(req));
  // After the password check (GoTrue checks the ban first): a wrong password never tells that an account is
  // banned, e.g. deactivated staff, whose right password gets the hook's deactivation message instead.
  if (isBanned(user!)) throw badRequest('user_banned', 'User is banned');
  if (!user!.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const response = await withTransaction(pool, async (db) => sessionResponse(db, settings, await startSession(db, user!, clientInfo(req))));
  // GoTrue signs the user in but warns when the password no longer meets the policy.
  const weakness = passwordStrengthError(password, settings.minPasswordLength);
  if (weakness?.code === 'weak_password') {
    response.weak_password = { message: weakness.message, reasons: (weakness.extra.weak_password as { reasons: string[] }).reasons };
  }
  sendJson(res, req, 200, response);
}

async function refreshTokenGrant({ req, res, pool, settings }: RouteContext): Promise<void> {
  const body = await readJsonObject(req);
  const presented = optionalString(body, 'refresh_token') ?? '';
  if (!presented) throw oauthError('invalid_request', 'refresh_token required');
  const issued = await refreshSession(
    pool,
    presented,
    { reuseIntervalSeconds: settings.refreshTokenReuseInterval, inactivityTimeoutMs: settings.inactivityTimeoutMs },
    clientInfo(req),
  );
  sendJson(res, req, 200, await sessionResponse(pool, settings, issued));
}
