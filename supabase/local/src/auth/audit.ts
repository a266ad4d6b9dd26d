/**
 * GoTrue's audit trail: one auth.audit_log_entries row per account event ({actor_id, actor_username, action,
 * log_type, traits}), written in the transaction of the change, as models.NewAuditLogEntry does. The project's
 * migration copies the events it audits (sign-out, password and account changes, the admin user API) into
 * public.audit_log with a trigger, so the same rows appear on hosted Supabase. GoTrue leaves ip_address empty
 * for these actions; the local service fills in the client's address.
 */
import type { Queryable } from './db.ts';
import type { UserRow } from './users.ts';

export type AuthAuditAction =
  | 'logout'
  | 'user_updated_password'
  | 'user_modified'
  | 'user_signedup'
  | 'user_deleted'
  | 'user_invited'
  | 'user_recovery_requested';

const LOG_TYPES: Record<AuthAuditAction, string> = {
  logout: 'account',
  user_updated_password: 'user',
  user_modified: 'user',
  user_signedup: 'team',
  user_deleted: 'team',
  user_invited: 'team',
  user_recovery_requested: 'user',
};

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** `actor` null: the service_role key (GoTrue's empty admin user). */
export async function recordAuthAudit(
  db: Queryable,
  actor: UserRow | null,
  action: AuthAuditAction,
  clientIp: string | null,
  traits?: Record<string, unknown>,
): Promise<void> {
  const payload: Record<string, unknown> = {
    actor_id: actor?.id ?? NIL_UUID,
    actor_via_sso: false,
    actor_username: actor?.phone || actor?.email || '',
    action,
    log_type: LOG_TYPES[action],
  };
  if (traits) payload.traits = traits;
  await db.query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), $1::json, now(), $2)`,
    [JSON.stringify(payload), clientIp ?? ''],
  );
}
