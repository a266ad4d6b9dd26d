/**
 * The Audit Log tab's entries (spec part 2 §7 GET /api/audit-logs?limit=100, §9 audit page size 100): the newest
 * 100 of the pharmacy's log for the filters set, then "Load older" asks for the 100 before the last one loaded
 * (the cursor beforeTimestamp/beforeId; the database pages on (created_at, id)). Admins only (403 otherwise).
 */
import { listAuditLogsEndpoint } from '@pharmacy/shared/api/audit-logs.ts';
import { AUDIT_LOG_PAGE_SIZE, type AuditLogEntry } from '@pharmacy/shared/security/audit-log.ts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { securityManagerKeys } from '../keys.ts';
import { auditLogFilterQuery, type AuditLogFilters } from './audit-log-filters.ts';

/** The last entry of a page, from which the next (older) page starts. */
export interface AuditLogCursor {
  beforeTimestamp: string;
  beforeId: number;
}

export interface AuditLogPage {
  entries: AuditLogEntry[];
  /** null when this page was the last (shorter than a full page). */
  nextCursor: AuditLogCursor | null;
}

export async function getAuditLogPage(filters: AuditLogFilters, before: AuditLogCursor | null): Promise<AuditLogPage> {
  const entries = await invokeApi(listAuditLogsEndpoint, {
    limit: AUDIT_LOG_PAGE_SIZE,
    ...auditLogFilterQuery(filters),
    ...(before ?? {}),
  });
  const last = entries.at(-1);
  const nextCursor = entries.length >= AUDIT_LOG_PAGE_SIZE && last ? { beforeTimestamp: last.timestamp, beforeId: last.id } : null;
  return { entries, nextCursor };
}

export function getAuditLogPagesQueryOptions(pharmacyId: string, filters: AuditLogFilters) {
  return infiniteQueryOptions({
    meta: { reads: ['audit_log'] },
    queryKey: securityManagerKeys.auditLogPages(pharmacyId, filters),
    queryFn: ({ pageParam }) => getAuditLogPage(filters, pageParam),
    initialPageParam: null as AuditLogCursor | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The previous filters' entries stay on screen while the new ones load, so the list does not flash. */
export function useAuditLogPages(pharmacyId: string, filters: AuditLogFilters, enabled = true) {
  return useInfiniteQuery({ ...getAuditLogPagesQueryOptions(pharmacyId, filters), placeholderData: keepPreviousData, enabled });
}
