/**
 * The `api` function's router (edge-functions/_shared/router.ts): matching, path parameters, and the JSON
 * answers for unknown routes, wrong methods and failing handlers.
 */
import { describe, expect, it, vi } from 'vitest';
import { corsHeaders } from '../../edge-functions/_shared/cors.ts';
import { HttpError, jsonResponse } from '../../edge-functions/_shared/http.ts';
import { Router } from '../../edge-functions/_shared/router.ts';

function request(method: string, path: string): Request {
  return new Request(`http://127.0.0.1/api${path}`, { method });
}

async function answer(router: Router, method: string, path: string) {
  const response = await router.handle(request(method, path));
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe('Router', () => {
  const router = new Router()
    .get('/api/patients/search', () => jsonResponse({ route: 'search' }))
    .get('/api/patients/:id', ({ params }) => jsonResponse({ route: 'one', id: params.id }))
    .put('/api/patients/:id', ({ params }) => jsonResponse({ route: 'update', id: params.id }))
    .post('/api/labels/:prescriptionId/print/:copy', ({ params }) => jsonResponse(params, 201))
    .get('/api/fails', () => {
      throw new Error('database exploded: secret detail');
    })
    .get('/api/refuses', () => {
      throw new HttpError(422, 'Patient is required', { field: 'patientId' });
    });

  it('routes by method and path, decoding parameters and ignoring a trailing slash', async () => {
    expect((await answer(router, 'GET', '/patients/search')).body).toEqual({ route: 'search' });
    expect((await answer(router, 'GET', '/patients/a%20b/')).body).toEqual({ route: 'one', id: 'a b' });
    expect((await answer(router, 'PUT', '/patients/42')).body).toEqual({ route: 'update', id: '42' });
    expect(await answer(router, 'POST', '/labels/rx-1/print/2')).toMatchObject({
      status: 201,
      body: { prescriptionId: 'rx-1', copy: '2' },
    });
  });

  it('answers 404 JSON for an unknown path and 405 with Allow for a known path with another method', async () => {
    expect(await answer(router, 'GET', '/nothing/here')).toMatchObject({ status: 404, body: { error: 'Not found' } });
    expect(await answer(router, 'GET', '/patients/1/extra')).toMatchObject({ status: 404, body: { error: 'Not found' } });
    const wrongMethod = await answer(router, 'DELETE', '/patients/1');
    expect(wrongMethod).toMatchObject({ status: 405, body: { error: 'Method not allowed' } });
    expect(wrongMethod.headers.get('Allow')).toBe('GET, PUT');
  });

  it("answers an HttpError with its status and details, and any other exception with a 500 that hides it", async () => {
    expect(await answer(router, 'GET', '/refuses')).toMatchObject({
      status: 422,
      body: { error: 'Patient is required', details: { field: 'patientId' } },
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await answer(router, 'GET', '/fails')).toMatchObject({ status: 500, body: { error: 'Internal server error' } });
      // The detail goes to the function's log instead of the client.
      expect(logged).toHaveBeenCalledWith('GET /api/fails failed', expect.objectContaining({ message: 'database exploded: secret detail' }));
    } finally {
      logged.mockRestore();
    }
  });

  it('puts the CORS headers and a JSON content type on every answer', async () => {
    for (const path of ['/patients/search', '/nothing', '/refuses']) {
      const { headers } = await answer(router, 'GET', path);
      expect(headers.get('Content-Type')).toBe('application/json');
      for (const [name, value] of Object.entries(corsHeaders)) expect(headers.get(name)).toBe(value);
    }
  });

  it('refuses to register the same method and path twice', () => {
    expect(() => new Router().get('/api/x', () => jsonResponse({})).get('/api/x/', () => jsonResponse({}))).toThrow(
      'Route GET /api/x/ is already registered',
    );
  });
});
