/**
 * Whether a session came from a recovery link (its 'recovery' claim in auth.mfa_amr_claims, recorded when the
 * session started): PUT /user then needs no current password, as in GoTrue (the user has forgotten it).
 */
import type { Queryable } from './db.ts';

export async function isRecoverySession(db: Queryable, sessionId: string): Promise<boolean> {
  const result = await db.query(`select 1 from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'recovery'`, [sessionId]);
  return (result.rowCount ?? 0) > 0;
}

/** Once the new password is set the session is an ordinary one: a later change needs the password again. */
export async function endRecovery(db: Queryable, sessionId: string): Promise<void> {
  await db.query(`delete from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'recovery'`, [sessionId]);
}
