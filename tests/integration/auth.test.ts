/**
 * Auth (the GoTrue-compatible service behind /auth/v1), driven through the official supabase-js client:
 * password sign-in and its token claims, refresh-token rotation and reuse detection, the user endpoints,
 * sign-out scopes, closed sign-up, the admin user API and the access token's acceptance by PostgREST.
 * The test stack runs with STACK_REFRESH_TOKEN_REUSE_INTERVAL=0 so that reuse is judged without waiting.
 */
import { createHash } from 'node:crypto';
import { createClient, isAuthApiError, isAuthWeakPasswordError, type Session } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../supabase/local/src/config.ts';
import { verifyJwt } from '../../supabase/local/src/jwt.ts';
import { closeSql, createServiceClient, createTestClient, createUser, eventually, signedInClient, sql, stackEnv } from '../support/stack-env.ts';

function claimsOf(accessToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

async function signIn(email: string, password: string): Promise<Session> {
  const { data, error } = await createTestClient().auth.signInWithPassword({ email, password });
  if (error || !data.session) throw new Error(`sign-in failed: ${error?.message}`);
  return data.session;
}

/** Exchanges a refresh token from a fresh client, as another tab or device would. */
async function refreshWith(refreshToken: string) {
  return createTestClient().auth.refreshSession({ refresh_token: refreshToken });
}

async function sessionCount(userId: string): Promise<number> {
  const rows = await sql<{ count: string }>('select count(*) from auth.sessions where user_id = $1', [userId]);
  return Number(rows[0]?.count);
}

afterAll(async () => {
  await closeSql();
});

describe('password sign-in', () => {
  it('returns a session whose access token carries GoTrue claims for the user and session', async () => {
    const user = await createUser('signin');
    const client = createTestClient();
    const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
    expect(error).toBeNull();
    const session = data.session!;
    expect(session.token_type).toBe('bearer');
    // config.toml's jwt_expiry; refresh tokens are 256 random bits, base64url.
    expect(session.expires_in).toBe(900);
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.user.id).toBe(user.id);
    expect(session.user.email).toBe(user.email);
    expect(session.user.last_sign_in_at).toBeTruthy();
    expect(session.user.identities?.map((identity) => identity.provider)).toEqual(['email']);

    const env = stackEnv();
    const claims = verifyJwt(session.access_token, env.jwtSecret);
    expect(claims).toEqual({
      iss: `${env.apiUrl}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      exp: expect.any(Number),
      iat: expect.any(Number),
      email: user.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { email_verified: true },
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.any(String),
      is_anonymous: false,
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(900);
    expect(session.expires_at).toBe(claims.exp);

    const stored = await sql('select s.aal, t.revoked from auth.sessions s join auth.refresh_tokens t on t.session_id = s.id where s.id = $1 and s.user_id = $2', [
      claims.session_id,
      user.id,
    ]);
    expect(stored).toEqual([{ aal: 'aal1', revoked: false }]);
    const { data: current } = await client.auth.getSession();
    expect(current.session?.access_token).toBe(session.access_token);
  });

  it('refuses a wrong password or unknown email with invalid_credentials and stores no session', async () => {
    const user = await createUser('wrongpw');
    for (const attempt of [
      { email: user.email, password: 'not-the-password' },
      { email: `nobody-${Date.now()}@example.test`, password: user.password },
    ]) {
      const client = createTestClient();
      const { data, error } = await client.auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(isAuthApiError(error)).toBe(true);
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
      expect((await client.auth.getSession()).data.session).toBeNull();
    }
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('accepts users seeded with pgcrypto bcrypt hashes', async () => {
    const email = `seeded-${Date.now()}@example.test`;
    const [row] = await sql<{ id: string }>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
               extensions.crypt('seeded-password', extensions.gen_salt('bf')), now(), '{}', '{}', now(), now())
       returning id`,
      [email],
    );
    const session = await signIn(email, 'seeded-password');
    expect(session.user.id).toBe(row!.id);
    expect(claimsOf(session.access_token).app_metadata).toEqual({ provider: 'email', providers: ['email'] });
  });
});

describe('refresh tokens', () => {
  it('rotates: a refresh returns new tokens and revokes the used refresh token', async () => {
    const { client } = await signedInClient('refresh');
    const before = (await client.auth.getSession()).data.session!;
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    const after = data.session!;
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(verifyJwt(after.access_token, stackEnv().jwtSecret).sub).toBe(claimsOf(before.access_token).sub);
    expect(claimsOf(after.access_token).session_id).toBe(claimsOf(before.access_token).session_id);

    // The table keeps each token's SHA-256, never the token.
    const digest = (token: string) => createHash('sha256').update(token).digest('hex');
    const rows = await sql<{ token: string; revoked: boolean; parent: string | null }>(
      'select token, revoked, parent from auth.refresh_tokens where token = any($1) order by id',
      [[digest(before.refresh_token), digest(after.refresh_token)]],
    );
    expect(rows).toEqual([
      { token: digest(before.refresh_token), revoked: true, parent: null },
      { token: digest(after.refresh_token), revoked: false, parent: digest(before.refresh_token) },
    ]);
  });

  it('gives a client that lost the response to its last refresh a new token in place of the lost one', async () => {
    const { client } = await signedInClient('lost');
    const first = (await client.auth.getSession()).data.session!.refresh_token;
    const second = (await refreshWith(first)).data.session!.refresh_token;
    const retried = await refreshWith(first);
    expect(retried.error).toBeNull();
    // Only digests are stored, so the lost token cannot be sent again: it is revoked and replaced.
    const third = retried.data.session!.refresh_token;
    expect(third).not.toBe(second);
    expect((await refreshWith(third)).error).toBeNull();
  });

  it('refuses reuse of an older revoked token and then revokes the whole session', async () => {
    const { client } = await signedInClient('reuse');
    const first = (await client.auth.getSession()).data.session!.refresh_token;
    const second = (await refreshWith(first)).data.session!.refresh_token;
    const third = (await refreshWith(second)).data.session!.refresh_token;

    const reused = await refreshWith(first);
    expect(reused.data.session).toBeNull();
    expect(reused.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });

    const afterReuse = await refreshWith(third);
    expect(afterReuse.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
  });

  it('refuses an unknown refresh token', async () => {
    const { error } = await refreshWith('unknowntoken');
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});

describe('the signed-in user', () => {
  it('getUser returns the user of the access token and refuses a forged token', async () => {
    const { client, user } = await signedInClient('getuser');
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: user.id, email: user.email, aud: 'authenticated', role: 'authenticated', is_anonymous: false });
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', user_id: user.id, identity_data: { email: user.email, sub: user.id } });

    const token = (await client.auth.getSession()).data.session!.access_token;
    const [header, payload] = token.split('.');
    const forged = await createTestClient().auth.getUser(`${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`);
    expect(forged.error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });

  it('updateUser changes the password (the old one stops working) and merges metadata', async () => {
    const { client, user } = await signedInClient('update');
    const weak = await client.auth.updateUser({ password: '12345' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    const same = await client.auth.updateUser({ password: user.password, current_password: user.password });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });

    const newPassword = `${user.password}-new`;
    const { data, error } = await client.auth.updateUser({ password: newPassword, current_password: user.password, data: { display_name: 'Pat' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ display_name: 'Pat', email_verified: true });

    const old = await createTestClient().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(old.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    const renewed = await signIn(user.email, newPassword);
    expect(renewed.user.user_metadata).toMatchObject({ display_name: 'Pat' });
  });

  it('changing the password ends the user’s other sessions but keeps the current one', async () => {
    const { client, user } = await signedInClient('pwsessions');
    const other = await signIn(user.email, user.password);
    const { error } = await client.auth.updateUser({ password: `${user.password}-2`, current_password: user.password });
    expect(error).toBeNull();
    expect((await refreshWith(other.refresh_token)).error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    expect((await client.auth.refreshSession()).error).toBeNull();
  });

  it('signOut ends the session: the old refresh token and access token stop working', async () => {
    const { client } = await signedInClient('signout');
    const session = (await client.auth.getSession()).data.session!;
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();

    expect((await refreshWith(session.refresh_token)).error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const { error: userError } = await createTestClient().auth.getUser(session.access_token);
    expect(userError?.name).toBe('AuthSessionMissingError');
  });

  it("signOut with scope 'others' keeps this session and ends the others", async () => {
    const user = await createUser('others');
    const here = createTestClient();
    await here.auth.signInWithPassword({ email: user.email, password: user.password });
    const elsewhere = await signIn(user.email, user.password);
    expect(await sessionCount(user.id)).toBe(2);

    expect((await here.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await sessionCount(user.id)).toBe(1);
    expect((await refreshWith(elsewhere.refresh_token)).error).toMatchObject({ code: 'refresh_token_not_found' });
    expect((await here.auth.refreshSession()).error).toBeNull();
  });
});

describe('sign-up', () => {
  it('is closed: pharmacies join through onboarding', async () => {
    const { data, error } = await createTestClient().auth.signUp({ email: `new-${Date.now()}@example.test`, password: 'a-good-password' });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'signup_disabled', message: 'Signups not allowed for this instance' });
  });
});

describe('admin user API', () => {
  it('creates, lists, gets, updates (including bans) and deletes users with the service role', async () => {
    const admin = createServiceClient().auth.admin;
    const email = `Admin-Made-${Date.now()}@Example.test`;
    const created = await admin.createUser({
      email,
      password: 'admin-set-password',
      email_confirm: true,
      user_metadata: { first_name: 'Sam' },
      app_metadata: { pharmacy_role: 'technician' },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      role: 'authenticated',
      aud: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'], pharmacy_role: 'technician' },
      user_metadata: { first_name: 'Sam', email_verified: true },
    });
    expect(user.email_confirmed_at).toBeTruthy();

    const duplicate = await admin.createUser({ email, password: 'another-password', email_confirm: true });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists', message: 'A user with this email address has already been registered' });

    await createUser('listed');
    await createUser('listed');
    const page = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page.error).toBeNull();
    const [total] = await sql<{ count: string }>(`select count(*) from auth.users where aud = 'authenticated'`);
    expect(page.data).toMatchObject({ aud: 'authenticated', total: Number(total!.count), nextPage: 2 });
    expect(page.data.users).toHaveLength(2);

    const fetched = await admin.getUserById(user.id);
    expect(fetched.data.user?.email).toBe(email.toLowerCase());

    const banned = await admin.updateUserById(user.id, { ban_duration: '24h', user_metadata: { last_name: 'Lee' } });
    expect(banned.error).toBeNull();
    expect(banned.data.user?.user_metadata).toMatchObject({ first_name: 'Sam', last_name: 'Lee' });
    expect(Date.parse(banned.data.user!.banned_until!)).toBeGreaterThan(Date.now());
    const refused = await createTestClient().auth.signInWithPassword({ email, password: 'admin-set-password' });
    expect(refused.error).toMatchObject({ status: 400, code: 'user_banned' });

    expect((await admin.updateUserById(user.id, { ban_duration: 'none', password: 'changed-by-admin' })).error).toBeNull();
    await signIn(email, 'changed-by-admin');

    const deleted = await admin.deleteUser(user.id);
    expect(deleted.error).toBeNull();
    expect((await admin.getUserById(user.id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect(await sql('select 1 from auth.identities where user_id = $1', [user.id])).toEqual([]);
  });

  it('refuses users that are not confirmed', async () => {
    const email = `unconfirmed-${Date.now()}@example.test`;
    expect((await createServiceClient().auth.admin.createUser({ email, password: 'unconfirmed-pw' })).error).toBeNull();
    const { error } = await createTestClient().auth.signInWithPassword({ email, password: 'unconfirmed-pw' });
    expect(error).toMatchObject({ status: 400, code: 'email_not_confirmed' });
  });

  it('answers 403 not_admin to the anon key and to a signed-in user', async () => {
    const anon = await createTestClient().auth.admin.listUsers();
    expect(anon.error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });

    const { client } = await signedInClient('notadmin');
    const token = (await client.auth.getSession()).data.session!.access_token;
    const asUser = createClient(stackEnv().apiUrl, stackEnv().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
    const { error } = await asUser.auth.admin.createUser({ email: `sneaky-${Date.now()}@example.test`, password: 'sneaky-password' });
    expect(error).toMatchObject({ status: 403, code: 'not_admin' });
  });
});

describe('wire format', () => {
  it('answers errors in the format of the requested API version, with x-sb-error-code', async () => {
    const env = stackEnv();
    const attempt = (headers: Record<string, string>) =>
      fetch(`${env.apiUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: env.anonKey, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email: 'nobody@example.test', password: 'whatever' }),
      });
    const modern = await attempt({ 'x-supabase-api-version': '2024-01-01' });
    expect(modern.status).toBe(400);
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(modern.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await modern.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });

    const legacy = await attempt({});
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(await legacy.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });

    const malformed = await fetch(`${env.apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: env.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: '{"email": ',
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).code).toBe('bad_json');
  });

  it('requires a user token for /user: no token is 401 no_authorization', async () => {
    const env = stackEnv();
    // Behind the gateway a request always carries at least the apikey as bearer, so call the part directly.
    const authPort = loadConfig({ STACK_PORT_BASE: new URL(env.apiUrl).port }).ports.auth;
    const response = await fetch(`http://127.0.0.1:${authPort}/user`, { headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe('no_authorization');

    const withAnonKey = await fetch(`${env.apiUrl}/auth/v1/user`, { headers: { apikey: env.anonKey, 'x-supabase-api-version': '2024-01-01' } });
    expect(withAnonKey.status).toBe(403);
    expect((await withAnonKey.json()).code).toBe('bad_jwt');
  });
});

describe('access tokens at PostgREST', () => {
  beforeAll(async () => {
    await sql(`
      create or replace function public.auth_test_whoami() returns uuid
      language sql stable set search_path = '' as $$ select auth.uid() $$;
      grant execute on function public.auth_test_whoami() to anon, authenticated;
      notify pgrst, 'reload schema';
    `);
  });

  afterAll(async () => {
    await sql('drop function if exists public.auth_test_whoami()');
  });

  it('a signed-in user’s JWT is accepted and auth.uid() is the user', async () => {
    const { client, user } = await signedInClient('postgrest');
    const uid = await eventually(async () => {
      const { data, error } = await client.rpc('auth_test_whoami');
      return error ? null : data;
    }, 'PostgREST to expose auth_test_whoami');
    expect(uid).toBe(user.id);
    const anon = await createTestClient().rpc('auth_test_whoami');
    expect(anon.error).toBeNull();
    expect(anon.data).toBeNull();
  });
});
