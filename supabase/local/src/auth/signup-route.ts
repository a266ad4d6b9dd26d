/**
 * POST /signup. Closed unless STACK_ENABLE_SIGNUP=true (pharmacies join through onboarding); when
 * open it behaves like GoTrue with mailer autoconfirm, the local default: the user is created
 * confirmed and signed in at once.
 */
import { withTransaction } from './db.ts';
import { unprocessable } from './errors.ts';
import { clientIp, optionalObject, optionalString, readJsonObject, sendJson } from './http.ts';
import { hashPassword, passwordStrengthError } from './passwords.ts';
import type { RouteContext } from './route-context.ts';
import { startSession } from './sessions.ts';
import { clientInfo, sessionResponse } from './token-routes.ts';
import { findUserByEmail, insertUser, validateEmail } from './users.ts';

export async function signup({ req, res, pool, settings, limits }: RouteContext): Promise<void> {
  if (!settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  limits.signIn.take(clientIp(req) ?? 'unknown');
  const body = await readJsonObject(req);
  const password = optionalString(body, 'password') ?? '';
  const emailParam = optionalString(body, 'email') ?? '';
  const phone = optionalString(body, 'phone') ?? '';
  const data = optionalObject(body, 'data') ?? {};

  if (!password) throw unprocessable('validation_failed', 'Signup requires a valid password');
  const weakness = passwordStrengthError(password, settings.minPasswordLength);
  if (weakness) throw weakness;
  if (emailParam && phone) throw unprocessable('validation_failed', 'Only an email address or phone number should be provided on signup.');
  if (phone) throw unprocessable('phone_provider_disabled', 'Phone signups are disabled');
  const email = validateEmail(emailParam);

  if (await findUserByEmail(pool, email, settings.audience)) throw unprocessable('user_already_exists', 'User already registered');
  const passwordHash = await hashPassword(password);
  const response = await withTransaction(pool, async (db) => {
    const user = await insertUser(db, {
      email,
      phone: null,
      passwordHash,
      aud: settings.audience,
      role: settings.defaultRole,
      appMetadata: { provider: 'email', providers: ['email'] },
      userMetadata: data,
      emailConfirmed: true,
      phoneConfirmed: false,
      bannedForMs: null,
    });
    return sessionResponse(db, settings, await startSession(db, user, clientInfo(req)));
  });
  sendJson(res, req, 200, response);
}
