/**
 * The gateway's own behaviour, beyond what the REST, auth, realtime and functions tests cover: routing,
 * the apikey, and the attacks it stands between clients and the parts against (request smuggling on raw
 * sockets, a spoofed client address, JWTs without exp), tried against the running stack.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signJwt } from '../../supabase/local/src/jwt.ts';
import { requestFromAddress } from '../support/request-from-address.ts';
import { createUser, eventually, sql, stackEnv } from '../support/stack-env.ts';

describe('gateway', () => {
  it('answers an unknown path as Kong does, readable by browsers', async () => {
    const response = await fetch(`${stackEnv().apiUrl}/no-such-service/v1/bucket`, { headers: { origin: 'http://127.0.0.1:5173' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({ message: 'no Route matched with those values' });
  });

  it('uses the apikey as the bearer token when Authorization is absent, for functions too', async () => {
    const { apiUrl, anonKey } = stackEnv();
    const response = await fetch(`${apiUrl}/functions/v1/api/health`, { headers: { apikey: anonKey } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', user: null });
  });

  it('refuses a websocket upgrade without an API key', async () => {
    const url = `${stackEnv().apiUrl.replace('http', 'ws')}/realtime/v1/websocket?vsn=2.0.0`;
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('open', () => reject(new Error('the upgrade was accepted without an API key')));
      socket.once('error', reject);
    });
    expect(status).toBe(401);
  });
});

// ---- Fixtures: an RPC that records its text body (what a smuggled request would capture) and one that
// returns the request headers PostgREST hands to SQL. Created for this file and dropped after it.

const CAPTURE_SQL = `
  create table public.gateway_test_capture (body text not null);
  alter table public.gateway_test_capture enable row level security;
  create function public.gateway_test_capture(text) returns void
    language sql security definer set search_path = ''
    as $$ insert into public.gateway_test_capture (body) values ($1) $$;
  grant execute on function public.gateway_test_capture(text) to anon;
  create function public.gateway_test_request_headers() returns jsonb
    language sql stable set search_path = ''
    as $$ select current_setting('request.headers', true)::jsonb $$;
  grant execute on function public.gateway_test_request_headers() to anon;
  notify pgrst, 'reload schema';
`;
const DROP_SQL = `
  drop function if exists public.gateway_test_capture(text);
  drop function if exists public.gateway_test_request_headers();
  drop table if exists public.gateway_test_capture;
  notify pgrst, 'reload schema';
`;

beforeAll(async () => {
  await sql(DROP_SQL);
  await sql(CAPTURE_SQL);
  const { apiUrl, anonKey } = stackEnv();
  await eventually(async () => (await fetch(`${apiUrl}/rest/v1/rpc/gateway_test_request_headers`, { headers: { apikey: anonKey } })).ok, 'the test RPCs in the schema cache');
});

afterAll(async () => {
  await sql(DROP_SQL);
});

async function captured(): Promise<string[]> {
  return (await sql<{ body: string }>('select body from public.gateway_test_capture')).map((row) => row.body);
}

interface RawReply {
  text: string;
  closed: boolean;
  socket: net.Socket;
}

/** Writes `request` on a new raw connection to the gateway; resolves once `done(text)` holds or the gateway closed. */
function rawExchange(request: string, done: (text: string) => boolean): Promise<RawReply> {
  const port = Number(new URL(stackEnv().apiUrl).port);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let text = '';
    const timer = setTimeout(() => reject(new Error(`no complete answer; got ${JSON.stringify(text)}`)), 10_000);
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.removeAllListeners('data');
      resolve({ text, closed, socket });
    };
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (done(text)) finish(false);
    });
    socket.once('close', () => finish(true));
    socket.once('error', () => undefined);
    socket.write(request, 'latin1');
  });
}

/** A whole HTTP/1.1 response with a Content-Length or chunked body has arrived. */
function responseComplete(text: string): boolean {
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd < 0) return false;
  const head = text.slice(0, headEnd).toLowerCase();
  const length = /\r\ncontent-length: (\d+)/.exec(head);
  if (length) return text.length - headEnd - 4 >= Number(length[1]);
  if (head.includes('transfer-encoding: chunked')) return text.endsWith('0\r\n\r\n');
  return /^http\/1\.1 (204|304)/.test(head);
}

describe('gateway: request smuggling on raw sockets', () => {
  /** A request the attacker hides so that the REST part would read it as a second one, outside the gateway's checks. */
  const hiddenCapture = (marker: string, contentLength = marker.length) =>
    `POST /rpc/gateway_test_capture HTTP/1.1\r\nHost: rest\r\nContent-Type: text/plain\r\nContent-Length: ${contentLength}\r\n\r\n${marker}`;

  it("a request carried in a chunked trailer cannot reach PostgREST or capture the next client's request", async () => {
    const { anonKey } = stackEnv();
    // The trailer holds a request head whose body is the next 120 bytes on the upstream connection: with
    // that connection pooled, those bytes would be another client's request, credentials included
    // (before the fix the victim below got the hidden request's 204 and its request was recorded).
    const attack =
      `POST /rest/v1/rpc/gateway_test_capture HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: ${anonKey}\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n` +
      `5\r\nfirst\r\n0\r\n${hiddenCapture('', 120)}`;
    const attacker = await rawExchange(attack, responseComplete);
    expect(attacker.text).toMatch(/^HTTP\/1\.1 400 /);
    attacker.socket.destroy();

    const victimToken = 'victim-secret-credential';
    const victim = await rawExchange(
      `GET /rest/v1/rpc/gateway_test_request_headers HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: ${anonKey}\r\nX-Victim-Credential: ${victimToken}\r\nAccept: application/json\r\n\r\n`,
      responseComplete,
    );
    victim.socket.destroy();
    // The victim gets its own answer, and nothing of its request was recorded by the attacker's RPC.
    expect(victim.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(victim.text).toContain(victimToken);
    expect((await captured()).join('\n')).not.toContain(victimToken);
    expect(await captured()).toEqual([]);
  });

  it.each([
    ['CL.TE', (hidden: string) => `POST /rest/v1/rpc/gateway_test_request_headers HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: {anon}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${hidden}`, 400],
    ['TE.CL', (hidden: string) => `POST /rest/v1/rpc/gateway_test_request_headers HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: {anon}\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n${hidden.length.toString(16)}\r\n${hidden}\r\n0\r\n\r\n`, 400],
    ['a repeated Content-Length', (hidden: string) => `POST /rest/v1/rpc/gateway_test_request_headers HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: {anon}\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n${hidden}`, 400],
    ['conflicting Content-Lengths', (hidden: string) => `POST /rest/v1/rpc/gateway_test_request_headers HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: {anon}\r\nContent-Length: 0\r\nContent-Length: ${hidden.length}\r\n\r\n${hidden}`, 400],
    ['an obs-fold line', (hidden: string) => `POST /rest/v1/rpc/gateway_test_request_headers HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: {anon}\r\nContent-Length: ${hidden.length}\r\nX-A: 1\r\n Transfer-Encoding: chunked\r\n\r\n${hidden}`, 400],
    ['an invalid chunk size', (hidden: string) => `POST /rest/v1/rpc/gateway_test_request_headers HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: {anon}\r\nTransfer-Encoding: chunked\r\n\r\n0x${hidden.length.toString(16)}\r\n${hidden}\r\n0\r\n\r\n`, 400],
    ['Transfer-Encoding other than exactly chunked', (hidden: string) => `POST /rest/v1/rpc/gateway_test_request_headers HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: {anon}\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n${hidden}`, 501],
    ['a request line in the trailer', (hidden: string) => `POST /rest/v1/rpc/gateway_test_request_headers HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: {anon}\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n${hidden}\r\n\r\n`, 400],
  ])('refuses %s with a status and a closed connection; the hidden request never runs', async (name, build, status) => {
    const marker = `smuggled-${name.replace(/\W+/g, '-')}`;
    const attempt = build(hiddenCapture(marker)).replace('{anon}', stackEnv().anonKey);
    const reply = await rawExchange(attempt, () => false);
    expect(reply.text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(reply.closed).toBe(true);
    // A follow-up request sees an upstream in step, and the hidden request left no row.
    const after = await fetch(`${stackEnv().apiUrl}/rest/v1/rpc/gateway_test_request_headers`, { headers: { apikey: stackEnv().anonKey } });
    expect(after.status).toBe(200);
    expect(await captured()).not.toContain(marker);
  });
});

describe('gateway: the client address', () => {
  const spoofed = { 'x-forwarded-for': '6.6.6.6', 'x-real-ip': '6.6.6.6', forwarded: 'for=6.6.6.6' };

  it('PostgREST sees the peer address in X-Forwarded-For and X-Real-IP, never a client-sent one', async () => {
    const { apiUrl, anonKey } = stackEnv();
    const response = await fetch(`${apiUrl}/rest/v1/rpc/gateway_test_request_headers`, { headers: { apikey: anonKey, ...spoofed } });
    expect(response.status).toBe(200);
    const headers = (await response.json()) as Record<string, string>;
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-real-ip']).toBe('127.0.0.1');
    expect(headers.forwarded).toBeUndefined();
  });

  it('PostgREST sees each client\'s own address: the peer the gateway saw, from any loopback address', async () => {
    const answer = await requestFromAddress('127.0.0.9', '/rest/v1/rpc/gateway_test_request_headers', { headers: spoofed });
    expect(answer.status).toBe(200);
    const headers = answer.body as Record<string, string>;
    expect(headers['x-forwarded-for']).toBe('127.0.0.9');
    expect(headers['x-real-ip']).toBe('127.0.0.9');
  });

  it('the auth service records the peer address on the session, never a client-sent one', async () => {
    const { apiUrl, anonKey } = stackEnv();
    const user = await createUser('gateway-ip');
    const response = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json', ...spoofed },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(response.status).toBe(200);
    const session = (await response.json()) as { access_token: string };
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString('utf8')) as { session_id: string };
    const rows = await sql<{ ip: string }>('select host(ip) as ip from auth.sessions where id = $1', [claims.session_id]);
    expect(rows).toEqual([{ ip: '127.0.0.1' }]);
  });
});

describe('gateway: JWTs without exp', () => {
  const noExpiry = () => signJwt({ role: 'service_role', iss: 'supabase-demo' }, stackEnv().jwtSecret);
  const refusal = { code: 'PGRST301', details: null, hint: null, message: 'JWT has no exp claim' };

  it('refuses a correctly signed service-role token without exp on /rest/v1 (PostgREST alone accepts it)', async () => {
    const { apiUrl, anonKey, jwtSecret } = stackEnv();
    const response = await fetch(`${apiUrl}/rest/v1/pharmacies?select=id`, { headers: { apikey: anonKey, authorization: `Bearer ${noExpiry()}` } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="JWT has no exp claim"');
    expect(await response.json()).toEqual(refusal);
    // The same claims with an exp are served: the refusal is about the missing exp alone.
    const withExpiry = signJwt({ role: 'service_role', iss: 'supabase-demo', exp: Math.floor(Date.now() / 1000) + 600 }, jwtSecret);
    const served = await fetch(`${apiUrl}/rest/v1/pharmacies?select=id`, { headers: { apikey: anonKey, authorization: `Bearer ${withExpiry}` } });
    expect(served.status).toBe(200);
  });

  it.each([
    ['/auth/v1/user', 'the bearer token'],
    ['/functions/v1/api/health', 'the bearer token'],
    ['/functions/v1/api/health', 'the apikey'],
  ])('refuses it on %s too, as %s', async (path, carrier) => {
    const { apiUrl, anonKey } = stackEnv();
    const headers: Record<string, string> = carrier === 'the apikey' ? { apikey: noExpiry() } : { apikey: anonKey, authorization: `Bearer ${noExpiry()}` };
    const response = await fetch(`${apiUrl}${path}`, { headers });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(refusal);
  });
});
