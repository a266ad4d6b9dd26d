/**
 * The `api` edge function through the gateway, as the web app reaches it: supabase.functions.invoke with
 * the caller's session, the anon key, a bad token, a CORS preflight and an unknown route.
 */
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../supabase/local/src/jwt.ts';
import { closeSql, createTestClient, signedInClient, stackEnv } from '../support/stack-env.ts';

afterAll(closeSql);

interface Health {
  status: string;
  service: string;
  time: string;
  user: { id: string; email: string | null } | null;
}

/** The status and JSON body of a failed invoke (supabase-js keeps the Response as error.context). */
async function failure(error: unknown): Promise<{ status: number; body: unknown }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

describe('api function', () => {
  it('GET /api/health sees the signed-in caller', async () => {
    const { client, user } = await signedInClient('functions');
    const { data, error } = await client.functions.invoke<Health>('api/health', { method: 'GET' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'ok', service: 'api', user: { id: user.id, email: user.email } });
    expect(Number.isNaN(Date.parse(data!.time))).toBe(false);
  });

  it('GET /api/health with the anon key has no user', async () => {
    const { data, error } = await createTestClient().functions.invoke<Health>('api/health', { method: 'GET' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'ok', service: 'api', user: null });
  });

  it('refuses a token that is not signed with the project secret: 401 Invalid JWT', async () => {
    const forged = signJwt(
      { sub: '00000000-0000-0000-0000-000000000000', role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 },
      'not-the-project-secret-not-the-project-secret',
    );
    const { error } = await createTestClient().functions.invoke('api/health', {
      method: 'GET',
      headers: { Authorization: `Bearer ${forged}` },
    });
    expect(await failure(error)).toEqual({ status: 401, body: { msg: 'Invalid JWT' } });
  });

  it('answers a browser preflight with the CORS headers', async () => {
    const env = stackEnv();
    const response = await fetch(`${env.apiUrl}/functions/v1/api/health`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization, x-client-info, apikey, content-type');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE, OPTIONS');
  });

  it('answers 404 JSON for an unknown route of the api function and for an unknown function', async () => {
    const client = createTestClient();
    const route = await client.functions.invoke('api/no-such-route', { method: 'GET' });
    expect(await failure(route.error)).toEqual({ status: 404, body: { error: 'Not found' } });
    const fn = await client.functions.invoke('no-such-function');
    expect(await failure(fn.error)).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Requested function was not found' },
    });
  });

  it('answers a method the route does not take with 405 JSON, CORS headers included', async () => {
    const env = stackEnv();
    const response = await fetch(`${env.apiUrl}/functions/v1/api/health`, {
      method: 'POST',
      headers: { apikey: env.anonKey, Authorization: `Bearer ${env.anonKey}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({ error: 'Method not allowed' });
  });
});
