/**
 * Sessions and refresh tokens with GoTrue's semantics: a sign-in creates a session and its first
 * refresh token; a refresh revokes the presented token and issues a child (parent = presented token).
 * A revoked token is accepted within the reuse interval after its revocation (it gets a child of its own).
 * Tokens are stored as digests (tokens.ts), so a token once handed out can never be handed out again: when
 * the direct parent of the session's active token comes back later (the client lost the previous response),
 * the active token is revoked and a new child issued, instead of GoTrue's re-sending of the active one. Any
 * other revoked token past the interval revokes every token of the session and the request fails with
 * refresh_token_already_used. A session not refreshed
 * for the inactivity timeout ([auth.sessions] inactivity_timeout) is expired, as GoTrue's CheckValidity does.
 */
import type pg from 'pg';
import { withTransaction, type Queryable } from './db.ts';
import { AuthHttpError, badRequest } from './errors.ts';
import { addAmrClaim } from './session-assurance.ts';
import { newRefreshToken, refreshTokenDigest } from './tokens.ts';
import { findUserById, isBanned, type UserRow } from './users.ts';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface IssuedSession {
  user: UserRow;
  sessionId: string;
  refreshToken: string;
}

interface SessionRow {
  id: string;
  created_at: Date;
  not_after: Date | null;
  /** refreshed_at (GoTrue stores it as UTC without zone), else created_at. */
  last_refreshed_at: Date;
}

export interface RefreshPolicy {
  reuseIntervalSeconds: number;
  /** 0 = no inactivity timeout. */
  inactivityTimeoutMs: number;
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  reuse_window_passed: boolean;
}

/** Stores a new token's digest (parent: the digest of the token it replaces) and returns the token itself. */
async function insertRefreshToken(db: Queryable, userId: string, sessionId: string, parentDigest: string | null): Promise<string> {
  const token = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [refreshTokenDigest(token), userId, parentDigest, sessionId],
  );
  return token;
}

/**
 * The session's refresh tokens are all replaced by one new token (no parent), which is returned: after a second
 * factor raised the session, only the token issued with it can refresh into aal2.
 */
export async function replaceSessionRefreshTokens(db: Queryable, userId: string, sessionId: string): Promise<string> {
  await db.query(`delete from auth.refresh_tokens where session_id = $1`, [sessionId]);
  return insertRefreshToken(db, userId, sessionId, null);
}

/**
 * A new session for a user who just proved who they are; records the sign-in time and the method (the session's
 * first amr claim, GoTrue's AddClaimToSession).
 */
export async function startSession(db: Queryable, user: UserRow, client: ClientInfo, method = 'password'): Promise<IssuedSession> {
  const session = await db.query<SessionRow>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values (gen_random_uuid(), $1, now(), now(), 'aal1', $2, $3::inet)
     returning id, created_at, not_after`,
    [user.id, client.userAgent, client.ip],
  );
  const row = session.rows[0] as SessionRow;
  await addAmrClaim(db, row.id, method);
  const refreshToken = await insertRefreshToken(db, user.id, row.id, null);
  return { user: await recordSignIn(db, user.id), sessionId: row.id, refreshToken };
}

/** Sets last_sign_in_at and returns the user as it now is. */
async function recordSignIn(db: Queryable, userId: string): Promise<UserRow> {
  await db.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  return (await findUserById(db, userId)) as UserRow;
}

const NOT_FOUND_MESSAGE = 'Invalid Refresh Token: Refresh Token Not Found';

/** The refresh_token grant. Throws GoTrue's 400 errors; commits the family revocation on reuse. */
export async function refreshSession(pool: pg.Pool, presentedToken: string, policy: RefreshPolicy, client: ClientInfo): Promise<IssuedSession> {
  const presented = refreshTokenDigest(presentedToken);
  // Errors after which the transaction must still commit (revocations) are returned, not thrown.
  const outcome = await withTransaction(pool, async (db): Promise<IssuedSession | AuthHttpError> => {
    // Lock the session before the token, the order in which deleting a session (logout) locks them.
    const located = await db.query<{ session_id: string | null }>(`select session_id from auth.refresh_tokens where token = $1`, [presented]);
    const sessionId = located.rows[0]?.session_id;
    if (located.rows.length === 0) throw badRequest('refresh_token_not_found', NOT_FOUND_MESSAGE);
    const session = sessionId
      ? (
          await db.query<SessionRow>(
            `select id, created_at, not_after, coalesce(refreshed_at at time zone 'utc', created_at) as last_refreshed_at
               from auth.sessions where id = $1 for update`,
            [sessionId],
          )
        ).rows[0]
      : undefined;
    const tokenResult = await db.query<RefreshTokenRow>(
      `select id, token, user_id, revoked, parent, session_id,
              clock_timestamp() > updated_at + make_interval(secs => $2::float8) as reuse_window_passed
         from auth.refresh_tokens where token = $1 for update`,
      [presented, policy.reuseIntervalSeconds],
    );
    const token = tokenResult.rows[0];
    if (!token) throw badRequest('refresh_token_not_found', NOT_FOUND_MESSAGE);

    const user = await findUserById(db, token.user_id);
    if (!user) throw badRequest('refresh_token_not_found', NOT_FOUND_MESSAGE);
    if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    if (!session) {
      await db.query(`delete from auth.refresh_tokens where id = $1`, [token.id]);
      return badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    }
    if (session.not_after && session.not_after.getTime() < Date.now()) {
      throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    }
    if (policy.inactivityTimeoutMs > 0 && Date.now() > session.last_refreshed_at.getTime() + policy.inactivityTimeoutMs) {
      throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired (Inactivity)');
    }

    if (token.revoked && token.reuse_window_passed) {
      const active = await db.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
        [session.id],
      );
      const activeToken = active.rows[0];
      if (!activeToken || activeToken.parent !== token.token) {
        await db.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false`, [session.id]);
        return badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      // The client never received the active token: it is replaced (below) by a new child of the presented one.
      await db.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [activeToken.token]);
    }
    // Within the reuse interval a revoked token gets a child of its own (a concurrent refresh of the same token).
    // Only the revocation stamps updated_at: re-stamping a revoked token would restart its reuse interval on every
    // presentation and keep a stolen token alive for ever.
    await db.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1 and not revoked`, [token.id]);
    const refreshToken = await insertRefreshToken(db, user.id, session.id, token.token);
    await db.query(
      `update auth.sessions set refreshed_at = timezone('utc', now()), updated_at = now(), user_agent = $2, ip = $3::inet where id = $1`,
      [session.id, client.userAgent, client.ip],
    );
    return { user, sessionId: session.id, refreshToken };
  });
  if (outcome instanceof AuthHttpError) throw outcome;
  return outcome;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** POST /logout: deleting sessions deletes their refresh tokens (foreign key cascade). */
export async function endSessions(db: Queryable, scope: LogoutScope, userId: string, sessionId: string | null): Promise<void> {
  if (sessionId === null) {
    await db.query(`delete from auth.refresh_tokens where user_id = $1`, [userId]);
    return;
  }
  if (scope === 'local') await db.query(`delete from auth.sessions where id = $1`, [sessionId]);
  else if (scope === 'others') await db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId]);
  else await db.query(`delete from auth.sessions where user_id = $1`, [userId]);
}

export async function sessionExists(db: Queryable, sessionId: string): Promise<boolean> {
  const result = await db.query(`select 1 from auth.sessions where id = $1`, [sessionId]);
  return (result.rowCount ?? 0) > 0;
}

/** Ends every session of a user (password set by an admin, password change without a session). */
export async function endAllSessions(db: Queryable, userId: string): Promise<void> {
  await db.query(`delete from auth.sessions where user_id = $1`, [userId]);
  await db.query(`delete from auth.refresh_tokens where user_id = $1`, [userId]);
}
