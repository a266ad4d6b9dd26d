/** What the user reads when a call of the api function fails (web/src/lib/api-error.ts, spec part 1 §8). */
import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { apiErrorFromFunctionsError } from '../../web/src/lib/api-error.ts';

describe('apiErrorFromFunctionsError', () => {
  it('an answer outside the contract: the status code, a colon and the response body', async () => {
    const error = await apiErrorFromFunctionsError(new FunctionsHttpError(new Response('pharmacy not found', { status: 404, statusText: 'Not Found' })));
    expect([error.message, error.status, error.statusLine]).toEqual(['404: pharmacy not found', 404, '404: pharmacy not found']);
  });

  it('falls back to the status text when the body is empty', async () => {
    const error = await apiErrorFromFunctionsError(new FunctionsHttpError(new Response(null, { status: 503, statusText: 'Service Unavailable' })));
    expect(error.message).toBe('503: Service Unavailable');
  });

  it('says the server could not be reached on a network failure, with the cause', async () => {
    const error = await apiErrorFromFunctionsError(new FunctionsFetchError(new TypeError('Failed to fetch')));
    expect([error.message, error.status]).toEqual(['Could not reach the server (Failed to fetch).', null]);
  });

  it('reports a relay failure', async () => {
    const error = await apiErrorFromFunctionsError(new FunctionsRelayError(new Response(null, { status: 502 })));
    expect(error.message).toMatch(/^The server's relay could not reach the function/);
  });

  it('passes other errors through by message', async () => {
    expect((await apiErrorFromFunctionsError(new Error('boom'))).message).toBe('boom');
    expect((await apiErrorFromFunctionsError('plain')).message).toBe('plain');
  });
});
