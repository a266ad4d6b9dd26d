/**
 * auth.users and auth.identities as GoTrue reads and writes them, and the user JSON it returns
 * (models.User / models.Identity field names, omitting empty optional timestamps as GoTrue does).
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from './db.ts';
import { factorJson, loadFactors, type FactorRow } from './factors.ts';
import { badRequest } from './errors.ts';
import type { JsonObject } from './http.ts';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  confirmed_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  phone_change: string | null;
  phone_change_sent_at: Date | null;
  reauthentication_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: JsonObject | null;
  raw_user_meta_data: JsonObject | null;
  banned_until: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: JsonObject | null;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, phone, phone_confirmed_at,
  confirmation_sent_at, confirmed_at, recovery_sent_at, email_change, email_change_sent_at, phone_change,
  phone_change_sent_at, reauthentication_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
  banned_until, created_at, updated_at, deleted_at, is_anonymous`;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

export async function findUserById(db: Queryable, id: string, { forUpdate = false } = {}): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const result = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1${forUpdate ? ' for update' : ''}`, [id]);
  return result.rows[0] ?? null;
}

/** GoTrue's FindUserByEmailAndAudience: case-insensitive, non-SSO users of the audience. */
export async function findUserByEmail(db: Queryable, email: string, aud: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and aud = $2 and is_sso_user = false limit 1`,
    [email, aud],
  );
  return result.rows[0] ?? null;
}

/** A page of an audience's users, newest first (GoTrue's FindUsersInAudience), and the total count. */
export async function findUsersPage(
  db: Queryable,
  aud: string,
  filter: string,
  limit: number,
  offset: number,
): Promise<{ users: UserRow[]; total: number }> {
  const where = `aud = $1 and ($2 = '' or email ilike $3 or raw_user_meta_data ->> 'full_name' ilike $3)`;
  const values = [aud, filter, `%${filter}%`];
  const count = await db.query<{ count: string }>(`select count(*) from auth.users where ${where}`, values);
  const page = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where ${where} order by created_at desc, id limit $4 offset $5`,
    [...values, limit, offset],
  );
  return { users: page.rows, total: Number(count.rows[0]?.count ?? 0) };
}

export async function emailTaken(db: Queryable, email: string, aud: string, exceptUserId?: string): Promise<boolean> {
  const result = await db.query(
    `select 1 from auth.users where lower(email) = lower($1) and aud = $2 and is_sso_user = false and id is distinct from $3::uuid limit 1`,
    [email, aud, exceptUserId ?? null],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function phoneTaken(db: Queryable, phone: string, exceptUserId?: string): Promise<boolean> {
  const result = await db.query(`select 1 from auth.users where phone = $1 and id is distinct from $2::uuid limit 1`, [phone, exceptUserId ?? null]);
  return (result.rowCount ?? 0) > 0;
}

export function isBanned(user: UserRow, now = new Date()): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > now.getTime();
}

/**
 * app_metadata as clients see it. GoTrue writes provider/providers when it creates a user; users
 * inserted by SQL seeds may lack them, so an email user gets GoTrue's defaults under the stored keys.
 */
export function appMetadata(user: UserRow): JsonObject {
  const stored = user.raw_app_meta_data ?? {};
  return user.email ? { provider: 'email', providers: ['email'], ...stored } : { ...stored };
}

export function userMetadata(user: UserRow): JsonObject {
  return { ...(user.raw_user_meta_data ?? {}) };
}

function iso(value: Date | null): string | undefined {
  return value ? value.toISOString() : undefined;
}

function identityJson(identity: IdentityRow): JsonObject {
  return withoutUndefined({
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data ?? undefined,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at) ?? null,
    updated_at: iso(identity.updated_at) ?? null,
    email: identity.email || undefined,
  });
}

function withoutUndefined(object: Record<string, unknown>): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

export async function loadIdentities(db: Queryable, userIds: string[]): Promise<Map<string, IdentityRow[]>> {
  const byUser = new Map<string, IdentityRow[]>();
  if (userIds.length === 0) return byUser;
  const result = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = any($1::uuid[]) order by created_at, id`,
    [userIds],
  );
  for (const row of result.rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push(row);
    byUser.set(row.user_id, list);
  }
  return byUser;
}

/** The user object; `factors` only when the user has any (GoTrue's omitempty). */
export function userJsonWith(user: UserRow, identities: IdentityRow[], factors: FactorRow[] = []): JsonObject {
  return withoutUndefined({
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    new_phone: user.phone_change || undefined,
    phone_change_sent_at: iso(user.phone_change_sent_at),
    reauthentication_sent_at: iso(user.reauthentication_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: appMetadata(user),
    user_metadata: userMetadata(user),
    identities: identities.map(identityJson),
    factors: factors.length > 0 ? factors.map(factorJson) : undefined,
    banned_until: iso(user.banned_until),
    created_at: iso(user.created_at) ?? null,
    updated_at: iso(user.updated_at) ?? null,
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  });
}

export async function userJson(db: Queryable, user: UserRow): Promise<JsonObject> {
  const [identities, factors] = await Promise.all([loadIdentities(db, [user.id]), loadFactors(db, [user.id])]);
  return userJsonWith(user, identities.get(user.id) ?? [], factors.get(user.id) ?? []);
}

/** GoTrue's UpdateUserMetaData / UpdateAppMetaData: keys set to null are removed, others replaced. */
export function mergeMetadata(current: JsonObject | null, patch: JsonObject): JsonObject {
  const merged: JsonObject = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

// The pattern of github.com/badoux/checkmail, which GoTrue's validateEmail uses.
const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail: required, at most 255 characters, checkmail's format; stored lower-case. */
export function validateEmail(email: string | undefined): string {
  if (!email) throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_PATTERN.test(email)) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/** GoTrue's validatePhone: E.164 digits without the leading "+". */
export function validatePhone(phone: string): string {
  const formatted = phone.replace(/^\+/, '').replaceAll(' ', '');
  if (!/^[1-9]\d{1,14}$/.test(formatted)) throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  return formatted;
}

export interface NewUser {
  /** A caller-chosen id (admin create), else a random one. */
  id?: string;
  email: string | null;
  phone: string | null;
  passwordHash: string;
  aud: string;
  role: string;
  appMetadata: JsonObject;
  userMetadata: JsonObject;
  emailConfirmed: boolean;
  phoneConfirmed: boolean;
  bannedForMs: number | null;
}

/**
 * Inserts a user and its identities as GoTrue's signup and admin create do: an "email" identity whose
 * provider_id is the user id, and a "phone" identity for a phone. Confirming the email records
 * email_verified in the user metadata, as GoTrue's User.Confirm does.
 */
export async function insertUser(db: Queryable, input: NewUser): Promise<UserRow> {
  const id = input.id ?? randomUUID();
  const userMetadata = input.emailConfirmed ? mergeMetadata(input.userMetadata, { email_verified: true }) : input.userMetadata;
  const result = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, phone, phone_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, banned_until, created_at, updated_at, is_sso_user, is_anonymous,
        confirmation_token, recovery_token, email_change_token_new, email_change)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, $5, case when $6 then now() end, $7, case when $8 then now() end,
        $9, $10, case when $11::float8 <> 0 then now() + make_interval(secs => $11::float8 / 1000) end, now(), now(), false, false,
        '', '', '', '')
     returning ${USER_COLUMNS}`,
    [
      id,
      input.aud,
      input.role,
      input.email,
      input.passwordHash,
      input.emailConfirmed,
      input.phone,
      input.phoneConfirmed,
      input.appMetadata,
      userMetadata,
      input.bannedForMs,
    ],
  );
  const user = result.rows[0] as UserRow;
  if (input.email) await insertIdentity(db, user.id, 'email', { sub: user.id, email: input.email, email_verified: false, phone_verified: false });
  if (input.phone) await insertIdentity(db, user.id, 'phone', { sub: user.id, phone: input.phone, email_verified: false, phone_verified: false });
  return user;
}

async function insertIdentity(db: Queryable, userId: string, provider: string, identityData: JsonObject): Promise<void> {
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, now(), now(), now())`,
    [userId, userId, identityData, provider],
  );
}

/** Sets or replaces the user's identity for an email or phone (GoTrue's admin and user updates). */
export async function upsertIdentity(db: Queryable, userId: string, provider: 'email' | 'phone', data: JsonObject): Promise<void> {
  const updated = await db.query(
    `update auth.identities set identity_data = identity_data || $3::jsonb, updated_at = now()
      where provider_id = $1 and provider = $2`,
    [userId, provider, data],
  );
  if ((updated.rowCount ?? 0) === 0) {
    await insertIdentity(db, userId, provider, { sub: userId, email_verified: false, phone_verified: false, ...data });
  }
}

/** Columns an update may set; values are parameters, names come only from this list. */
export type UserUpdate = Partial<{
  email: string | null;
  phone: string | null;
  encrypted_password: string;
  role: string;
  raw_app_meta_data: JsonObject;
  raw_user_meta_data: JsonObject;
  email_confirmed_now: true;
  phone_confirmed_now: true;
  banned_for_ms: number;
}>;

export async function updateUser(db: Queryable, userId: string, update: UserUpdate): Promise<UserRow> {
  const assignments: string[] = ['updated_at = now()'];
  const values: unknown[] = [userId];
  const set = (column: string, value: unknown, cast = '') => {
    values.push(value);
    assignments.push(`${column} = $${values.length}${cast}`);
  };
  if (update.email !== undefined) set('email', update.email);
  if (update.phone !== undefined) set('phone', update.phone);
  if (update.encrypted_password !== undefined) set('encrypted_password', update.encrypted_password);
  if (update.role !== undefined) set('role', update.role);
  if (update.raw_app_meta_data !== undefined) set('raw_app_meta_data', update.raw_app_meta_data, '::jsonb');
  if (update.raw_user_meta_data !== undefined) set('raw_user_meta_data', update.raw_user_meta_data, '::jsonb');
  if (update.email_confirmed_now) assignments.push(`email_confirmed_at = now(), confirmation_token = ''`);
  if (update.phone_confirmed_now) assignments.push(`phone_confirmed_at = now()`);
  if (update.banned_for_ms !== undefined) {
    values.push(update.banned_for_ms);
    assignments.push(`banned_until = case when $${values.length}::float8 <> 0 then now() + make_interval(secs => $${values.length}::float8 / 1000) end`);
  }
  const result = await db.query<UserRow>(`update auth.users set ${assignments.join(', ')} where id = $1 returning ${USER_COLUMNS}`, values);
  return result.rows[0] as UserRow;
}
