/**
 * GET /verify (the emailed link) and POST /verify (supabase-js verifyOtp({token_hash, type})): the link's token
 * is taken (single use, within otp_expiry) and the user signed in, as GoTrue's verify does.
 *  - GET answers 303 to the allowed redirect_to (else SITE_URL) with the session in the fragment —
 *    `#access_token=…&expires_at=…&expires_in=…&refresh_token=…&sb=&token_type=bearer&type=invite|recovery`, which
 *    supabase-js (detectSessionInUrl) picks up, emitting PASSWORD_RECOVERY for a recovery link — or, on failure,
 *    `#error=access_denied&error_code=otp_expired&error_description=…&sb=`.
 *  - POST answers the session JSON, or GoTrue's error.
 * A recovery session is recorded (auth.mfa_amr_claims) so that its password change needs no current password.
 */
import { recordAmrClaim } from './amr-claims.ts';
import { withTransaction } from './db.ts';
import { consumeEmailToken, isVerifyType, type VerifyType } from './email-tokens.ts';
import { AuthHttpError, badRequest, forbidden } from './errors.ts';
import { optionalString, readJsonObject, sendJson, type AuthRequest } from './http.ts';
import { requestRedirect } from './redirect-urls.ts';
import type { RouteContext } from './route-context.ts';
import { startSession } from './sessions.ts';
import { clientInfo, sessionResponse } from './token-routes.ts';
import { isBanned } from './users.ts';

/** Takes the token and opens a session: the AccessTokenResponse, or the error GoTrue gives. */
async function verifyAndSignIn(context: RouteContext, req: AuthRequest, type: VerifyType, tokenHash: string, expiredMessage: string) {
  const { pool, settings } = context;
  return withTransaction(pool, async (db) => {
    const consumed = await consumeEmailToken(db, type, tokenHash, settings.otpExpirySeconds);
    if (!consumed) throw forbidden('otp_expired', expiredMessage);
    if (isBanned(consumed.user)) throw forbidden('user_banned', 'User is banned');
    const issued = await startSession(db, consumed.user, clientInfo(req));
    await recordAmrClaim(db, issued.sessionId, consumed.kind === 'recovery' ? 'recovery' : 'invite');
    return sessionResponse(db, settings, issued);
  });
}

function redirect(context: RouteContext, location: string): void {
  context.res.writeHead(303, { location, 'cache-control': 'no-store', 'content-length': '0' });
  context.res.end();
}

/** The target without a fragment of its own, then ours (GoTrue replaces the fragment). */
function withFragment(target: string, fragment: URLSearchParams): string {
  fragment.sort();
  return `${target.split('#')[0]}#${fragment.toString()}`;
}

/** GoTrue's error redirect: error is access_denied for a 403, invalid_request for a 4xx, server_error otherwise. */
function errorFragment(error: AuthHttpError): URLSearchParams {
  const kind = error.status === 403 ? 'access_denied' : error.status < 500 ? 'invalid_request' : 'server_error';
  return new URLSearchParams({ error: kind, error_code: error.code, error_description: error.message, sb: '' });
}

export async function verifyLink(context: RouteContext): Promise<void> {
  const { req } = context;
  const target = requestRedirect(req, { siteUrl: context.settings.siteUrl, allowList: context.settings.redirectAllowList });
  // A HEAD (link checkers, mail scanners) must not spend the single-use token: it learns only where GET would go.
  if (req.method === 'HEAD') return redirect(context, target);
  const type = req.query.get('type') ?? '';
  const token = req.query.get('token') ?? '';
  try {
    if (!token) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
    if (!isVerifyType(type)) throw badRequest('validation_failed', 'Unsupported verification type');
    const session = await verifyAndSignIn(context, req, type, token, 'Email link is invalid or has expired');
    const fragment = new URLSearchParams({
      access_token: String(session.access_token),
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: String(session.refresh_token),
      sb: '',
      token_type: 'bearer',
      type,
    });
    redirect(context, withFragment(target, fragment));
  } catch (error) {
    if (!(error instanceof AuthHttpError)) {
      context.log(`[auth] GET /verify failed: ${error instanceof Error ? error.message : String(error)}`);
      redirect(context, withFragment(target, errorFragment(new AuthHttpError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'))));
      return;
    }
    redirect(context, withFragment(target, errorFragment(error)));
  }
}

export async function verifyTokenHash(context: RouteContext): Promise<void> {
  const { req, res } = context;
  const body = await readJsonObject(req);
  const type = optionalString(body, 'type') ?? '';
  const tokenHash = optionalString(body, 'token_hash') ?? '';
  const token = optionalString(body, 'token') ?? '';
  if (!tokenHash && !token) throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  if (!isVerifyType(type)) throw badRequest('validation_failed', 'Unsupported verification type');
  if (tokenHash && (optionalString(body, 'email') || optionalString(body, 'phone') || optionalString(body, 'redirect_to'))) {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }
  // A mailed code (`token` with an email) is never issued locally (email-tokens.ts): it matches nothing.
  if (!tokenHash) throw forbidden('otp_expired', 'Token has expired or is invalid');
  sendJson(res, req, 200, await verifyAndSignIn(context, req, type, tokenHash, 'Token has expired or is invalid'));
}
