/**
 * GET /api/health — liveness of the `api` function, and who the caller is (null for the anon key), which
 * lets a client check its session reaches the backend.
 */
import { findCallerUser } from '../../_shared/auth.ts';
import { jsonResponse } from '../../_shared/http.ts';
import type { Router } from '../../_shared/router.ts';

export function addHealthRoutes(router: Router): void {
  router.get('/api/health', async ({ req }) => {
    const user = await findCallerUser(req);
    return jsonResponse({
      status: 'ok',
      service: 'api',
      time: new Date().toISOString(),
      user: user ? { id: user.id, email: user.email ?? null } : null,
    });
  });
}
