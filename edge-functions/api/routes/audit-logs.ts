/**
 * The audit log (spec part 2 §7 "Security manager"), acting as the caller so the database decides:
 * - GET /api/audit-logs — one page of the caller's pharmacy's audit log through public.audit_log_page (admins
 *   only: anyone else is refused there with 42501, answered 403), newest first, with the query's cursor and
 *   filters; the page size, cursor and date order are checked again by the database (22023, answered 400).
 */
import { listAuditLogsEndpoint } from '@pharmacy/shared/api/audit-logs.ts';
import type { AuditLogEntry } from '@pharmacy/shared/security/audit-log.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';

export function addAuditLogRoutes(router: ApiRouter): void {
  router.serve(listAuditLogsEndpoint, async ({ req, query }) => {
    const { data, error } = await createUserClient(req).rpc('audit_log_page', {
      page_size: query.limit,
      before_created_at: query.beforeTimestamp,
      before_id: query.beforeId,
      filter_user_id: query.userId,
      filter_action: query.action,
      filter_patient_id: query.patientId,
      from_date: query.from,
      to_date: query.to,
    });
    // The database's refusals keep their sentences: 42501 (not the pharmacy's admin) is 403, 22023 (bounds) 400.
    if (error) throw databaseFailure('reading the audit log', error);
    return data.map((row): AuditLogEntry => ({
      id: row.id,
      timestamp: row.created_at,
      userId: row.actor_user_id,
      userName: row.user_name,
      action: row.action,
      description: row.description,
      patientId: row.patient_id,
      ipAddress: row.ip_address,
      success: row.success,
    }));
  });
}
