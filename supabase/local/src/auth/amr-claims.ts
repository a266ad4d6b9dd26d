/**
 * How a session was authenticated, in auth.mfa_amr_claims as GoTrue records it (one row per method and session).
 * The emailed links record theirs ('invite', 'recovery'); PUT /user asks whether the session came from a
 * recovery link, where GoTrue never requires the current password (the user has forgotten it).
 */
import type { Queryable } from './db.ts';

export type AmrMethod = 'invite' | 'recovery';

export async function recordAmrClaim(db: Queryable, sessionId: string, method: AmrMethod): Promise<void> {
  // Without ON CONFLICT: it needs no particular unique constraint (GoTrue's table has one; a session is new here).
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     select gen_random_uuid(), $1::uuid, now(), now(), $2::text
      where not exists (select 1 from auth.mfa_amr_claims where session_id = $1 and authentication_method = $2)`,
    [sessionId, method],
  );
}

export async function isRecoverySession(db: Queryable, sessionId: string): Promise<boolean> {
  const result = await db.query(`select 1 from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'recovery'`, [sessionId]);
  return (result.rowCount ?? 0) > 0;
}

/** Once the new password is set the session is an ordinary one: a later change needs the password again. */
export async function endRecovery(db: Queryable, sessionId: string): Promise<void> {
  await db.query(`delete from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'recovery'`, [sessionId]);
}
