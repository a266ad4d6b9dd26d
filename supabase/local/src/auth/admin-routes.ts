/**
 * GoTrue's admin user API (/admin/users...), open to tokens with an admin role (the service_role key):
 * create, list with X-Total-Count and Link pagination headers, get, update, delete.
 */
import { recordAuthAudit } from './audit.ts';
import { loadFactors } from './factors.ts';
import { withTransaction, type Queryable } from './db.ts';
import { badRequest, DUPLICATE_EMAIL_MESSAGE, notFound, unprocessable } from './errors.ts';
import { parseGoDuration } from './go-duration.ts';
import { clientIp, optionalBoolean, optionalObject, optionalString, readJsonObject, readOptionalJsonObject, sendJson, type JsonObject } from './http.ts';
import { hashPassword, passwordStrengthError, unguessablePassword } from './passwords.ts';
import { requireAdmin } from './request-auth.ts';
import type { RouteContext } from './route-context.ts';
import { endAllSessions } from './sessions.ts';
import {
  emailTaken,
  findUserById,
  findUsersPage,
  insertUser,
  isUuid,
  loadIdentities,
  mergeMetadata,
  phoneTaken,
  updateUser,
  upsertIdentity,
  userJson,
  userJsonWith,
  validateEmail,
  validatePhone,
  type UserRow,
  type UserUpdate,
} from './users.ts';

const DEFAULT_PER_PAGE = 50;
const MAX_PASSWORD_BYTES = 72;
const DUPLICATE_PHONE_MESSAGE = 'Phone number already registered by another user';

/** ban_duration: a Go duration, or "none" to lift a ban. Returns milliseconds or undefined when absent. */
function banDuration(body: JsonObject): number | undefined {
  const raw = optionalString(body, 'ban_duration');
  if (!raw) return undefined;
  if (raw === 'none') return 0;
  try {
    return parseGoDuration(raw);
  } catch (error) {
    throw badRequest('validation_failed', `invalid format for ban duration: ${(error as Error).message}`);
  }
}

/** The password field is a *string in GoTrue: null and absent both mean "not given". */
function passwordParam(body: JsonObject): string | undefined {
  return optionalString(body, 'password');
}

async function loadTargetUser(db: Queryable, userId: string): Promise<UserRow> {
  if (!isUuid(userId)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(db, userId);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

export async function createUser({ req, res, pool, settings }: RouteContext): Promise<void> {
  requireAdmin(req, settings);
  const body = await readJsonObject(req);
  const aud = optionalString(body, 'aud') || settings.audience;
  const emailParam = optionalString(body, 'email') ?? '';
  const phoneParam = optionalString(body, 'phone') ?? '';
  const password = passwordParam(body);
  const passwordHashParam = optionalString(body, 'password_hash') ?? '';
  const customId = optionalString(body, 'id') ?? '';
  const role = optionalString(body, 'role') || settings.defaultRole;
  const userMetadata = optionalObject(body, 'user_metadata') ?? {};
  const appMetadataParam = optionalObject(body, 'app_metadata');
  const emailConfirm = optionalBoolean(body, 'email_confirm');
  const phoneConfirm = optionalBoolean(body, 'phone_confirm');

  if (!emailParam && !phoneParam) throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  const providers: string[] = [];
  let email: string | null = null;
  let phone: string | null = null;
  if (emailParam) {
    email = validateEmail(emailParam);
    if (await emailTaken(pool, email, aud)) throw unprocessable('email_exists', DUPLICATE_EMAIL_MESSAGE);
    providers.push('email');
  }
  if (phoneParam) {
    phone = validatePhone(phoneParam);
    if (await phoneTaken(pool, phone)) throw unprocessable('phone_exists', DUPLICATE_PHONE_MESSAGE);
    providers.push('phone');
  }
  if (password !== undefined && passwordHashParam) throw badRequest('validation_failed', 'Only a password or a password hash should be provided');
  if (passwordHashParam && !/^\$2[aby]?\$\d\d\$[./A-Za-z0-9]{53}$/.test(passwordHashParam)) {
    throw badRequest('validation_failed', 'Invalid password hash format');
  }
  if (password && Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw badRequest('validation_failed', 'bcrypt: password length exceeds 72 bytes');
  }
  if (customId && (!isUuid(customId) || /^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(customId))) {
    throw badRequest('validation_failed', 'ID must conform to the uuid v4 format');
  }
  const bannedForMs = banDuration(body);
  const passwordHash = passwordHashParam || (await hashPassword(password || unguessablePassword()));

  const created = await withTransaction(pool, async (db) => {
    const user = await insertUser(db, {
      ...(customId ? { id: customId.toLowerCase() } : {}),
      email,
      phone,
      passwordHash,
      aud,
      role,
      appMetadata: mergeMetadata({ provider: providers[0], providers }, appMetadataParam ?? {}),
      userMetadata,
      emailConfirmed: emailConfirm,
      phoneConfirmed: phoneConfirm,
      bannedForMs: bannedForMs ?? null,
    });
    await recordAuthAudit(db, null, 'user_signedup', clientIp(req), { user_id: user.id, user_email: user.email ?? '', user_phone: user.phone ?? '', provider: providers[0] });
    return user;
  });
  sendJson(res, req, 200, await userJson(pool, created));
}

export async function listUsers({ req, res, pool, settings }: RouteContext): Promise<void> {
  requireAdmin(req, settings);
  const page = paginationParam(req.query.get('page'), 1);
  const perPage = paginationParam(req.query.get('per_page'), DEFAULT_PER_PAGE);
  const filter = req.query.get('filter') ?? '';
  const aud = settings.audience;
  const { users: rows, total } = await findUsersPage(pool, aud, filter, perPage, (page - 1) * perPage);
  const identities = await loadIdentities(pool, rows.map((row) => row.id));
  const factors = await loadFactors(pool, rows.map((row) => row.id));
  sendJson(
    res,
    req,
    200,
    { users: rows.map((row) => userJsonWith(row, identities.get(row.id) ?? [], factors.get(row.id) ?? [])), aud },
    { link: paginationLink(req.path, req.query, page, perPage, total), 'x-total-count': String(total) },
  );
}

function paginationParam(raw: string | null, fallback: number): number {
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw badRequest('validation_failed', `Bad Pagination Parameters: strconv.ParseUint: parsing "${raw}": invalid syntax`);
  return Math.max(1, Number.parseInt(raw, 10));
}

/** GoTrue's addPaginationHeaders: next (when there is one) and last page, query keys in Go's sorted order. */
function paginationLink(path: string, query: URLSearchParams, page: number, perPage: number, total: number): string {
  const totalPages = Math.ceil(total / perPage);
  const link = (target: number) => {
    const params = new URLSearchParams(query);
    params.set('page', String(target));
    params.sort();
    return `<${path}?${params.toString()}>`;
  };
  let header = '';
  if (totalPages > page) header += `${link(page + 1)}; rel="next", `;
  header += `${link(totalPages)}; rel="last"`;
  return header;
}

export async function getUserById({ req, res, pool, settings, params }: RouteContext): Promise<void> {
  requireAdmin(req, settings);
  const user = await loadTargetUser(pool, params.userId ?? '');
  sendJson(res, req, 200, await userJson(pool, user));
}

export async function updateUserById({ req, res, pool, settings, params }: RouteContext): Promise<void> {
  requireAdmin(req, settings);
  const target = await loadTargetUser(pool, params.userId ?? '');
  const body = await readJsonObject(req);
  const emailParam = optionalString(body, 'email');
  const phoneParam = optionalString(body, 'phone');
  const password = passwordParam(body);
  const role = optionalString(body, 'role');
  const userMetadata = optionalObject(body, 'user_metadata');
  const appMetadata = optionalObject(body, 'app_metadata');
  const emailConfirm = optionalBoolean(body, 'email_confirm');
  const phoneConfirm = optionalBoolean(body, 'phone_confirm');

  const email = emailParam ? validateEmail(emailParam) : undefined;
  const phone = phoneParam ? validatePhone(phoneParam) : undefined;
  const bannedForMs = banDuration(body);
  if (password !== undefined) {
    const weakness = passwordStrengthError(password, settings.minPasswordLength);
    if (weakness) throw weakness;
  }
  if (email && email !== target.email && (await emailTaken(pool, email, target.aud ?? settings.audience, target.id))) {
    throw unprocessable('email_exists', DUPLICATE_EMAIL_MESSAGE);
  }
  if (phone && phone !== target.phone && (await phoneTaken(pool, phone, target.id))) {
    throw unprocessable('phone_exists', DUPLICATE_PHONE_MESSAGE);
  }
  const passwordHash = password ? await hashPassword(password) : undefined;

  const updated = await withTransaction(pool, async (db) => {
    const current = (await findUserById(db, target.id, { forUpdate: true })) as UserRow;
    const update: UserUpdate = {};
    if (role) update.role = role;
    if (emailConfirm) {
      update.email_confirmed_now = true;
      update.raw_user_meta_data = mergeMetadata(current.raw_user_meta_data, { email_verified: true });
    }
    if (phoneConfirm) update.phone_confirmed_now = true;
    if (password !== undefined) update.encrypted_password = passwordHash ?? '';
    if (email) update.email = email;
    if (phone) update.phone = phone;
    if (appMetadata) update.raw_app_meta_data = mergeMetadata(current.raw_app_meta_data, appMetadata);
    if (userMetadata) update.raw_user_meta_data = mergeMetadata(update.raw_user_meta_data ?? current.raw_user_meta_data, userMetadata);
    if (bannedForMs !== undefined) update.banned_for_ms = bannedForMs;
    const saved = await updateUser(db, target.id, update);
    if (email) await upsertIdentity(db, target.id, 'email', { email, email_verified: emailConfirm });
    if (phone) await upsertIdentity(db, target.id, 'phone', { phone, phone_verified: phoneConfirm });
    if (password !== undefined) await endAllSessions(db, target.id);
    // GoTrue's traits plus what changed (keys only; never the password).
    await recordAuthAudit(db, null, 'user_modified', clientIp(req), {
      user_id: target.id,
      user_email: saved.email ?? '',
      user_phone: saved.phone ?? '',
      changed: Object.keys(body).filter((key) => key !== 'password_hash').sort(),
      ...(bannedForMs !== undefined ? { banned_until: saved.banned_until?.toISOString() ?? null } : {}),
    });
    return saved;
  });
  sendJson(res, req, 200, await userJson(pool, updated));
}

/**
 * DELETE /admin/users/{id}: removes the user with identities and sessions, or with
 * should_soft_delete keeps an anonymised row (deleted_at set, no email, phone or password).
 */
export async function deleteUserById({ req, res, pool, settings, params }: RouteContext): Promise<void> {
  requireAdmin(req, settings);
  const target = await loadTargetUser(pool, params.userId ?? '');
  const body = await readOptionalJsonObject(req);
  const softDelete = optionalBoolean(body, 'should_soft_delete');
  await withTransaction(pool, async (db) => {
    await recordAuthAudit(db, null, 'user_deleted', clientIp(req), { user_id: target.id, user_email: target.email ?? '', user_phone: target.phone ?? '' });
    await endAllSessions(db, target.id);
    if (!softDelete) {
      await db.query(`delete from auth.users where id = $1`, [target.id]);
      return;
    }
    if (target.deleted_at) return;
    await db.query(
      `update auth.users set email = null, phone = null, email_change = '', phone_change = '', encrypted_password = null,
              confirmation_token = '', recovery_token = '', deleted_at = now(), updated_at = now()
        where id = $1`,
      [target.id],
    );
    await db.query(
      `update auth.identities set provider_id = encode(extensions.digest(provider_id || ':' || user_id::text, 'sha256'), 'hex'),
              identity_data = '{}'::jsonb, updated_at = now()
        where user_id = $1`,
      [target.id],
    );
  });
  sendJson(res, req, 200, {});
}
