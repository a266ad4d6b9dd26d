/**
 * The Audit Log tab (spec part 2 §2, §7 GET /api/audit-logs?limit=100, §9): the newest 100 entries of the
 * pharmacy's log for the filters set, "Load older" for the 100 before them, each entry with its success dot, the
 * user's name ('Unknown User' when none), description, IP address, timestamp and a Success or Failed badge, in a
 * scrolling list. Filters: user (the staff list), action (the log's own actions), patient (a search) and a
 * from/to date (the pharmacy's days). Export CSV writes the entries loaded for the filters
 * (shared/src/security/audit-csv.ts).
 */
import { auditLogCsv, UNKNOWN_USER_LABEL } from '@pharmacy/shared/security/audit-csv.ts';
import type { AuditLogEntry } from '@pharmacy/shared/security/audit-log.ts';
import type { StaffUser } from '@pharmacy/shared/staff/staff-user.ts';
import { useMemo, useState } from 'react';
import { QueryErrorNotice, QueryState, withQueryData } from '../../../components/ui/query-state.tsx';
import { auditLogDatesOutOfOrder, NO_AUDIT_LOG_FILTERS, type AuditLogFilters } from '../api/audit-log-filters.ts';
import { downloadText } from '../../../lib/download-text.ts';
import { useAuditLogPages } from '../api/get-audit-log-pages.ts';
import { AuditLogFilterBar } from './audit-log-filter-bar.tsx';
import { formatDateTime } from './staff-format.ts';

export interface AuditLogTabProps {
  pharmacyId: string;
  /** The staff list, for the user filter (empty while it loads). */
  staff: readonly StaffUser[];
}

export function AuditLogTab({ pharmacyId, staff }: AuditLogTabProps) {
  const [filters, setFilters] = useState<AuditLogFilters>(NO_AUDIT_LOG_FILTERS);
  const datesOutOfOrder = auditLogDatesOutOfOrder(filters);
  const pages = useAuditLogPages(pharmacyId, filters, !datesOutOfOrder);
  const entries = useMemo(() => pages.data?.pages.flatMap((page) => page.entries), [pages.data]);

  function exportCsv() {
    if (!entries) return;
    downloadText(`audit-log-${new Date().toISOString().slice(0, 10)}.csv`, auditLogCsv(entries), 'text/csv;charset=utf-8');
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Audit Log</h2>
        <button type="button" className="btn btn-outline btn-sm" onClick={exportCsv} disabled={!entries || entries.length === 0 || pages.isPlaceholderData}>
          Export CSV
        </button>
      </div>
      <AuditLogFilterBar pharmacyId={pharmacyId} staff={staff} filters={filters} onChange={setFilters} />
      {datesOutOfOrder ? (
        <p role="alert" className="text-sm text-error">
          The from date must not be after the to date
        </p>
      ) : (
        <>
          {pages.data ? <QueryErrorNotice query={pages} errorText="The audit log could not be loaded" /> : null}
          <QueryState
            query={withQueryData(pages, entries)}
            errorText="The audit log could not be loaded"
            loadingLabel="Loading the audit log"
            skeletonRows={6}
            skeletonRowClassName="h-12"
            isEmpty={(list) => list.length === 0}
            emptyText="No audit log entries match these filters."
          >
            {(list) => (
              <>
                <p className="text-sm text-base-content/70" aria-live="polite">
                  Showing {list.length} {list.length === 1 ? 'entry' : 'entries'}
                  {pages.hasNextPage ? ' (older entries not loaded)' : ''}
                </p>
                {/* A scrolling list (spec §2); focusable so keyboard users can scroll it. */}
                <div role="region" aria-label="Audit log entries" tabIndex={0} className="max-h-[36rem] overflow-y-auto rounded-box border border-base-300">
                  <ul className="divide-y divide-base-300">
                    {list.map((entry) => (
                      <AuditLogRow key={entry.id} entry={entry} />
                    ))}
                  </ul>
                </div>
                {pages.hasNextPage ? (
                  <button type="button" className="btn btn-outline btn-sm self-center" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
                    {pages.isFetchingNextPage ? 'Loading...' : 'Load older'}
                  </button>
                ) : null}
              </>
            )}
          </QueryState>
        </>
      )}
    </div>
  );
}

function AuditLogRow({ entry }: { entry: AuditLogEntry }) {
  return (
    <li className="flex items-start gap-3 p-3" data-testid="audit-log-entry">
      {/* The badge stays at the row's top right however long the description (it wrapped below long ones). */}
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className={`mt-1.5 inline-block size-2.5 shrink-0 rounded-full ${entry.success ? 'bg-success' : 'bg-error'}`} aria-hidden="true" />
        <div className="min-w-0">
          <div className="font-medium">{entry.userName ?? UNKNOWN_USER_LABEL}</div>
          <div className="text-sm break-words">{entry.description}</div>
          <div className="text-xs text-base-content/70">
            {entry.ipAddress ? `IP ${entry.ipAddress}` : 'IP unknown'} · <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp)}</time>
          </div>
        </div>
      </div>
      <span className={`badge badge-sm shrink-0 ${entry.success ? 'badge-success' : 'badge-error'}`}>{entry.success ? 'Success' : 'Failed'}</span>
    </li>
  );
}
