/**
 * TOTP two-factor authentication as Supabase Auth serves it (GoTrue's /factors API), through supabase-js's
 * auth.mfa methods unchanged and through raw HTTP: enrolment (QR code, secret, URI), challenge and verify with a
 * code computed by the tests' own RFC 6238 generator, wrong, replayed, expired and foreign-address codes refused,
 * aal2 and amr in the JWT and kept across refreshes, aal2 required to unenrol or enrol more, unenrolment
 * downgrading the session, and the switches of config.toml.
 */
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAuthConfigToml } from '../../supabase/local/src/auth/auth-config.ts';
import { createAuthService, type AuthService } from '../../supabase/local/src/auth/server.ts';
import { authSettings } from '../../supabase/local/src/auth/settings.ts';
import { loadConfig } from '../../supabase/local/src/config.ts';
import { requestFromAddress } from '../support/request-from-address.ts';
import { closeSql, createTestClient, signedInClient, sql, stackEnv } from '../support/stack-env.ts';
import { totpCode, totpCodeAtStep } from '../support/totp.ts';

afterAll(closeSql);

function claims(accessToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

async function currentSession(client: SupabaseClient): Promise<Session> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('no session');
  return data.session;
}

function methods(accessToken: string): string[] {
  return (claims(accessToken).amr as Array<{ method: string }>).map((entry) => entry.method);
}

/** A user signed in with a password who has enrolled and verified a TOTP factor (session now aal2). */
async function userWithVerifiedFactor(prefix: string) {
  const { client, user } = await signedInClient(prefix);
  const { data: enrolled, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator' });
  if (error || !enrolled) throw new Error(`enroll failed: ${error?.message}`);
  const secret = enrolled.totp.secret;
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: enrolled.id, code: totpCode(secret) });
  if (verified.error) throw new Error(`verify failed: ${verified.error.message}`);
  return { client, user, factorId: enrolled.id, secret };
}

function authFetch(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const env = stackEnv();
  return fetch(`${env.apiUrl}/auth/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      apikey: env.anonKey,
      'x-supabase-api-version': '2024-01-01',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

describe('TOTP enrolment and verification (supabase-js auth.mfa)', () => {
  it('enrols a TOTP factor: an SVG QR code, a 32-character base32 secret and the otpauth URI; unverified until a code is given', async () => {
    const { client, user } = await signedInClient('mfa-enrol');
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'Phone app' });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data!.totp.uri).toBe(
      `otpauth://totp/127.0.0.1:5173:${encodeURIComponent(user.email)}?algorithm=SHA1&digits=6&issuer=127.0.0.1%3A5173&period=30&secret=${data!.totp.secret}`,
    );

    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.all).toEqual([expect.objectContaining({ id: data!.id, factor_type: 'totp', status: 'unverified', friendly_name: 'Phone app' })]);
    expect(factors.data?.totp).toEqual([]);
    const stored = await sql(`select factor_type::text, status::text, secret from auth.mfa_factors where id = $1`, [data!.id]);
    expect(stored).toEqual([{ factor_type: 'totp', status: 'unverified', secret: data!.totp.secret }]);

    // A second factor with the same name is refused (GoTrue's mfa_factor_name_conflict).
    const duplicate = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(duplicate.error?.code).toBe('mfa_factor_name_conflict');
  });

  it('refuses a wrong code and a code outside the ±1 step window; the session stays aal1', async () => {
    const { client } = await signedInClient('mfa-wrong');
    const { data: enrolled } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const secret = enrolled!.totp.secret;
    const right = totpCode(secret);
    const wrong = right === '000000' ? '000001' : '000000';
    for (const code of [wrong, totpCodeAtStep(secret, 3), totpCodeAtStep(secret, -3)]) {
      const { data: challenge } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
      const result = await client.auth.mfa.verify({ factorId: enrolled!.id, challengeId: challenge!.id, code });
      expect(result.error?.code, code).toBe('mfa_verification_failed');
      expect(result.error?.message).toBe('Invalid TOTP code entered');
    }
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
    expect((await sql(`select status::text from auth.mfa_factors where id = $1`, [enrolled!.id]))[0]).toEqual({ status: 'unverified' });
  });

  it('verifies the right code: a new aal2 session (amr password and totp), the factor verified, and the code never accepted again', async () => {
    const { client, user } = await signedInClient('mfa-verify');
    const before = await currentSession(client);
    expect(claims(before.access_token)).toMatchObject({ aal: 'aal1' });
    expect(methods(before.access_token)).toEqual(['password']);

    const { data: enrolled } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const secret = enrolled!.totp.secret;
    const code = totpCode(secret);
    const { data: challenge, error: challengeError } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
    expect(challengeError).toBeNull();
    expect(challenge).toMatchObject({ type: 'totp' });
    const nowSeconds = Date.now() / 1000;
    expect(challenge!.expires_at).toBeGreaterThan(nowSeconds + 290);
    expect(challenge!.expires_at).toBeLessThanOrEqual(nowSeconds + 301);

    const { data: verified, error } = await client.auth.mfa.verify({ factorId: enrolled!.id, challengeId: challenge!.id, code });
    expect(error).toBeNull();
    expect(verified!.refresh_token).not.toBe(before.refresh_token);
    const after = claims(verified!.access_token);
    expect(after).toMatchObject({ aal: 'aal2', sub: user.id, session_id: claims(before.access_token).session_id });
    expect(methods(verified!.access_token).sort()).toEqual(['password', 'totp']);
    expect(verified!.user.factors).toEqual([expect.objectContaining({ id: enrolled!.id, status: 'verified', factor_type: 'totp' })]);

    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect((await client.auth.mfa.listFactors()).data?.totp).toEqual([expect.objectContaining({ id: enrolled!.id, status: 'verified' })]);
    expect(await sql(`select aal::text, factor_id from auth.sessions where id = $1`, [after.session_id])).toEqual([{ aal: 'aal2', factor_id: enrolled!.id }]);

    // The same code, on a fresh challenge, is refused (RFC 6238 §5.2); so is reusing the verified challenge.
    const { data: again } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
    const replay = await client.auth.mfa.verify({ factorId: enrolled!.id, challengeId: again!.id, code });
    expect(replay.error?.code).toBe('mfa_verification_failed');
    const reusedChallenge = await client.auth.mfa.verify({ factorId: enrolled!.id, challengeId: challenge!.id, code: totpCodeAtStep(secret, 1) });
    expect(reusedChallenge.error?.code).toBe('mfa_ip_address_mismatch');
  });

  it('keeps aal2 across refreshes; the refresh token of the aal1 session before verification is dead', async () => {
    const { client, user } = await signedInClient('mfa-refresh');
    const aal1RefreshToken = (await currentSession(client)).refresh_token;
    const { data: enrolled } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const verified = await client.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code: totpCode(enrolled!.totp.secret) });
    expect(verified.error).toBeNull();

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(claims(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal2', sub: user.id });
    expect(methods(refreshed.data.session!.access_token).sort()).toEqual(['password', 'totp']);

    const stale = await createTestClient().auth.refreshSession({ refresh_token: aal1RefreshToken });
    expect(stale.error?.code).toBe('refresh_token_not_found');
  });

  it('a later password sign-in is aal1 with nextLevel aal2 until the code is given; verifying ends the other aal1 sessions', async () => {
    const { user, secret, factorId } = await userWithVerifiedFactor('mfa-signin');
    const terminal = createTestClient();
    const signIn = await terminal.auth.signInWithPassword({ email: user.email, password: user.password });
    expect(signIn.error).toBeNull();
    expect(claims(signIn.data.session!.access_token)).toMatchObject({ aal: 'aal1' });
    expect((await terminal.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    // The profile's password and email stay out of reach of an aal1 session (GoTrue's insufficient_aal).
    const passwordChange = await terminal.auth.updateUser({ password: 'another-Passw0rd!' });
    expect(passwordChange.error).toMatchObject({ status: 401, code: 'insufficient_aal' });
    // So do a new factor and the removal of the verified one.
    expect((await terminal.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' })).error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    expect((await terminal.auth.mfa.unenroll({ factorId })).error).toMatchObject({ status: 422, code: 'insufficient_aal' });

    const other = createTestClient();
    await other.auth.signInWithPassword({ email: user.email, password: user.password });
    const otherSession = claims((await currentSession(other)).access_token).session_id;

    // The first verification used the current step; the next step's code is still inside the window.
    const verified = await terminal.auth.mfa.challengeAndVerify({ factorId, code: totpCodeAtStep(secret, 1) });
    expect(verified.error).toBeNull();
    expect(claims(verified.data!.access_token)).toMatchObject({ aal: 'aal2' });
    expect(await sql(`select 1 from auth.sessions where id = $1`, [otherSession])).toEqual([]);
    // Its refresh tokens went with it.
    expect((await other.auth.refreshSession()).error?.code).toBe('refresh_token_not_found');
  });

  it('unenrols a verified factor from an aal2 session: the session goes back to aal1 and the user lists no factors', async () => {
    const { client, factorId } = await userWithVerifiedFactor('mfa-unenrol');
    const { data, error } = await client.auth.mfa.unenroll({ factorId });
    expect(error).toBeNull();
    expect(data).toEqual({ id: factorId });
    expect(await sql(`select 1 from auth.mfa_factors where id = $1`, [factorId])).toEqual([]);

    const refreshed = await client.auth.refreshSession();
    expect(claims(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal1' });
    expect(methods(refreshed.data.session!.access_token)).toEqual(['password']);
    const { data: user } = await client.auth.getUser();
    expect(user.user).not.toHaveProperty('factors');
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);
  });
});

describe('TOTP over raw HTTP (GoTrue wire behaviour)', () => {
  it("refuses callers without a user session, malformed factor ids, other users' factors and an empty code", async () => {
    const owner = await signedInClient('mfa-owner');
    const stranger = await signedInClient('mfa-stranger');
    const { data: enrolled } = await owner.client.auth.mfa.enroll({ factorType: 'totp' });
    const strangerToken = (await currentSession(stranger.client)).access_token;
    const ownerToken = (await currentSession(owner.client)).access_token;

    // The anon key (which the gateway sends on when no user token comes) names no user.
    const anonymous = await authFetch('/factors', { body: { factor_type: 'totp' } });
    expect(anonymous.status).toBe(403);
    expect(await anonymous.json()).toMatchObject({ code: 'bad_jwt' });
    const notUuid = await authFetch('/factors/not-a-uuid/challenge', { token: ownerToken, body: {} });
    expect(notUuid.status).toBe(404);
    expect(await notUuid.json()).toMatchObject({ code: 'validation_failed' });
    const foreign = await authFetch(`/factors/${enrolled!.id}/challenge`, { token: strangerToken, body: {} });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: 'mfa_factor_not_found', message: 'Factor not found' });
    expect((await authFetch(`/factors/${enrolled!.id}`, { method: 'DELETE', token: strangerToken })).status).toBe(404);
    const badType = await authFetch('/factors', { token: ownerToken, body: { factor_type: 'sms' } });
    expect(badType.status).toBe(400);
    expect(await badType.json()).toMatchObject({ code: 'validation_failed', message: 'factor_type needs to be totp, phone, or webauthn' });
    const phone = await authFetch('/factors', { token: ownerToken, body: { factor_type: 'phone', phone: '+13095550100' } });
    expect(phone.status).toBe(422);
    expect(await phone.json()).toMatchObject({ code: 'mfa_phone_enroll_not_enabled' });

    const challenge = (await (await authFetch(`/factors/${enrolled!.id}/challenge`, { token: ownerToken, body: {} })).json()) as { id: string };
    const empty = await authFetch(`/factors/${enrolled!.id}/verify`, { token: ownerToken, body: { challenge_id: challenge.id, code: '' } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: 'validation_failed', message: 'Code needs to be non-empty' });
    const unknownChallenge = await authFetch(`/factors/${enrolled!.id}/verify`, {
      token: ownerToken,
      body: { challenge_id: '00000000-0000-4000-8000-000000000000', code: totpCode(enrolled!.totp.secret) },
    });
    expect(unknownChallenge.status).toBe(422);
    expect(await unknownChallenge.json()).toMatchObject({ code: 'mfa_factor_not_found' });
  });

  it('an expired challenge (older than 300 s) is refused and deleted', async () => {
    const { client } = await signedInClient('mfa-expired');
    const { data: enrolled } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
    await sql(`update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`, [challenge!.id]);
    const result = await client.auth.mfa.verify({ factorId: enrolled!.id, challengeId: challenge!.id, code: totpCode(enrolled!.totp.secret) });
    expect(result.error?.code).toBe('mfa_challenge_expired');
    expect(await sql(`select 1 from auth.mfa_challenges where id = $1`, [challenge!.id])).toEqual([]);
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1');
  });

  it('a challenge is answered only from the address that asked for it', async () => {
    const { client } = await signedInClient('mfa-address');
    const { data: enrolled } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const token = (await currentSession(client)).access_token;
    const headers = { authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' };
    const challenge = await requestFromAddress('127.0.0.61', `/auth/v1/factors/${enrolled!.id}/challenge`, { body: {}, headers });
    expect(challenge.status).toBe(200);
    const challengeId = (challenge.body as { id: string }).id;
    const code = totpCode(enrolled!.totp.secret);
    const elsewhere = await requestFromAddress('127.0.0.62', `/auth/v1/factors/${enrolled!.id}/verify`, { body: { challenge_id: challengeId, code }, headers });
    expect(elsewhere).toMatchObject({ status: 422, body: { code: 'mfa_ip_address_mismatch' } });
    const same = await requestFromAddress('127.0.0.61', `/auth/v1/factors/${enrolled!.id}/verify`, { body: { challenge_id: challengeId, code }, headers });
    expect(same.status).toBe(200);
    expect(claims((same.body as { access_token: string }).access_token)).toMatchObject({ aal: 'aal2' });
  });
});

describe('config.toml [auth.mfa.totp]', () => {
  let service: AuthService | undefined;
  afterAll(async () => {
    await service?.close();
  });

  it('turns enrolment and verification on; an auth service with them off refuses both as GoTrue does', async () => {
    const toml = loadAuthConfigToml();
    expect(toml.mfa).toMatchObject({ totpEnrollEnabled: true, totpVerifyEnabled: true });
    const config = loadConfig({ STACK_PORT_BASE: String(new URL(stackEnv().apiUrl).port) });
    service = createAuthService({
      settings: authSettings(config, {}, { ...toml, mfa: { ...toml.mfa, totpEnrollEnabled: false, totpVerifyEnabled: false } }),
      dbUrl: stackEnv().dbUrl,
      log: () => undefined,
    });
    const port = await service.listen(0);
    const { client } = await signedInClient('mfa-disabled');
    const { data: enrolled } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const headers = { authorization: `Bearer ${(await currentSession(client)).access_token}`, 'x-supabase-api-version': '2024-01-01' };
    const enrol = await requestFromAddress('127.0.0.1', '/factors', { port, body: { factor_type: 'totp' }, headers });
    expect(enrol).toMatchObject({ status: 422, body: { code: 'mfa_totp_enroll_not_enabled', message: 'MFA enroll is disabled for TOTP' } });
    const challenge = await requestFromAddress('127.0.0.1', `/factors/${enrolled!.id}/challenge`, { port, body: {}, headers });
    expect(challenge).toMatchObject({ status: 422, body: { code: 'mfa_totp_verify_not_enabled', message: 'MFA verification is disabled for TOTP' } });
  });

  it('allows at most max_enrolled_factors factors per user', async () => {
    const { client } = await signedInClient('mfa-many');
    const max = loadAuthConfigToml().mfa.maxEnrolledFactors;
    for (let i = 0; i < max; i++) expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: `App ${i}` })).error).toBeNull();
    const extra = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'One too many' });
    expect(extra.error?.code).toBe('too_many_enrolled_mfa_factors');
  });
});
