/**
 * The single place where a sign-in's password is judged. The bcrypt comparison decides validity; then,
 * as GoTrue does, the password verification attempt hook (supabase/config.toml
 * [auth.hook.password_verification_attempt]) is told {user_id, valid} and may refuse the sign-in — the
 * product's account lockout lives in that database function. A refusal is 400 invalid_credentials with
 * the hook's message, after ending every session of the user when the hook asks to log them out.
 * An unknown email (or a user without a password) costs the same bcrypt comparison before the same answer
 * as a wrong password, so neither the answer nor its timing says whether an account exists. The hook
 * runs with the client's IP as the request context its audit rows read (private.request_ip()).
 */
import type pg from 'pg';
import { loadPostgresHook, runPostgresHook, type PostgresHook } from './auth-hooks.ts';
import { badRequest, INVALID_LOGIN_MESSAGE } from './errors.ts';
import { passwordMatches } from './passwords.ts';
import { endAllSessions } from './sessions.ts';
import type { UserRow } from './users.ts';

/** GoTrue's DefaultPasswordHookRejectionMessage, for a refusal without a message. */
const DEFAULT_HOOK_REJECTION_MESSAGE = 'Further password verification attempts will be rejected.';

let configuredHook: PostgresHook | null | undefined;

/** The hook from supabase/config.toml, read once per process. */
function passwordVerificationHook(): PostgresHook | null {
  if (configuredHook === undefined) configuredHook = loadPostgresHook('password_verification_attempt');
  return configuredHook;
}

/** Resolves when the sign-in may proceed; throws the error the client must see otherwise. */
export async function verifyPasswordSignIn(pool: pg.Pool, user: UserRow | null, password: string, clientIp: string | null): Promise<void> {
  const valid = await passwordMatches(user?.encrypted_password ?? null, password);
  if (!user || !user.encrypted_password) throw badRequest('invalid_credentials', INVALID_LOGIN_MESSAGE);
  const hook = passwordVerificationHook();
  if (hook) {
    const output = await runPostgresHook(pool, hook, { user_id: user.id, valid }, clientIp);
    if (output.decision === 'reject') {
      if (output.should_logout_user === true) await endAllSessions(pool, user.id);
      const message = typeof output.message === 'string' && output.message !== '' ? output.message : DEFAULT_HOOK_REJECTION_MESSAGE;
      throw badRequest('invalid_credentials', message);
    }
  }
  if (!valid) throw badRequest('invalid_credentials', INVALID_LOGIN_MESSAGE);
}
