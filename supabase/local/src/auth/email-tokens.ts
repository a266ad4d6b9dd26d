/**
 * The tokens of emailed links (invite and recovery), kept where GoTrue keeps them: `auth.users.confirmation_token`
 * with `confirmation_sent_at` (invites; `invited_at` too) and `recovery_token` with `recovery_sent_at`. The stored
 * value is GoTrue's token hash, the lowercase hex SHA-224 of the email and a secret, which is what the link
 * carries. GoTrue's secret is a 6-digit code (also mailable as {{ .Token }}); here it is 256 random bits, so a link
 * cannot be guessed from the address even without GoTrue's verification rate limit (the local templates never
 * mail a code). A token works once (it is cleared when used) and only within `otp_expiry` seconds of its sending.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from './db.ts';
import { findUserById, type UserRow } from './users.ts';

export type EmailLinkType = 'invite' | 'recovery';

/** Verification types as /verify accepts them, and the token column each one reads. */
export const VERIFY_TYPES = ['invite', 'signup', 'recovery', 'magiclink', 'email'] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];

export function isVerifyType(value: string): value is VerifyType {
  return (VERIFY_TYPES as readonly string[]).includes(value);
}

/** A new token hash for `email` (56 hex characters, like GoTrue's). */
export function newTokenHash(email: string): string {
  return createHash('sha224').update(`${email}${randomBytes(32).toString('base64url')}`, 'utf8').digest('hex');
}

/** Stores the token of a link about to be mailed, replacing any earlier one of the same kind. */
export async function storeEmailToken(db: Queryable, userId: string, type: EmailLinkType, tokenHash: string): Promise<UserRow> {
  if (type === 'invite') {
    await db.query(
      `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now(), updated_at = now() where id = $1`,
      [userId, tokenHash],
    );
  } else {
    await db.query(`update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`, [userId, tokenHash]);
  }
  return (await findUserById(db, userId)) as UserRow;
}

/** Which column a verification type is checked against, in order (`email` tries both, as GoTrue does). */
function columnsFor(type: VerifyType): Array<'confirmation' | 'recovery'> {
  if (type === 'invite' || type === 'signup') return ['confirmation'];
  if (type === 'recovery' || type === 'magiclink') return ['recovery'];
  return ['confirmation', 'recovery'];
}

export interface ConsumedToken {
  user: UserRow;
  /** Which kind of link it was: a recovery link signs in for a password reset. */
  kind: 'confirmation' | 'recovery';
}

/**
 * Takes the token: finds its user (row-locked), checks it has not expired, clears it so it cannot be used
 * again, and confirms the email (following the link proves the address). Null when no unexpired token matches.
 */
export async function consumeEmailToken(db: Queryable, type: VerifyType, tokenHash: string, expirySeconds: number): Promise<ConsumedToken | null> {
  if (!/^[0-9a-f]{56}$/.test(tokenHash)) return null;
  for (const kind of columnsFor(type)) {
    const token = `${kind}_token`;
    const sentAt = `${kind}_sent_at`;
    const found = await db.query<{ id: string; expired: boolean }>(
      `select id, coalesce(${sentAt} + make_interval(secs => $2::float8) < now(), true) as expired
         from auth.users where ${token} = $1 and deleted_at is null for update`,
      [tokenHash, expirySeconds],
    );
    const row = found.rows[0];
    if (!row) continue;
    if (row.expired) return null;
    await db.query(
      `update auth.users
          set ${token} = '',
              email_confirmed_at = coalesce(email_confirmed_at, now()),
              raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
              updated_at = now()
        where id = $1`,
      [row.id],
    );
    await db.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [row.id],
    );
    return { user: (await findUserById(db, row.id)) as UserRow, kind };
  }
  return null;
}
