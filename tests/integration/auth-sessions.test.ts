/**
 * Sessions and accounts (issue 9), tried as an attacker would through supabase-js, raw HTTP and SQL:
 * deactivation ends every session at once (PostgREST and service-role paths), idle sessions cannot be
 * refreshed, the lockout is neither a weapon nor an oracle, sign-in and onboarding are rate-limited per client
 * IP, refresh tokens are long and stored hashed, every service refuses a JWT without `exp`, the password
 * minimum comes from config.toml, and sign-out, password/email changes and admin user changes are audited
 * with the client's IP.
 */
import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadAuthConfigToml } from '../../supabase/local/src/auth/auth-config.ts';
import { createAuthService, type AuthService } from '../../supabase/local/src/auth/server.ts';
import { authSettings } from '../../supabase/local/src/auth/settings.ts';
import { loadConfig } from '../../supabase/local/src/config.ts';
import { signJwt } from '../../supabase/local/src/jwt.ts';
import { wizardPayload } from '../support/onboarding-payloads.ts';
import { requestFromAddress } from '../support/request-from-address.ts';
import { closeSql, createServiceClient, createTestClient, createUser, sql, stackEnv } from '../support/stack-env.ts';
import { addStaff, createPharmacy, signIn, type TestPharmacy } from './db-fixtures.ts';

const DEACTIVATED_MESSAGE = 'This account has been deactivated. Contact your pharmacy administrator.';
const LOCKED_MESSAGE = /^Account locked due to too many failed sign-in attempts\./;

let pharmacy: TestPharmacy;

beforeAll(async () => {
  pharmacy = await createPharmacy('Session Rules Pharmacy');
}, 60_000);

afterAll(async () => {
  await closeSql();
});

/** The internal ports of the test stack (the services behind the gateway). */
function internalPorts() {
  return loadConfig({ STACK_PORT_BASE: String(new URL(stackEnv().apiUrl).port) }).ports;
}

async function sessionOf(client: SupabaseClient) {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('client has no session');
  return data.session;
}

async function sessionCount(userId: string): Promise<number> {
  return Number((await sql<{ count: string }>('select count(*) from auth.sessions where user_id = $1', [userId]))[0]!.count);
}

async function attempt(email: string, password: string) {
  return createTestClient().auth.signInWithPassword({ email, password });
}

/** A raw HTTP request from a chosen loopback address (each address is another client), with the anon bearer. */
function requestFrom(
  localAddress: string,
  path: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string>; port?: number } = {},
) {
  return requestFromAddress(localAddress, path, { ...options, headers: { authorization: `Bearer ${stackEnv().anonKey}`, ...options.headers } });
}

describe('deactivation', () => {
  it('ends every session of the user at once when an admin deactivates them through PostgREST; reactivation lifts it', async () => {
    const staff = await addStaff(pharmacy.id, 'technician', 'Dee', 'Activated');
    const second = await signIn(staff.email, staff.password);
    const { refresh_token: refreshToken, access_token: accessToken } = await sessionOf(staff.client);
    expect(await sessionCount(staff.id)).toBe(2);
    expect((await staff.client.from('staff_profiles').select('user_id').eq('user_id', staff.id)).data).toHaveLength(1);

    const deactivated = await pharmacy.admin.client.from('staff_profiles').update({ is_active: false }).eq('user_id', staff.id).select('is_active');
    expect(deactivated.data).toEqual([{ is_active: false }]);

    expect(await sessionCount(staff.id)).toBe(0);
    const refresh = await createTestClient().auth.refreshSession({ refresh_token: refreshToken });
    expect(refresh.error?.status).toBe(400);
    expect(refresh.data.session).toBeNull();
    // The access tokens still in hand see nothing and are refused by Auth.
    expect((await staff.client.from('staff_profiles').select('user_id')).data).toEqual([]);
    expect((await second.from('pharmacies').select('id')).data).toEqual([]);
    const stillUser = await createTestClient().auth.getUser(accessToken);
    expect(stillUser.data.user).toBeNull();
    expect(stillUser.error?.name).toBe('AuthSessionMissingError'); // 403 session_not_found, as auth-js names it
    // A wrong password answers as for anyone; only the right one learns of the deactivation.
    expect((await attempt(staff.email, 'not-the-password')).error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect((await attempt(staff.email, staff.password)).error?.message).toBe(DEACTIVATED_MESSAGE);

    const [banned] = await sql<{ banned: boolean }>('select banned_until > now() as banned from auth.users where id = $1', [staff.id]);
    expect(banned?.banned).toBe(true);

    const reactivated = await pharmacy.admin.client.from('staff_profiles').update({ is_active: true }).eq('user_id', staff.id).select('is_active');
    expect(reactivated.data).toEqual([{ is_active: true }]);
    const back = await signIn(staff.email, staff.password);
    expect((await back.from('staff_profiles').select('user_id').eq('user_id', staff.id)).data).toHaveLength(1);

    const audit = await sql<{ action: string; actor_user_id: string; success: boolean }>(
      `select action, actor_user_id, success from public.audit_log where entity_id = $1 and action in ('deactivate', 'reactivate') order by id`,
      [staff.id],
    );
    expect(audit).toEqual([
      { action: 'deactivate', actor_user_id: pharmacy.admin.id, success: true },
      { action: 'reactivate', actor_user_id: pharmacy.admin.id, success: true },
    ]);
  });

  it('ends the sessions too when the service role (an api route) or SQL deactivates', async () => {
    const viaService = await addStaff(pharmacy.id, 'pharmacist', 'Serv', 'Ice');
    const token = (await sessionOf(viaService.client)).refresh_token;
    const { error } = await createServiceClient().from('staff_profiles').update({ is_active: false }).eq('user_id', viaService.id);
    expect(error).toBeNull();
    expect(await sessionCount(viaService.id)).toBe(0);
    expect((await createTestClient().auth.refreshSession({ refresh_token: token })).error?.status).toBe(400);

    const viaSql = await addStaff(pharmacy.id, 'technician', 'Es', 'Queue');
    await sql('update public.staff_profiles set is_active = false where user_id = $1', [viaSql.id]);
    expect(await sessionCount(viaSql.id)).toBe(0);
    expect((await viaSql.client.from('patients').select('id')).data).toEqual([]);
  });

  it('ends the sessions of a staff member an admin removes', async () => {
    const removed = await addStaff(pharmacy.id, 'technician', 'Re', 'Moved');
    const token = (await sessionOf(removed.client)).refresh_token;
    const { error } = await pharmacy.admin.client.from('staff_profiles').delete().eq('user_id', removed.id);
    expect(error).toBeNull();
    expect(await sessionCount(removed.id)).toBe(0);
    expect((await createTestClient().auth.refreshSession({ refresh_token: token })).error?.status).toBe(400);
    const [audit] = await sql(`select actor_user_id from public.audit_log where action = 'end_sessions' and entity_id = $1`, [removed.id]);
    expect(audit).toEqual({ actor_user_id: pharmacy.admin.id });
  });
});

describe('lockout', () => {
  it('does not end the victim\'s sessions, and a locked account answers a wrong password as any wrong password', async () => {
    const victim = await addStaff(pharmacy.id, 'pharmacist', 'Vic', 'Tim');
    const unknown = await attempt(`nobody-${Date.now()}@example.test`, 'whatever-1');
    for (let i = 0; i < 3; i++) {
      const { error } = await attempt(victim.email, `guess-${i}`);
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
    const [state] = await sql<{ locked: boolean }>('select locked_until > now() as locked from public.staff_profiles where user_id = $1', [victim.id]);
    expect(state?.locked).toBe(true);

    // The victim keeps working: sessions, refresh and reads go on.
    expect(await sessionCount(victim.id)).toBe(1);
    expect((await victim.client.from('staff_profiles').select('user_id').eq('user_id', victim.id)).data).toHaveLength(1);
    const refreshed = await victim.client.auth.refreshSession();
    expect(refreshed.error).toBeNull();

    // While locked: a wrong password is indistinguishable from an unknown account's; the lock shows only to the right one.
    const wrongWhileLocked = await attempt(victim.email, 'guess-again');
    expect({ status: wrongWhileLocked.error?.status, code: wrongWhileLocked.error?.code, message: wrongWhileLocked.error?.message }).toEqual({
      status: unknown.error?.status,
      code: unknown.error?.code,
      message: unknown.error?.message,
    });
    expect((await attempt(victim.email, victim.password)).error?.message).toMatch(LOCKED_MESSAGE);
  });

  it('audits sign-in attempts with the client IP the gateway reported', async () => {
    const staff = await addStaff(pharmacy.id, 'technician', 'Ip', 'Address');
    const answer = await requestFrom('127.0.0.61', '/auth/v1/token?grant_type=password', { body: { email: staff.email, password: 'wrong-password' } });
    expect(answer.status).toBe(400);
    const [row] = await sql<{ ip: string }>(
      `select host(ip_address) as ip from public.audit_log where action = 'sign_in' and entity_id = $1 order by id desc limit 1`,
      [staff.id],
    );
    expect(row?.ip).toBe('127.0.0.61');
  });
});

describe('rate limits', () => {
  let service: AuthService | undefined;

  afterAll(async () => {
    await service?.close();
  });

  it('config.toml sets the sign-in limit, and the auth service refuses sign-ins past it per client IP', async () => {
    const toml = loadAuthConfigToml();
    expect(toml.signInSignUpsPer5Minutes).toBe(30);
    // An auth service on the test database with a limit of 3 (the test stack's own is raised for the suites).
    const config = loadConfig({ STACK_PORT_BASE: String(new URL(stackEnv().apiUrl).port) });
    service = createAuthService({ settings: authSettings(config, {}, { ...toml, signInSignUpsPer5Minutes: 3 }), dbUrl: stackEnv().dbUrl, log: () => undefined });
    const port = await service.listen(0);
    const user = await createUser('rate-limited');
    const tryFrom = (ip: string) =>
      requestFrom('127.0.0.1', '/token?grant_type=password', { port, body: { email: user.email, password: 'wrong-password' }, headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 3; i++) expect((await tryFrom('198.51.100.7')).status).toBe(400);
    const limited = await tryFrom('198.51.100.7');
    expect(limited).toMatchObject({ status: 429, body: { code: 429, error_code: 'over_request_rate_limit' } });
    expect((await tryFrom('198.51.100.8')).status).toBe(400);
  });

  it('limits onboarding checks and submissions per client IP in the database', async () => {
    const saved = await sql<{ bucket: string; max_hits: number }>(`select bucket, max_hits from private.rate_limit_policies`);
    await sql(`update private.rate_limit_policies set max_hits = case bucket when 'onboarding' then 1 else 2 end`);
    try {
      const check = () => requestFrom('127.0.0.71', '/functions/v1/api/onboarding/validate', { body: {} });
      expect((await check()).status).toBe(200);
      expect((await check()).status).toBe(200);
      expect(await check()).toMatchObject({ status: 429, body: { error: expect.stringMatching(/^Too many requests/) } });
      expect((await requestFrom('127.0.0.72', '/functions/v1/api/onboarding/validate', { body: {} })).status).toBe(200);

      const first = wizardPayload();
      const second = wizardPayload();
      expect((await requestFrom('127.0.0.73', '/functions/v1/api/auth/onboard', { body: first })).status).toBe(201);
      expect((await requestFrom('127.0.0.73', '/functions/v1/api/auth/onboard', { body: second })).status).toBe(429);
      const created = await sql('select 1 from public.pharmacies where pharmacy_name = $1', [second.pharmacyName]);
      expect(created).toEqual([]);
      const leftover = await sql('select 1 from auth.users where lower(email) = lower($1)', [second.adminEmail]);
      expect(leftover).toEqual([]);
    } finally {
      for (const row of saved) await sql('update private.rate_limit_policies set max_hits = $2 where bucket = $1', [row.bucket, row.max_hits]);
    }
  });

  it('lets only the service role count requests', async () => {
    const { error } = await pharmacy.admin.client.rpc('take_rate_limit_slot', { bucket_name: 'onboarding', caller_ip: '203.0.113.9' });
    expect(error?.code).toBe('42501');
    expect((await createTestClient().rpc('take_rate_limit_slot', { bucket_name: 'onboarding', caller_ip: '203.0.113.9' })).error?.code).toBe('42501');
  });
});

describe('idle sessions', () => {
  it('refuses a refresh after [auth.sessions] inactivity_timeout without one, as GoTrue does', async () => {
    expect(loadAuthConfigToml().inactivityTimeoutMs).toBe(30 * 60_000);
    const user = await createUser('idle');
    const client = await signIn(user.email, user.password);
    const session = await sessionOf(client);
    const sessionId = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()).session_id as string;

    await sql(`update auth.sessions set refreshed_at = timezone('utc', now() - interval '29 minutes') where id = $1`, [sessionId]);
    const active = await createTestClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(active.error).toBeNull();

    await sql(`update auth.sessions set refreshed_at = timezone('utc', now() - interval '31 minutes') where id = $1`, [sessionId]);
    const idle = await createTestClient().auth.refreshSession({ refresh_token: active.data.session!.refresh_token });
    expect(idle.error).toMatchObject({ status: 400, code: 'session_expired', message: 'Invalid Refresh Token: Session Expired (Inactivity)' });
  });
});

describe('tokens', () => {
  it('issues refresh tokens of at least 128 random bits and stores only their SHA-256', async () => {
    const user = await createUser('token-hash');
    const sessions = await Promise.all([0, 1].map(async () => sessionOf(await signIn(user.email, user.password))));
    for (const { refresh_token: token } of sessions) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 bytes, base64url
      expect(await sql('select 1 from auth.refresh_tokens where token = $1', [token])).toEqual([]);
      const digest = createHash('sha256').update(token).digest('hex');
      expect(await sql('select user_id from auth.refresh_tokens where token = $1', [digest])).toEqual([{ user_id: user.id }]);
    }
    expect(sessions[0]!.refresh_token).not.toBe(sessions[1]!.refresh_token);
  });

  it('lets a token refreshed twice within the reuse interval (two racing requests) give both callers working tokens', async () => {
    const config = loadConfig({ STACK_PORT_BASE: String(new URL(stackEnv().apiUrl).port) });
    const service = createAuthService({ settings: { ...authSettings(config, {}), refreshTokenReuseInterval: 10 }, dbUrl: stackEnv().dbUrl, log: () => undefined });
    try {
      const port = await service.listen(0);
      const user = await createUser('racing-refresh');
      const signedIn = await requestFrom('127.0.0.1', '/token?grant_type=password', { port, body: { email: user.email, password: user.password } });
      const first = (signedIn.body as { refresh_token: string }).refresh_token;
      const refresh = (token: string) => requestFrom('127.0.0.1', '/token?grant_type=refresh_token', { port, body: { refresh_token: token } });
      const a = await refresh(first);
      const b = await refresh(first);
      expect([a.status, b.status]).toEqual([200, 200]);
      const [tokenA, tokenB] = [a, b].map((answer) => (answer.body as { refresh_token: string }).refresh_token);
      expect(tokenA).not.toBe(tokenB);
      expect((await refresh(tokenA!)).status).toBe(200);
      expect((await refresh(tokenB!)).status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it('is refused by auth, functions and realtime when a JWT has no exp', async () => {
    const env = stackEnv();
    const ports = internalPorts();
    const user = await createUser('no-exp');
    const forever = signJwt({ sub: user.id, role: 'authenticated', aud: 'authenticated', email: user.email }, env.jwtSecret);

    const auth = await requestFrom('127.0.0.1', '/user', { port: ports.auth, headers: { authorization: `Bearer ${forever}` } });
    expect(auth).toMatchObject({ status: 403, body: { error_code: 'bad_jwt' } });

    const functions = await requestFrom('127.0.0.1', '/api/health', { port: ports.functions, headers: { authorization: `Bearer ${forever}` } });
    expect(functions).toMatchObject({ status: 401, body: { msg: 'Invalid JWT' } });

    const anonForever = signJwt({ iss: 'supabase-demo', role: 'anon' }, env.jwtSecret);
    const upgrade = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${ports.realtime}/socket/websocket?apikey=${anonForever}&vsn=1.0.0`);
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('open', () => {
        socket.close();
        resolve(101);
      });
      socket.on('error', () => resolve(-1));
    });
    expect(upgrade).toBe(403);

    // A channel joined with a valid key but an access token without exp is refused too.
    const reply = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${ports.realtime}/socket/websocket?apikey=${env.anonKey}&vsn=1.0.0`);
      socket.on('open', () => socket.send(JSON.stringify({ topic: 'realtime:no-exp', event: 'phx_join', payload: { config: {}, access_token: forever }, ref: '1' })));
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { event: string; payload: Record<string, unknown> };
        if (message.event === 'phx_reply') {
          socket.close();
          resolve(message.payload);
        }
      });
      socket.on('error', reject);
    });
    expect(reply.status).toBe('error');
  });

  it('takes the password minimum from config.toml (8)', async () => {
    expect(loadAuthConfigToml().minimumPasswordLength).toBe(8);
    const user = await createUser('short-password');
    const { error } = await createServiceClient().auth.admin.updateUserById(user.id, { password: '1234567' });
    expect(error).toMatchObject({ status: 422, code: 'weak_password', message: 'Password should be at least 8 characters.' });
  });
});

describe('what an admin cannot do to others', () => {
  it('a new staff profile, even an inactive one, bans nobody: an admin cannot lock out an auth user by naming them', async () => {
    const outsider = await createUser('technician');
    const added = await pharmacy.admin.client.from('staff_profiles')
      .insert({ user_id: outsider.id, role: 'technician', first_name: 'Not', last_name: 'Mine', email: outsider.email, is_active: false })
      .select('user_id');
    expect(added.error).toBeNull();
    expect(await sql('select banned_until from auth.users where id = $1', [outsider.id])).toEqual([{ banned_until: null }]);
  });
});

describe('guessing the current password', () => {
  it('counts toward the lockout like a sign-in, so a stolen access token cannot guess it at leisure', async () => {
    const staff = await addStaff(pharmacy.id, 'technician', 'Guess', 'Ed');
    const newPassword = `new-${Date.now()}-pw`;
    for (let guess = 1; guess <= 3; guess++) {
      const wrong = await staff.client.auth.updateUser({ password: newPassword, current_password: `guess-${guess}` });
      expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_invalid' });
    }
    // Locked now: even the right current password changes nothing, and says why.
    const right = await staff.client.auth.updateUser({ password: newPassword, current_password: staff.password });
    expect(right.error).toMatchObject({ status: 400, code: 'current_password_invalid' });
    expect(right.error?.message).toMatch(LOCKED_MESSAGE);
    expect(await sql('select failed_login_count from public.staff_profiles where user_id = $1', [staff.id])).toEqual([{ failed_login_count: 3 }]);
  });
});

describe('audited account changes', () => {
  async function auditRows(entityId: string, actions: string[]) {
    return sql<{ action: string; actor_user_id: string | null; pharmacy_id: string | null; ip: string | null; description: string }>(
      `select action, actor_user_id, pharmacy_id, host(ip_address) as ip, description from public.audit_log
        where entity_id = $1 and action = any($2) order by id`,
      [entityId, actions],
    );
  }

  it('requires the current password for a password or email change and audits the changes and the sign-out', async () => {
    const staff = await addStaff(pharmacy.id, 'technician', 'Chang', 'Ing');
    const newPassword = `new-${Date.now()}-pw`;
    const missing = await staff.client.auth.updateUser({ password: newPassword });
    expect(missing.error).toMatchObject({ status: 400, code: 'current_password_required' });
    const wrong = await staff.client.auth.updateUser({ password: newPassword, current_password: 'not-it' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_invalid' });
    const newEmail = `changed-${Date.now()}@example.test`;
    expect((await staff.client.auth.updateUser({ email: newEmail })).error?.code).toBe('current_password_required');
    expect((await attempt(staff.email, staff.password)).error).toBeNull();

    expect((await staff.client.auth.updateUser({ password: newPassword, current_password: staff.password })).error).toBeNull();
    expect((await staff.client.auth.updateUser({ email: newEmail, current_password: newPassword })).error).toBeNull();
    expect((await staff.client.auth.signOut({ scope: 'local' })).error).toBeNull();

    const rows = await auditRows(staff.id, ['password_change', 'account_change', 'sign_out']);
    expect(rows.map(({ action, actor_user_id, pharmacy_id, ip }) => ({ action, actor_user_id, pharmacy_id, ip }))).toEqual(
      ['password_change', 'account_change', 'account_change', 'sign_out'].map((action) => ({ action, actor_user_id: staff.id, pharmacy_id: pharmacy.id, ip: '127.0.0.1' })),
    );
    expect(rows[2]?.description).toBe(`Changed their sign-in email from ${staff.email} to ${newEmail}`);
  });

  it('audits changes made through the Auth admin API', async () => {
    const staff = await addStaff(pharmacy.id, 'pharmacist', 'Ad', 'Min');
    const { error } = await createServiceClient().auth.admin.updateUserById(staff.id, { ban_duration: '24h' });
    expect(error).toBeNull();
    const rows = await auditRows(staff.id, ['admin_user_change']);
    expect(rows).toEqual([
      { action: 'admin_user_change', actor_user_id: null, pharmacy_id: pharmacy.id, ip: '127.0.0.1', description: `Sign-in account ${staff.email} changed through the Auth admin API` },
    ]);
  });
});
