/**
 * GoTrue's admin MFA API (internal/api/admin.go), as auth-js's auth.admin.mfa.listFactors / deleteFactor call it
 * with the service_role key: GET /admin/users/{id}/factors (a bare array) and DELETE
 * /admin/users/{id}/factors/{factor_id} (the removed factor; sessions it raised go back to aal1). An admin of the
 * product uses it to reset the two-factor authentication of a staff member who lost their authenticator app.
 */
import { recordAuthAudit } from './audit.ts';
import { withTransaction, type Queryable } from './db.ts';
import { notFound } from './errors.ts';
import { factorJson, findOwnedFactor, loadFactors } from './factors.ts';
import { clientIp, sendJson } from './http.ts';
import { requireAdmin } from './request-auth.ts';
import type { RouteContext } from './route-context.ts';
import { downgradeFactorSessions } from './session-assurance.ts';
import { findUserById, isUuid, type UserRow } from './users.ts';

async function targetUser(db: Queryable, userId: string | undefined): Promise<UserRow> {
  if (!userId || !isUuid(userId)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(db, userId);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

export async function adminListFactors({ req, res, pool, settings, params }: RouteContext): Promise<void> {
  requireAdmin(req, settings);
  const user = await targetUser(pool, params.userId);
  const factors = (await loadFactors(pool, [user.id])).get(user.id) ?? [];
  sendJson(res, req, 200, factors.map(factorJson));
}

export async function adminDeleteFactor({ req, res, pool, settings, params }: RouteContext): Promise<void> {
  requireAdmin(req, settings);
  const deleted = await withTransaction(pool, async (db) => {
    const user = await targetUser(db, params.userId);
    const factorId = params.factorId ?? '';
    if (!isUuid(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
    const factor = await findOwnedFactor(db, user.id, factorId.toLowerCase(), { forUpdate: true });
    if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
    await recordAuthAudit(db, user, 'factor_deleted', clientIp(req), { user_id: user.id, factor_id: factor.id });
    await db.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
    await downgradeFactorSessions(db, user.id, factor.id);
    return factor;
  });
  sendJson(res, req, 200, factorJson(deleted));
}
