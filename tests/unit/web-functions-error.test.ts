/** The user-facing message for a failed edge-function call (web/src/lib/functions-error.ts, spec §8). */
import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { describeFunctionsError } from '../../web/src/lib/functions-error.ts';

describe('describeFunctionsError', () => {
  it('gives the status code, a colon and the response body for an HTTP error', async () => {
    const error = new FunctionsHttpError(new Response('{"error":"pharmacy not found"}', { status: 404, statusText: 'Not Found' }));
    expect(await describeFunctionsError(error)).toBe('404: {"error":"pharmacy not found"}');
  });

  it('falls back to the status text when the body is empty', async () => {
    const error = new FunctionsHttpError(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    expect(await describeFunctionsError(error)).toBe('503: Service Unavailable');
  });

  it('says the server could not be reached on a network failure, with the cause', async () => {
    const error = new FunctionsFetchError(new TypeError('Failed to fetch'));
    expect(await describeFunctionsError(error)).toBe('Could not reach the server (Failed to fetch).');
  });

  it('reports a relay failure', async () => {
    const error = new FunctionsRelayError(new Response(null, { status: 502 }));
    expect(await describeFunctionsError(error)).toMatch(/^The server's relay could not reach the function/);
  });

  it('passes other errors through by message', async () => {
    expect(await describeFunctionsError(new Error('boom'))).toBe('boom');
    expect(await describeFunctionsError('plain')).toBe('plain');
  });
});
