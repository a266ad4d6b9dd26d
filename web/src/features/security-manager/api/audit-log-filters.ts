/**
 * The Audit Log tab's filters as the screen holds them ('' is unset) and as GET /api/audit-logs takes them
 * (unset ones left out).
 */
import type { AuditLogQuery } from '@pharmacy/shared/security/audit-log.ts';

export interface AuditLogFilters {
  userId: string;
  action: string;
  patientId: string;
  /** Whole days (YYYY-MM-DD) in the pharmacy's time zone; the database reads them so. */
  from: string;
  to: string;
}

export const NO_AUDIT_LOG_FILTERS: AuditLogFilters = { userId: '', action: '', patientId: '', from: '', to: '' };

/** The query parameters of the filters that are set. */
export function auditLogFilterQuery(filters: AuditLogFilters): Partial<Pick<AuditLogQuery, 'userId' | 'action' | 'patientId' | 'from' | 'to'>> {
  const query: Partial<Record<keyof AuditLogFilters, string>> = {};
  for (const [name, value] of Object.entries(filters) as [keyof AuditLogFilters, string][]) {
    if (value !== '') query[name] = value;
  }
  return query;
}

/** Whether the from date is after the to date (the api would refuse; the tab says so instead of asking). */
export function auditLogDatesOutOfOrder(filters: AuditLogFilters): boolean {
  return filters.from !== '' && filters.to !== '' && filters.from > filters.to;
}
