/**
 * The signed-in user's own endpoints: GET /user, PUT /user and POST /logout, behind GoTrue's
 * requireAuthentication.
 */
import { withTransaction } from './db.ts';
import { AuthHttpError, badRequest, DUPLICATE_EMAIL_MESSAGE, forbidden, INVALID_LOGIN_MESSAGE, unprocessable } from './errors.ts';
import { verifyPasswordSignIn } from './password-sign-in.ts';
import { recordAuthAudit } from './audit.ts';
import { clientIp, optionalObject, optionalString, readJsonObject, sendJson, sendNoContent } from './http.ts';
import { hashPassword, passwordMatches, passwordStrengthError } from './passwords.ts';
import { hasVerifiedFactor } from './factors.ts';
import { requireUser, tokenAudience } from './request-auth.ts';
import { endRecovery, isRecoverySession, sessionIsAal2 } from './session-assurance.ts';
import type { RouteContext } from './route-context.ts';
import { endAllSessions, endSessions, type LogoutScope } from './sessions.ts';
import {
  emailTaken,
  findUserById,
  mergeMetadata,
  phoneTaken,
  updateUser,
  upsertIdentity,
  userJson,
  validateEmail,
  validatePhone,
  type UserRow,
  type UserUpdate,
} from './users.ts';

export async function getUser({ req, res, pool, settings }: RouteContext): Promise<void> {
  const { claims, user } = await requireUser(pool, req, settings);
  if (tokenAudience(claims) !== settings.audience) {
    throw badRequest('validation_failed', "Token audience doesn't match request audience");
  }
  sendJson(res, req, 200, await userJson(pool, user));
}

/**
 * The current password of a password or email change is judged like a sign-in's (one limiter per client IP, the
 * password verification hook counting failures toward the lockout), so a stolen access token cannot be used to
 * guess it at leisure.
 */
async function verifyCurrentPassword(pool: RouteContext['pool'], limits: RouteContext['limits'], req: RouteContext['req'], user: UserRow, currentPassword: string): Promise<void> {
  const ip = clientIp(req);
  limits.signIn.take(ip ?? 'unknown');
  try {
    await verifyPasswordSignIn(pool, user, currentPassword, ip);
  } catch (error) {
    if (!(error instanceof AuthHttpError) || error.status !== 400) throw error;
    // A wrong password keeps GoTrue's answer; a lockout says so (the hook shows it only to the right password).
    const message = error.message === INVALID_LOGIN_MESSAGE ? 'Current password required when setting new password.' : error.message;
    throw badRequest('current_password_invalid', message);
  }
}

/**
 * PUT /user. Changing the password or the email needs the current password in `current_password` (GoTrue's
 * field, sent by auth-js's updateUser({ password, current_password })): a stolen access token or an unlocked
 * terminal must not take the account over. Changing the password ends the user's other sessions, as GoTrue
 * does. An email or phone change is applied at once: GoTrue would first mail or text a confirmation, and
 * the local stack sends neither. Password and account changes are audited (auth.audit_log_entries). A user with
 * a verified factor changes password, email or phone only from an aal2 session (GoTrue's insufficient_aal).
 */
export async function updateOwnUser({ req, res, pool, settings, limits }: RouteContext): Promise<void> {
  const { user, sessionId } = await requireUser(pool, req, settings);
  const body = await readJsonObject(req);
  const emailParam = optionalString(body, 'email');
  const phoneParam = optionalString(body, 'phone');
  const password = optionalString(body, 'password');
  const currentPassword = optionalString(body, 'current_password');
  const data = optionalObject(body, 'data');
  const appData = optionalObject(body, 'app_metadata');

  const email = emailParam ? validateEmail(emailParam) : undefined;
  const phone = phoneParam ? validatePhone(phoneParam) : undefined;
  if (password !== undefined) {
    const weakness = passwordStrengthError(password, settings.minPasswordLength);
    if (weakness) throw weakness;
  }
  if (appData && !settings.adminRoles.includes(user.role ?? '')) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  }
  const changesEmail = email !== undefined && email !== (user.email ?? '');
  const changesPhone = phone !== undefined && phone !== (user.phone ?? '');
  if ((password || changesEmail || changesPhone) && (await hasVerifiedFactor(pool, user.id)) && !(await sessionIsAal2(pool, sessionId))) {
    throw new AuthHttpError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
  }
  if (changesEmail && (await emailTaken(pool, email, user.aud ?? settings.audience, user.id))) {
    throw unprocessable('email_exists', DUPLICATE_EMAIL_MESSAGE);
  }
  if (changesPhone && (await phoneTaken(pool, phone, user.id))) {
    throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
  }
  // A session opened by a recovery link sets a new password without the old one (GoTrue's rule): the user forgot it.
  const recovering = password !== undefined && !changesEmail && sessionId !== null && (await isRecoverySession(pool, sessionId));
  if (settings.requireCurrentPassword && (password || changesEmail) && user.encrypted_password && !recovering) {
    if (!currentPassword) throw badRequest('current_password_required', 'Current password required when setting new password.');
    await verifyCurrentPassword(pool, limits, req, user, currentPassword);
  }
  if (password && (await passwordMatches(user.encrypted_password, password))) {
    throw unprocessable('same_password', 'New password should be different from the old password.');
  }
  const passwordHash = password ? await hashPassword(password) : undefined;

  const updated = await withTransaction(pool, async (db) => {
    const current = (await findUserById(db, user.id, { forUpdate: true })) as UserRow;
    const update: UserUpdate = {};
    if (password !== undefined) update.encrypted_password = passwordHash ?? '';
    if (data) update.raw_user_meta_data = mergeMetadata(current.raw_user_meta_data, data);
    if (appData) update.raw_app_meta_data = mergeMetadata(current.raw_app_meta_data, appData);
    if (changesEmail) update.email = email;
    if (changesPhone) update.phone = phone;
    const saved = await updateUser(db, user.id, update);
    if (changesEmail) await upsertIdentity(db, user.id, 'email', { email });
    if (changesPhone) await upsertIdentity(db, user.id, 'phone', { phone });
    if (password !== undefined) {
      if (recovering && sessionId) await endRecovery(db, sessionId);
      if (sessionId) await endSessions(db, 'others', user.id, sessionId);
      else await endAllSessions(db, user.id);
      await recordAuthAudit(db, saved, 'user_updated_password', clientIp(req));
    }
    await recordAuthAudit(db, saved, 'user_modified', clientIp(req), changesEmail ? { old_email: user.email, new_email: email } : undefined);
    return saved;
  });
  sendJson(res, req, 200, await userJson(pool, updated));
}

export async function logout({ req, res, pool, settings }: RouteContext): Promise<void> {
  const { user, sessionId } = await requireUser(pool, req, settings);
  const requested = req.query.get('scope') ?? '';
  const scope: LogoutScope | null = requested === '' || requested === 'global' ? 'global' : requested === 'local' || requested === 'others' ? requested : null;
  if (!scope) throw badRequest('validation_failed', `Unsupported logout scope "${requested}"`);
  await withTransaction(pool, async (db) => {
    await endSessions(db, scope, user.id, sessionId);
    await recordAuthAudit(db, user, 'logout', clientIp(req), { scope });
  });
  sendNoContent(res, req);
}
