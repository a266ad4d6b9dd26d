/**
 * Query keys of the Security Manager, starting with the pharmacy so one pharmacy's cache never answers for
 * another. What a change refreshes is decided by the tables it writes (lib/table-queries.ts); the security policy
 * is THE pharmacy-wide query (hooks/use-security-policy.ts), not this feature's.
 */
import type { AuditLogFilters } from './api/audit-log-filters.ts';

export const securityManagerKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'security-manager'] as const,
  /** GET /api/users: the pharmacy's staff (the cards, User Management, the audit log's user filter). */
  users: (pharmacyId: string) => [...securityManagerKeys.all(pharmacyId), 'users'] as const,
  /** Every audit log listing, whatever its filters, and the action filter's choices. */
  auditLog: (pharmacyId: string) => [...securityManagerKeys.all(pharmacyId), 'audit-log'] as const,
  /** One filtered listing (an infinite query, newest first). */
  auditLogPages: (pharmacyId: string, filters: AuditLogFilters) =>
    [...securityManagerKeys.auditLog(pharmacyId), 'pages', { ...filters }] as const,
  auditLogActions: (pharmacyId: string) => [...securityManagerKeys.auditLog(pharmacyId), 'actions'] as const,
};
