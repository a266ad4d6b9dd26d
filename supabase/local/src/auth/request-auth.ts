/**
 * Who is calling: GoTrue's requireAuthentication (a user's access token whose user and session still
 * exist) and requireAdminCredentials (a token whose role is an admin role, e.g. the service_role key).
 */
import { JwtError, verifyJwt, type JwtClaims } from '../jwt.ts';
import type { Queryable } from './db.ts';
import { forbidden, badRequest, unauthorized } from './errors.ts';
import { bearerToken, type AuthRequest } from './http.ts';
import { sessionExists } from './sessions.ts';
import type { AuthSettings } from './settings.ts';
import { findUserById, isBanned, isUuid, type UserRow } from './users.ts';

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export interface AuthenticatedUser {
  claims: JwtClaims;
  user: UserRow;
  /** The session the token was issued for, or null for a token without session_id. */
  sessionId: string | null;
}

function verifiedClaims(req: AuthRequest, settings: AuthSettings): JwtClaims {
  const token = bearerToken(req);
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a Bearer token');
  try {
    return verifyJwt(token, settings.jwtSecret);
  } catch (error) {
    const reason = error instanceof JwtError ? error.message : 'token is malformed';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

export async function requireUser(db: Queryable, req: AuthRequest, settings: AuthSettings): Promise<AuthenticatedUser> {
  const claims = verifiedClaims(req, settings);
  const subject = typeof claims.sub === 'string' ? claims.sub : '';
  if (!subject) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(subject)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(db, subject);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');

  let sessionId: string | null = null;
  const claimedSession = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (claimedSession && claimedSession !== NIL_UUID) {
    if (!isUuid(claimedSession)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    if (!(await sessionExists(db, claimedSession))) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    sessionId = claimedSession;
  }
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  return { claims, user, sessionId };
}

export function requireAdmin(req: AuthRequest, settings: AuthSettings): JwtClaims {
  const claims = verifiedClaims(req, settings);
  if (typeof claims.role !== 'string' || !settings.adminRoles.includes(claims.role)) {
    throw forbidden('not_admin', 'User not allowed');
  }
  return claims;
}

/** GoTrue's UserGet check: the token must be for the audience the request is for. */
export function tokenAudience(claims: JwtClaims): string | undefined {
  const aud = claims.aud;
  if (typeof aud === 'string') return aud;
  if (Array.isArray(aud) && typeof aud[0] === 'string') return aud[0];
  return undefined;
}
