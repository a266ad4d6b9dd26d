/**
 * GET /api/system-status (shared/src/api/system-status.ts): runs the health checks together and answers each
 * part's result and the whole ('operational' only when every part is ok). Any signed-in user; the database check
 * runs with their JWT, as their own queries do.
 */
import { overallSystemStatus, systemStatusEndpoint } from '@pharmacy/shared/api/system-status.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { requireUser } from '../../_shared/auth.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';
import { checkApi, checkDatabase, checkStorage } from '../system-status/health-checks.ts';

export function addSystemStatusRoutes(router: ApiRouter): void {
  router.serve(systemStatusEndpoint, async ({ req }) => {
    const startedAt = performance.now();
    const user = await requireUser(req);
    const [database, storage] = await Promise.all([checkDatabase(createUserClient(req), user.id), checkStorage()]);
    const checks = { database, api: checkApi(startedAt), storage };
    return { status: overallSystemStatus(checks), checkedAt: new Date().toISOString(), checks };
  });
}
