/**
 * GET /api/system-status (shared/src/api/system-status.ts): runs the health checks together and answers each
 * part's result and the whole ('operational' only when every part is ok). Signed-in active staff only: the
 * database check reads the caller's own staff row with their JWT, which also tells whether they are staff (403
 * otherwise; when the database does not answer, that failure is the answer).
 */
import { overallSystemStatus, SYSTEM_STATUS_TEXT, systemStatusEndpoint } from '@pharmacy/shared/api/system-status.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { requireUser } from '../../_shared/auth.ts';
import { HttpError } from '../../_shared/http.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';
import { checkApi, checkDatabase, checkStorage } from '../system-status/health-checks.ts';

export function addSystemStatusRoutes(router: ApiRouter): void {
  router.serve(systemStatusEndpoint, async ({ req }) => {
    const startedAt = performance.now();
    const user = await requireUser(req);
    const [database, storage] = await Promise.all([checkDatabase(createUserClient(req), user.id), checkStorage()]);
    if (database.isStaff === false) throw new HttpError(403, SYSTEM_STATUS_TEXT.notStaff);
    const checks = { database: database.check, api: checkApi(startedAt), storage };
    return { status: overallSystemStatus(checks), checkedAt: new Date().toISOString(), checks };
  });
}
