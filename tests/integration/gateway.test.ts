/**
 * The gateway's own behaviour, beyond what the REST, auth, realtime and functions tests cover.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { stackEnv } from '../support/stack-env.ts';

describe('gateway', () => {
  it('answers an unknown path as Kong does, readable by browsers', async () => {
    const response = await fetch(`${stackEnv().apiUrl}/storage/v1/bucket`, { headers: { origin: 'http://127.0.0.1:5173' } });
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
