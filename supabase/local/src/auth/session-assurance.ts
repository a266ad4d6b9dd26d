/**
 * How strongly a session was authenticated, as GoTrue keeps it: one auth.mfa_amr_claims row per method used in
 * the session (password, totp, ...), from which every access token of the session, refreshed ones included,
 * takes its `amr` (newest first) and `aal` (aal2 once a second factor was verified); auth.sessions.aal and
 * factor_id record the same level (models.Session.CalculateAALAndAMR, AddClaimToSession, UpdateAALAndAssociatedFactor).
 * A session opened by a recovery link ('recovery' claim) may set a new password once without the current one.
 */
import type { Queryable } from './db.ts';

/** GoTrue's authentication method names that make a session aal2 (models.AMRClaim.IsAAL2Claim). */
const SECOND_FACTOR_METHODS = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

export interface AmrEntry {
  method: string;
  /** Unix seconds: when the method was (last) used in the session. */
  timestamp: number;
}

export interface SessionAssurance {
  aal: 'aal1' | 'aal2';
  amr: AmrEntry[];
}

/** Records that a method authenticated the session (again): a second use refreshes the claim's time. */
export async function addAmrClaim(db: Queryable, sessionId: string, method: string): Promise<void> {
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

export async function loadSessionAssurance(db: Queryable, sessionId: string): Promise<SessionAssurance> {
  const result = await db.query<{ authentication_method: string; updated_at: Date }>(
    `select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1`,
    [sessionId],
  );
  const amr = result.rows
    .map((row) => ({ method: row.authentication_method, timestamp: Math.floor(row.updated_at.getTime() / 1000) }))
    .sort((a, b) => b.timestamp - a.timestamp);
  const aal = amr.some((entry) => SECOND_FACTOR_METHODS.has(entry.method)) ? 'aal2' : 'aal1';
  return { aal, amr };
}

/**
 * Whether a session came from a recovery link (its 'recovery' claim, recorded when the session started): PUT /user
 * then needs no current password, as in GoTrue (the user has forgotten it).
 */
export async function isRecoverySession(db: Queryable, sessionId: string): Promise<boolean> {
  const result = await db.query(`select 1 from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'recovery'`, [sessionId]);
  return (result.rowCount ?? 0) > 0;
}

/**
 * Once the new password is set the session is an ordinary one: a later change needs the password again. Its
 * 'recovery' claim becomes a 'password' one (the session holds the password just set); deleting it alone would
 * leave a session opened by a link, whose only claim it was, without any amr for its next tokens.
 */
export async function endRecovery(db: Queryable, sessionId: string): Promise<void> {
  const ended = await db.query(`delete from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'recovery'`, [sessionId]);
  if ((ended.rowCount ?? 0) > 0) await addAmrClaim(db, sessionId, 'password');
}

/** The session was raised to aal2 by this factor (auth.sessions.aal and factor_id, as GoTrue records them). */
export async function raiseSessionToAal2(db: Queryable, sessionId: string, factorId: string): Promise<void> {
  await addAmrClaim(db, sessionId, 'totp');
  await db.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [sessionId, factorId]);
}

/** Whether a session is at aal2 (GoTrue's Session.IsAAL2, which reads the session's own aal). */
export async function sessionIsAal2(db: Queryable, sessionId: string | null): Promise<boolean> {
  if (!sessionId) return false;
  const result = await db.query<{ aal: string | null }>(`select aal::text as aal from auth.sessions where id = $1`, [sessionId]);
  return result.rows[0]?.aal === 'aal2';
}

/** GoTrue's DowngradeSessionsToAAL1: the sessions a removed factor raised lose its totp claim and go back to aal1. */
export async function downgradeFactorSessions(db: Queryable, userId: string, factorId: string): Promise<void> {
  await db.query(
    `delete from auth.mfa_amr_claims c using auth.sessions s
      where c.session_id = s.id and s.user_id = $1 and s.factor_id = $2 and c.authentication_method = 'totp'`,
    [userId, factorId],
  );
  await db.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where user_id = $1 and factor_id = $2`, [userId, factorId]);
}
