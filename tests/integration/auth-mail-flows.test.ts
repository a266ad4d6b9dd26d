/**
 * The auth service's mail flows as supabase-js calls them and GoTrue serves them: invite
 * (auth.admin.inviteUserByEmail) and recovery (auth.resetPasswordForEmail) mail a link to the mail catcher over
 * SMTP; GET /verify with the link's token redirects to the app with a session in the fragment; POST /verify
 * (verifyOtp({token_hash, type})) answers the session. Links are single-use, expire, and never lead off the
 * allowed sites; only the service role invites; recovery never tells whether an account exists.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadAuthConfigToml } from '../../supabase/local/src/auth/auth-config.ts';
import { createAuthService, type AuthService } from '../../supabase/local/src/auth/server.ts';
import { authSettings } from '../../supabase/local/src/auth/settings.ts';
import { loadConfig } from '../../supabase/local/src/config.ts';
import { closeSql, createServiceClient, createTestClient, createUser, signedInClient, sql, stackEnv } from '../support/stack-env.ts';

interface CaughtMessage {
  ID: string;
  From: { Name: string; Address: string };
  To: Array<{ Name: string; Address: string }>;
  Subject: string;
  Text: string;
  HTML: string;
}

let counter = 0;
function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.test`;
}

/** The mail the catcher holds for `email`, newest first (the auth service answers only after SMTP accepted it). */
async function mailFor(email: string): Promise<CaughtMessage[]> {
  const response = await fetch(`${stackEnv().mailpitUrl}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`);
  expect(response.status).toBe(200);
  const page = (await response.json()) as { messages: Array<{ ID: string }> };
  return Promise.all(page.messages.map(async ({ ID }) => (await (await fetch(`${stackEnv().mailpitUrl}/api/v1/message/${ID}`)).json()) as CaughtMessage));
}

async function onlyMailFor(email: string): Promise<CaughtMessage> {
  const messages = await mailFor(email);
  expect(messages).toHaveLength(1);
  return messages[0]!;
}

/** The link of the mail's HTML body (its only anchor). */
function linkIn(message: CaughtMessage): string {
  const match = /href="([^"]+)"/.exec(message.HTML);
  expect(match, 'the mail has a link').not.toBeNull();
  return match![1]!.replace(/&amp;/g, '&');
}

/** GETs the link without following the redirect; returns the status, the target and its fragment's values. */
async function openLink(link: string): Promise<{ status: number; target: string; fragment: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = response.headers.get('location') ?? '';
  const [target = '', fragment = ''] = location.split('#');
  return { status: response.status, target, fragment: new URLSearchParams(fragment) };
}

/** The methods of an access token's amr claim. */
function amrMethods(accessToken: string): string[] {
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { amr?: Array<{ method: string }> };
  return (claims.amr ?? []).map((entry) => entry.method);
}

const setPasswordUrl = () => `${stackEnv().webUrl}/set-password`;
/** config.toml's site_url. */
const SITE_URL = 'http://127.0.0.1:5173';

afterAll(async () => {
  await closeSql();
});

describe('invite', () => {
  it('mails the invitation; the link signs the invited user in, who sets a password and then signs in with it', async () => {
    const email = uniqueEmail('invitee');
    const { data, error } = await createServiceClient().auth.admin.inviteUserByEmail(email, {
      data: { first_name: 'Ivy', last_name: 'Invitee' },
      redirectTo: setPasswordUrl(),
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { first_name: 'Ivy', last_name: 'Invitee' } });
    expect(data.user?.invited_at).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeFalsy();

    const message = await onlyMailFor(email);
    expect(message.Subject).toBe('You have been invited');
    expect(message.To).toEqual([{ Name: '', Address: email }]);
    expect(message.From).toEqual({ Name: 'Admin', Address: 'admin@email.com' });
    const link = linkIn(message);
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${stackEnv().apiUrl}/auth/v1/verify`);
    expect(url.searchParams.get('type')).toBe('invite');
    expect(url.searchParams.get('redirect_to')).toBe(setPasswordUrl());
    expect(message.Text).toContain(link);

    // Stored as GoTrue stores it: the token hash in confirmation_token, sent now.
    const [stored] = await sql<{ confirmation_token: string; sent: boolean }>(
      `select confirmation_token, confirmation_sent_at > now() - interval '1 minute' as sent from auth.users where id = $1`,
      [data.user!.id],
    );
    expect(stored).toEqual({ confirmation_token: url.searchParams.get('token'), sent: true });
    expect(stored!.confirmation_token).toMatch(/^[0-9a-f]{56}$/);

    const opened = await openLink(link);
    expect(opened.status).toBe(303);
    expect(opened.target).toBe(setPasswordUrl());
    expect(opened.fragment.get('type')).toBe('invite');
    expect(opened.fragment.get('token_type')).toBe('bearer');
    expect(Number(opened.fragment.get('expires_in'))).toBeGreaterThan(0);
    expect(Number(opened.fragment.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);

    const invited = createTestClient();
    const session = await invited.auth.setSession({
      access_token: opened.fragment.get('access_token')!,
      refresh_token: opened.fragment.get('refresh_token')!,
    });
    expect(session.error).toBeNull();
    expect(session.data.user).toMatchObject({ id: data.user!.id, email });
    expect(session.data.user?.email_confirmed_at).toBeTruthy();
    const updated = await invited.auth.updateUser({ password: 'Invited-password-1' });
    expect(updated.error).toBeNull();

    const signedIn = await createTestClient().auth.signInWithPassword({ email, password: 'Invited-password-1' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.id).toBe(data.user!.id);
  });

  it('works once (a HEAD does not count): the same link again redirects with otp_expired and no session', async () => {
    const email = uniqueEmail('once');
    await createServiceClient().auth.admin.inviteUserByEmail(email, { redirectTo: setPasswordUrl() });
    const link = linkIn(await onlyMailFor(email));
    // A HEAD (a mail scanner checking the link) does not spend it.
    expect((await fetch(link, { method: 'HEAD', redirect: 'manual' })).status).toBe(303);
    expect((await openLink(link)).fragment.get('access_token')).toBeTruthy();

    const again = await openLink(link);
    expect(again.status).toBe(303);
    expect(again.target).toBe(setPasswordUrl());
    expect(Object.fromEntries(again.fragment)).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    });
  });

  it('expires otp_expiry seconds (config.toml, 3600) after it was sent', async () => {
    expect(loadAuthConfigToml().otpExpirySeconds).toBe(3600);
    const fresh = uniqueEmail('fresh');
    const stale = uniqueEmail('stale');
    const service = createServiceClient();
    const freshUser = (await service.auth.admin.inviteUserByEmail(fresh)).data.user!;
    const staleUser = (await service.auth.admin.inviteUserByEmail(stale)).data.user!;
    await sql(`update auth.users set confirmation_sent_at = now() - interval '3590 seconds' where id = $1`, [freshUser.id]);
    await sql(`update auth.users set confirmation_sent_at = now() - interval '3610 seconds' where id = $1`, [staleUser.id]);

    expect((await openLink(linkIn(await onlyMailFor(fresh)))).fragment.get('type')).toBe('invite');
    const expired = await openLink(linkIn(await onlyMailFor(stale)));
    expect(expired.fragment.get('error_code')).toBe('otp_expired');
    expect(expired.fragment.get('access_token')).toBeNull();
  });

  it('refuses callers without the service role: no user is created and no mail sent', async () => {
    const email = uniqueEmail('refused');
    const { client } = await signedInClient('not-admin');
    for (const caller of [createTestClient(), client]) {
      const { data, error } = await caller.auth.admin.inviteUserByEmail(email);
      expect(data.user).toBeNull();
      expect(error).toMatchObject({ status: 403, code: 'not_admin' });
    }
    // The raw call with the anon key as the bearer token, as a browser could send it.
    const raw = await fetch(`${stackEnv().apiUrl}/auth/v1/invite`, {
      method: 'POST',
      headers: { apikey: stackEnv().anonKey, authorization: `Bearer ${stackEnv().anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(raw.status).toBe(403);
    expect(await sql(`select 1 from auth.users where email = $1`, [email])).toHaveLength(0);
    expect(await mailFor(email)).toHaveLength(0);
  });

  it('answers 422 email_exists for a confirmed user, and re-invites a user who has not accepted yet (the old link dies)', async () => {
    const service = createServiceClient();
    const existing = await createUser('confirmed');
    const taken = await service.auth.admin.inviteUserByEmail(existing.email);
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists', message: 'A user with this email address has already been registered' });
    expect(await mailFor(existing.email)).toHaveLength(0);

    const email = uniqueEmail('reinvite');
    const first = (await service.auth.admin.inviteUserByEmail(email)).data.user!;
    const firstLink = linkIn(await onlyMailFor(email));
    const second = await service.auth.admin.inviteUserByEmail(email);
    expect(second.error).toBeNull();
    expect(second.data.user?.id).toBe(first.id);
    const links = (await mailFor(email)).map(linkIn);
    expect(links).toHaveLength(2);
    const secondLink = links.find((link) => link !== firstLink)!;
    expect((await openLink(firstLink)).fragment.get('error_code')).toBe('otp_expired');
    expect((await openLink(secondLink)).fragment.get('type')).toBe('invite');
  });
});

describe('redirect_to', () => {
  it('falls back to site_url when the requested target is not allowed, in the mail and at the link', async () => {
    const email = uniqueEmail('redirect');
    await createServiceClient().auth.admin.inviteUserByEmail(email, { redirectTo: 'https://evil.example/steal' });
    const link = linkIn(await onlyMailFor(email));
    expect(new URL(link).searchParams.get('redirect_to')).toBe(SITE_URL);

    // A link whose redirect_to was edited to another site still lands on the site, with the session.
    const tampered = new URL(link);
    tampered.searchParams.set('redirect_to', 'https://evil.example/steal');
    const opened = await openLink(tampered.toString());
    expect(opened.status).toBe(303);
    expect(opened.target).toBe(SITE_URL);
    expect(opened.fragment.get('type')).toBe('invite');
  });
});

describe('recovery', () => {
  it('answers every address the same, and mails a link only to an existing account', async () => {
    const existing = await createUser('recover-me');
    const unknown = uniqueEmail('nobody');
    const ask = (email: string) =>
      fetch(`${stackEnv().apiUrl}/auth/v1/recover?redirect_to=${encodeURIComponent(setPasswordUrl())}`, {
        method: 'POST',
        headers: { apikey: stackEnv().anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ email }),
      });
    const forUnknown = await ask(unknown);
    const forExisting = await ask(existing.email);
    expect([forUnknown.status, await forUnknown.text()]).toEqual([200, '{}']);
    expect([forExisting.status, await forExisting.text()]).toEqual([200, '{}']);
    expect(await mailFor(unknown)).toHaveLength(0);
    const message = await onlyMailFor(existing.email);
    expect(message.Subject).toBe('Reset Your Password');
    const link = new URL(linkIn(message));
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(setPasswordUrl());
  });

  it('signs in through the link for a new password without the forgotten one; the old password stops working', async () => {
    const user = await createUser('forgetful');
    const { data, error } = await createTestClient().auth.resetPasswordForEmail(user.email, { redirectTo: setPasswordUrl() });
    expect(error).toBeNull();
    expect(data).toEqual({});

    const opened = await openLink(linkIn(await onlyMailFor(user.email)));
    expect(opened.status).toBe(303);
    expect(opened.target).toBe(setPasswordUrl());
    expect(opened.fragment.get('type')).toBe('recovery');

    // The link is the session's method (GoTrue's verify records 'recovery' as its amr claim).
    expect(amrMethods(opened.fragment.get('access_token')!)).toEqual(['recovery']);
    const recovering = createTestClient();
    await recovering.auth.setSession({ access_token: opened.fragment.get('access_token')!, refresh_token: opened.fragment.get('refresh_token')! });
    const changed = await recovering.auth.updateUser({ password: 'Recovered-password-1' });
    expect(changed.error).toBeNull();
    // The session keeps an authentication method for its next tokens: the password it has just set.
    const refreshed = await recovering.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(amrMethods(refreshed.data.session!.access_token)).toEqual(['password']);
    // Once set, the session is an ordinary one: the next change needs the (new) current password again.
    const again = await recovering.auth.updateUser({ password: 'Another-password-2' });
    expect(again.error).toMatchObject({ code: 'current_password_required' });

    expect((await createTestClient().auth.signInWithPassword({ email: user.email, password: user.password })).error).toMatchObject({
      code: 'invalid_credentials',
    });
    expect((await createTestClient().auth.signInWithPassword({ email: user.email, password: 'Recovered-password-1' })).error).toBeNull();
  });

  it('verifyOtp({token_hash, type: "recovery"}) answers a session and fires PASSWORD_RECOVERY; the hash works once', async () => {
    const user = await createUser('otp-recovery');
    await createTestClient().auth.resetPasswordForEmail(user.email);
    const tokenHash = new URL(linkIn(await onlyMailFor(user.email))).searchParams.get('token')!;

    const client = createTestClient();
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => {
      events.push(event);
    });
    const verified = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(user.id);
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(events).toContain('PASSWORD_RECOVERY');

    const reused = await createTestClient().auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('a link for a banned (deactivated) user redirects with user_banned and no session', async () => {
    const user = await createUser('banned-recovery');
    await createTestClient().auth.resetPasswordForEmail(user.email, { redirectTo: setPasswordUrl() });
    await createServiceClient().auth.admin.updateUserById(user.id, { ban_duration: '24h' });
    const opened = await openLink(linkIn(await onlyMailFor(user.email)));
    expect(opened.fragment.get('error_code')).toBe('user_banned');
    expect(opened.fragment.get('access_token')).toBeNull();
  });
});

describe('auth.admin.generateLink and POST /verify input', () => {
  it('answers an invite or recovery link without mailing it; the link signs in like a mailed one; only the service role may ask', async () => {
    const service = createServiceClient();
    const email = uniqueEmail('generated');
    const invite = await service.auth.admin.generateLink({ type: 'invite', email, options: { data: { first_name: 'Gen' }, redirectTo: setPasswordUrl() } });
    expect(invite.error).toBeNull();
    expect(invite.data.user).toMatchObject({ email, user_metadata: { first_name: 'Gen' } });
    expect(invite.data.properties).toMatchObject({ verification_type: 'invite', redirect_to: setPasswordUrl() });
    expect(invite.data.properties!.action_link).toContain(`token=${invite.data.properties!.hashed_token}&type=invite`);
    expect(await mailFor(email)).toHaveLength(0);
    const opened = await openLink(invite.data.properties!.action_link);
    expect([opened.target, opened.fragment.get('type')]).toEqual([setPasswordUrl(), 'invite']);

    const existing = await createUser('generated-recovery');
    const recovery = await service.auth.admin.generateLink({ type: 'recovery', email: existing.email });
    expect(recovery.error).toBeNull();
    const verified = await createTestClient().auth.verifyOtp({ token_hash: recovery.data.properties!.hashed_token, type: 'recovery' });
    expect(verified.data.user?.id).toBe(existing.id);

    expect((await service.auth.admin.generateLink({ type: 'recovery', email: uniqueEmail('missing') })).error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect((await createTestClient().auth.admin.generateLink({ type: 'recovery', email: existing.email })).error).toMatchObject({ status: 403, code: 'not_admin' });
  });

  it("refuses POST /verify with a token_hash plus an email, an unknown type, and an invite's bad email, as GoTrue does", async () => {
    const post = (path: string, body: unknown, key = stackEnv().anonKey) =>
      fetch(`${stackEnv().apiUrl}/auth/v1/${path}`, {
        method: 'POST',
        headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify(body),
      });
    const withEmail = await post('verify', { type: 'recovery', token_hash: 'a'.repeat(56), email: 'x@example.test' });
    expect([withEmail.status, await withEmail.json()]).toEqual([400, { code: 'validation_failed', message: 'Only the token_hash and type should be provided' }]);
    const badType = await post('verify', { type: 'sms', token_hash: 'a'.repeat(56) });
    expect(badType.status).toBe(400);
    const unknown = await post('verify', { type: 'invite', token_hash: 'a'.repeat(56) });
    expect([unknown.status, await unknown.json()]).toEqual([403, { code: 'otp_expired', message: 'Token has expired or is invalid' }]);
    const badEmail = await post('invite', { email: 'not-an-email' }, stackEnv().serviceRoleKey);
    expect([badEmail.status, (await badEmail.json()).code]).toEqual([400, 'validation_failed']);
  });
});

describe('email rate limit ([auth.rate_limit] email_sent)', () => {
  let service: AuthService | undefined;
  afterAll(async () => {
    await service?.close();
  });

  it('refuses recovery mail past the hourly budget with 429 over_email_send_rate_limit', async () => {
    // An auth service on the test database whose budget is 1 mail an hour (the CLI applies email_sent with a real
    // SMTP server; here it mails the test stack's catcher).
    const config = loadConfig({ STACK_PORT_BASE: String(new URL(stackEnv().apiUrl).port) });
    service = createAuthService({ settings: { ...authSettings(config, {}), emailRateLimit: { max: 1, windowMs: 3_600_000 } }, dbUrl: stackEnv().dbUrl, log: () => undefined });
    const port = await service.listen(0);
    const first = await createUser('budget-1');
    const second = await createUser('budget-2');
    const recover = (email: string) =>
      fetch(`http://127.0.0.1:${port}/recover`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ email }),
      });
    expect((await recover(first.email)).status).toBe(200);
    const refused = await recover(second.email);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: 'over_email_send_rate_limit', message: 'Email rate limit exceeded' });
    expect(await mailFor(second.email)).toHaveLength(0);
  });
});
