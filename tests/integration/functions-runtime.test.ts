/**
 * The edge-function runtime on its own (no gateway), against the fixture functions in
 * tests/fixtures/edge-functions-runtime: the CLI's JWT gate, the URL a function sees, the environment it
 * gets, and failures that must answer JSON errors without stopping the runtime.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../supabase/local/src/jwt.ts';
import { startFunctionsRuntime, type FunctionsRuntime } from '../support/functions-runtime.ts';
import { eventually, stackEnv } from '../support/stack-env.ts';
import { repoRoot } from '../support/test-stack.ts';

const fixtures = path.join(repoRoot, 'tests/fixtures/edge-functions-runtime');
let runtime: FunctionsRuntime;
let baseUrl = '';

async function getJson(pathname: string, init: RequestInit = {}): Promise<{ status: number; body: unknown; contentType: string | null }> {
  const response = await fetch(`${baseUrl}${pathname}`, init);
  return { status: response.status, body: await response.json(), contentType: response.headers.get('content-type') };
}

beforeAll(async () => {
  runtime = startFunctionsRuntime(fixtures);
  baseUrl = await runtime.url;
});

afterAll(() => {
  runtime.child.kill('SIGTERM');
});

describe('routing', () => {
  it('hands the function the request with the path it has on hosted Supabase', async () => {
    const { status, body } = await getJson('/echo/some/path?x=1', { method: 'POST', body: 'payload' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ method: 'POST', pathname: '/echo/some/path', search: '?x=1', body: 'payload' });
  });

  it('gives functions the SUPABASE_* variables of hosted Supabase', async () => {
    const { body } = await getJson('/echo');
    const env = stackEnv();
    expect((body as { env: Record<string, string> }).env).toEqual({
      SUPABASE_URL: env.apiUrl,
      SUPABASE_ANON_KEY: env.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: env.serviceRoleKey,
      SUPABASE_DB_URL: env.dbUrl,
    });
  });

  it('answers 404 JSON for an unknown or disabled function', async () => {
    for (const name of ['no-such-function', 'disabled']) {
      const { status, body, contentType } = await getJson(`/${name}`);
      expect(status).toBe(404);
      expect(contentType).toBe('application/json');
      expect(body).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
  });
});

describe('JWT check of verify_jwt functions', () => {
  it('admits a token signed with the JWT secret', async () => {
    const token = stackEnv().anonKey;
    const { status, body } = await getJson('/guarded/x', { headers: { Authorization: `Bearer ${token}` } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ pathname: '/guarded/x', authorization: `Bearer ${token}` });
  });

  it('refuses a token with another signature or past its expiry', async () => {
    const now = Math.floor(Date.now() / 1000);
    const foreign = signJwt({ role: 'anon', exp: now + 3600 }, 'another-secret-another-secret-another-secret');
    const expired = signJwt({ role: 'anon', exp: now - 10 }, stackEnv().jwtSecret);
    for (const token of [foreign, expired, 'not-a-jwt']) {
      const { status, body } = await getJson('/guarded', { headers: { Authorization: `Bearer ${token}` } });
      expect(status).toBe(401);
      expect(body).toEqual({ msg: 'Invalid JWT' });
    }
  });

  it('refuses a missing or non-Bearer Authorization header with the CLI messages', async () => {
    expect(await getJson('/guarded')).toMatchObject({ status: 401, body: { msg: 'Error: Missing authorization header' } });
    expect(await getJson('/guarded', { headers: { Authorization: 'Basic abc' } })).toMatchObject({
      status: 401,
      body: { msg: "Error: Auth header is not 'Bearer {token}'" },
    });
  });

  it('lets OPTIONS through without a token', async () => {
    const { status, body } = await getJson('/guarded', { method: 'OPTIONS' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ method: 'OPTIONS' });
  });
});

describe('failures', () => {
  it('answers 500 WORKER_ERROR when a handler throws, rejects or returns a non-Response, and keeps serving', async () => {
    for (const pathname of ['/throws/sync', '/throws/async', '/throws/not-a-response']) {
      const { status, body, contentType } = await getJson(pathname);
      expect(status).toBe(500);
      expect(contentType).toBe('application/json');
      expect(body).toEqual({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' });
    }
    const after = await fetch(`${baseUrl}/throws/ok`);
    expect(await after.text()).toBe('fine');
  });

  it('survives errors a function leaves behind in the background', async () => {
    const response = await fetch(`${baseUrl}/throws/background`);
    expect(await response.text()).toBe('survived background failures');
    expect((await getJson('/echo/after-background')).status).toBe(200);
    await eventually(() => runtime.output().includes('rejected in the background') && runtime.output().includes('thrown from a timer'), 'the runtime to log both errors');
  });

  it('answers 503 BOOT_ERROR for a module that fails to load or never calls Deno.serve', async () => {
    for (const name of ['boot-fails', 'no-serve']) {
      const { status, body } = await getJson(`/${name}`);
      expect(status).toBe(503);
      expect(body).toEqual({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
    }
  });

  it("uses the function's own onError from Deno.serve's options form", async () => {
    const response = await fetch(`${baseUrl}/options-form`);
    expect(response.status).toBe(418);
    expect(await response.text()).toBe('handled: options-form failure');
  });
});
