/**
 * GoTrue's MFA API for TOTP factors (internal/api/mfa.go), as auth-js's mfa.enroll / challenge / verify /
 * unenroll call it: POST /factors, POST /factors/{id}/challenge, POST /factors/{id}/verify, DELETE /factors/{id}.
 * Every route needs a user's access token whose session still exists. Verifying a challenge with the right code
 * raises the session to aal2 (amr totp), verifies the factor, ends the user's other aal1 sessions and hands out a
 * new session response whose refresh token is the only one left for the session.
 *
 * One addition to GoTrue: a code is accepted at most once per factor (RFC 6238 §5.2): a verification whose code
 * belongs to a time step at or before the factor's last accepted one is refused like a wrong code.
 */
import { recordAuthAudit } from './audit.ts';
import { withTransaction, type Queryable } from './db.ts';
import { AuthHttpError, badRequest, forbidden, notFound, unprocessable } from './errors.ts';
import {
  deleteExpiredFactors,
  findChallenge,
  findOwnedFactor,
  insertChallenge,
  insertTotpFactor,
  lastAcceptedStep,
  loadFactors,
  markChallengeVerified,
  markFactorVerified,
  type FactorRow,
} from './factors.ts';
import { clientIp, optionalString, readJsonObject, readOptionalJsonObject, sendJson, type AuthRequest } from './http.ts';
import { requireUser, type AuthenticatedUser } from './request-auth.ts';
import type { RouteContext } from './route-context.ts';
import { downgradeFactorSessions, raiseSessionToAal2, sessionIsAal2 } from './session-assurance.ts';
import type { AuthSettings } from './settings.ts';
import { replaceSessionRefreshTokens } from './sessions.ts';
import { sessionResponse } from './token-routes.ts';
import { matchTotpStep, newTotpSecret, otpauthUri, qrCodeSvg } from './totp.ts';
import { findUserById, isUuid, type UserRow } from './users.ts';

const FACTOR_TYPES_MESSAGE = 'factor_type needs to be totp, phone, or webauthn';

/** GoTrue's requireAuthentication + requireNotAnonymous, and the session every factor route needs. */
async function requireSessionUser(context: RouteContext): Promise<AuthenticatedUser & { sessionId: string }> {
  const caller = await requireUser(context.pool, context.req, context.settings);
  if (caller.user.is_anonymous) throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
  if (!caller.sessionId) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  return { ...caller, sessionId: caller.sessionId };
}

/** GoTrue's loadFactor: the path's factor, owned by the caller. */
async function loadFactor(db: Queryable, user: UserRow, factorId: string | undefined, forUpdate = false): Promise<FactorRow> {
  if (!factorId || !isUuid(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const factor = await findOwnedFactor(db, user.id, factorId.toLowerCase(), { forUpdate });
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

/** Only TOTP is offered; phone and WebAuthn are answered as a project with them switched off. */
function requireTotpEnabled(factorType: string, settings: AuthSettings, action: 'enroll' | 'verify'): void {
  const names: Record<string, string> = { phone: 'Phone', webauthn: 'WebAuthn', totp: 'TOTP' };
  const name = names[factorType];
  if (!name) throw badRequest('validation_failed', FACTOR_TYPES_MESSAGE);
  const enabled = factorType === 'totp' && (action === 'enroll' ? settings.mfa.totpEnrollEnabled : settings.mfa.totpVerifyEnabled);
  if (!enabled) {
    const message = action === 'enroll' ? `MFA enroll is disabled for ${name}` : `MFA verification is disabled for ${name}`;
    throw unprocessable(`mfa_${factorType}_${action}_not_enabled`, message);
  }
}

function requestIp(req: AuthRequest): string {
  return clientIp(req) ?? '0.0.0.0';
}

/** The issuer shown in authenticator apps when the client names none: the host of SITE_URL, as GoTrue. */
function defaultIssuer(settings: AuthSettings): string {
  try {
    return new URL(settings.siteUrl).host;
  } catch {
    throw new AuthHttpError(500, 'unexpected_failure', 'site url is improperly formatted');
  }
}

/** GoTrue's validateFactors, run with the user's row locked so that concurrent enrolments count each other. */
async function validateNewFactor(db: Queryable, user: UserRow, friendlyName: string, settings: AuthSettings, sessionId: string): Promise<void> {
  await deleteExpiredFactors(db, settings.mfa.factorExpirySeconds);
  const factors = (await loadFactors(db, [user.id])).get(user.id) ?? [];
  if (factors.some((factor) => (factor.friendly_name ?? '') === friendlyName)) {
    throw unprocessable('mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
  }
  if (factors.length >= settings.mfa.maxEnrolledFactors) {
    throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
  }
  if (factors.some((factor) => factor.status === 'verified') && !(await sessionIsAal2(db, sessionId))) {
    throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
  }
}

/** POST /factors {factor_type, friendly_name?, issuer?}. */
export async function enrollFactor(context: RouteContext): Promise<void> {
  const { req, res, pool, settings } = context;
  const { user, sessionId } = await requireSessionUser(context);
  const body = await readJsonObject(req);
  const factorType = optionalString(body, 'factor_type') ?? '';
  const friendlyName = optionalString(body, 'friendly_name') ?? '';
  const issuer = optionalString(body, 'issuer') || defaultIssuer(settings);
  requireTotpEnabled(factorType, settings, 'enroll');

  const secret = newTotpSecret();
  const uri = otpauthUri(issuer, user.email ?? '', secret);
  const factor = await withTransaction(pool, async (db) => {
    await findUserById(db, user.id, { forUpdate: true });
    await validateNewFactor(db, user, friendlyName, settings, sessionId);
    const created = await insertTotpFactor(db, user.id, friendlyName, secret);
    await recordAuthAudit(db, user, 'factor_in_progress', clientIp(req), { factor_id: created.id });
    return created;
  });
  sendJson(res, req, 200, {
    id: factor.id,
    type: 'totp',
    friendly_name: factor.friendly_name ?? '',
    totp: { qr_code: qrCodeSvg(uri), secret, uri },
  });
}

/** POST /factors/{id}/challenge: {id, type, expires_at}; the challenge is bound to the caller's IP address. */
export async function challengeFactor(context: RouteContext): Promise<void> {
  const { req, res, pool, settings, params } = context;
  context.limits.mfa.take(requestIp(req));
  const { user } = await requireSessionUser(context);
  const factor = await loadFactor(pool, user, params.factorId);
  await readOptionalJsonObject(req);
  requireTotpEnabled(factor.factor_type, settings, 'verify');
  const challenge = await withTransaction(pool, async (db) => {
    const created = await insertChallenge(db, factor.id, requestIp(req));
    await recordAuthAudit(db, user, 'challenge_created', clientIp(req), { factor_id: factor.id, factor_status: factor.status });
    return created;
  });
  const expiresAt = Math.floor(challenge.created_at.getTime() / 1000) + settings.mfa.challengeExpirySeconds;
  sendJson(res, req, 200, { id: challenge.id, type: factor.factor_type, expires_at: expiresAt });
}

function challengeIdParam(value: unknown): string {
  if (value === undefined || value === null) return '00000000-0000-0000-0000-000000000000';
  if (typeof value !== 'string' || !isUuid(value)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: invalid UUID in field challenge_id');
  }
  return value.toLowerCase();
}

type VerifyOutcome = { response: Record<string, unknown> } | { error: AuthHttpError };

/** POST /factors/{id}/verify {challenge_id, code}: a new aal2 session response. */
export async function verifyFactor(context: RouteContext): Promise<void> {
  const { req, res, pool, settings, params } = context;
  const ip = requestIp(req);
  context.limits.mfa.take(ip);
  const { user, sessionId } = await requireSessionUser(context);
  const factor = await loadFactor(pool, user, params.factorId);
  const body = await readJsonObject(req);
  const challengeId = challengeIdParam(body.challenge_id);
  const code = optionalString(body, 'code') ?? '';
  if (code === '') throw badRequest('validation_failed', 'Code needs to be non-empty');
  requireTotpEnabled(factor.factor_type, settings, 'verify');

  // Errors after which the transaction must commit (an expired challenge is deleted) are returned, not thrown.
  const outcome = await withTransaction(pool, async (db): Promise<VerifyOutcome> => {
    const locked = await loadFactor(db, user, factor.id, true);
    const challenge = await findChallenge(db, locked.id, challengeId, settings.mfa.challengeExpirySeconds);
    if (!challenge) throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    if (challenge.verified_at !== null || challenge.ip_address !== ip) {
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    }
    if (challenge.expired) {
      await db.query(`delete from auth.mfa_challenges where id = $1`, [challenge.id]);
      return {
        error: unprocessable('mfa_challenge_expired', `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`),
      };
    }
    const step = locked.secret ? matchTotpStep(locked.secret, code) : null;
    const lastStep = await lastAcceptedStep(db, locked.id);
    if (step === null || (lastStep !== null && step <= lastStep)) {
      throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
    }

    await recordAuthAudit(db, user, 'verification_attempted', clientIp(req), {
      factor_id: locked.id,
      challenge_id: challenge.id,
      factor_type: locked.factor_type,
    });
    await markChallengeVerified(db, challenge.id, step);
    if (locked.status !== 'verified') await markFactorVerified(db, locked.id);
    await raiseSessionToAal2(db, sessionId, locked.id);
    const refreshToken = await replaceSessionRefreshTokens(db, user.id, sessionId);
    // GoTrue's InvalidateSessionsWithAALLessThan and DeleteUnverifiedFactors.
    await db.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [user.id]);
    await db.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = $2::auth.factor_type`, [
      user.id,
      locked.factor_type,
    ]);
    const current = (await findUserById(db, user.id)) as UserRow;
    const response = await sessionResponse(db, settings, { user: current, sessionId, refreshToken });
    return { response };
  });
  if ('error' in outcome) throw outcome.error;
  sendJson(res, req, 200, outcome.response);
}

/** DELETE /factors/{id}: a verified factor needs an aal2 session; sessions it raised go back to aal1. */
export async function unenrollFactor(context: RouteContext): Promise<void> {
  const { req, res, pool, params } = context;
  const { user, sessionId } = await requireSessionUser(context);
  await withTransaction(pool, async (db) => {
    const factor = await loadFactor(db, user, params.factorId, true);
    if (factor.status === 'verified' && !(await sessionIsAal2(db, sessionId))) {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await db.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
    await recordAuthAudit(db, user, 'factor_unenrolled', clientIp(req), {
      factor_id: factor.id,
      factor_status: factor.status,
      session_id: sessionId,
    });
    await downgradeFactorSessions(db, user.id, factor.id);
  });
  sendJson(res, req, 200, { id: params.factorId?.toLowerCase() });
}
