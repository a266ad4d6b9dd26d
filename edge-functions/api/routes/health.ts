/**
 * GET /api/health — liveness of the `api` function, and who the caller is (null for the anon key), which
 * lets a client check its session reaches the backend.
 */
import { healthEndpoint } from '@pharmacy/shared/api/health.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { findCallerUser } from '../../_shared/auth.ts';

export function addHealthRoutes(router: ApiRouter): void {
  router.serve(healthEndpoint, async ({ req }) => {
    const user = await findCallerUser(req);
    return {
      status: 'ok' as const,
      service: 'api' as const,
      time: new Date().toISOString(),
      user: user ? { id: user.id, email: user.email ?? null } : null,
    };
  });
}
