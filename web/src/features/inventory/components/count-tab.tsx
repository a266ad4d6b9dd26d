/**
 * The Counts tab (issue 24 "Cycle counts"): when the biennial controlled-substance inventory is due, the pharmacy's
 * counts a page at a time (newest first), Start a count, shelf locations (pharmacists and admins), and one count
 * opened to count, submit, post or sign it.
 */
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { COUNT_STATUS_LABELS } from '@pharmacy/shared/inventory/count-session.ts';
import { useState } from 'react';
import { Pager } from '../../../components/ui/pager.tsx';
import { QueryErrorNotice } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { lastPage, pageSummary } from '../../../lib/paging.ts';
import { countSessionTitle, shownDate, useBiennialInventoryStatus, useCountSessions } from '../api/get-count-sessions.ts';
import { CountSessionView } from './count-session-view.tsx';
import { CountShelfDialog } from './count-shelf-dialog.tsx';
import { CountStartDialog } from './count-start-dialog.tsx';

export const COUNT_SESSIONS_PAGE_SIZE = 20;

const STATUS_BADGE: Record<string, string> = { open: 'badge-info', submitted: 'badge-warning', posted: 'badge-success', cancelled: '' };

export function CountTab({ pharmacyId, canAdjust }: { pharmacyId: string; canAdjust: boolean }) {
  const [page, setPage] = useState(0);
  const sessions = useCountSessions(pharmacyId, page, COUNT_SESSIONS_PAGE_SIZE);
  const biennial = useBiennialInventoryStatus(pharmacyId);
  const [selected, setSelected] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [shelves, setShelves] = useState(false);
  const total = sessions.data?.total ?? 0;
  const rows = sessions.data?.sessions ?? [];

  if (selected) {
    return <CountSessionView pharmacyId={pharmacyId} sessionId={selected} canAdjust={canAdjust} onBack={() => setSelected(null)} />;
  }

  const status = biennial.data;
  return (
    <SectionCard
      title="Counts"
      headerAction={
        <span className="flex gap-2">
          {canAdjust ? <button type="button" className="btn btn-sm" onClick={() => setShelves(true)}>Shelf locations</button> : null}
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setStarting(true)}>Start a count</button>
        </span>
      }
    >
      {status?.required ? (
        <p className={`alert alert-soft ${status.overdue ? 'alert-warning' : 'alert-info'}`}>
          {status.lastAsOfDate
            ? `Biennial controlled-substance inventory: last taken ${usDate(status.lastAsOfDate)} (${status.lastBusinessTime === 'opening' ? 'opening' : 'close'} of business); the next is due by ${status.dueBy ? usDate(status.dueBy) : '—'}.`
            : 'Biennial controlled-substance inventory: none signed yet. A pharmacist starts it here.'}
          {status.overdue && status.lastAsOfDate ? ' It is overdue.' : ''}
        </p>
      ) : null}
      <QueryErrorNotice query={sessions} errorText="The counts could not be loaded" />
      {sessions.isPending ? <span className="loading loading-spinner" aria-label="Loading counts" /> : null}
      {sessions.data && rows.length === 0 ? <p className="text-base-content/70">No count yet. Start one to check the shelf against the ledger.</p> : null}
      {rows.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">Count</th>
                <th scope="col">Started</th>
                <th scope="col">Lines</th>
                <th scope="col">Status</th>
                <th scope="col"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((session) => (
                <tr key={session.id}>
                  <td>
                    <span className="font-medium">{countSessionTitle(session)}</span>
                    {session.blind ? <span className="badge badge-ghost badge-sm ml-2">Blind</span> : null}
                  </td>
                  <td>{shownDate(session.startedAt)}</td>
                  <td>{session.lineCount.toLocaleString('en-US')}</td>
                  <td>
                    <span className={`badge badge-soft ${STATUS_BADGE[session.status] ?? ''}`}>{COUNT_STATUS_LABELS[session.status]}</span>
                    {session.signedAt ? <span className="badge badge-success badge-soft ml-1">Signed</span> : null}
                  </td>
                  <td>
                    <button type="button" className="btn btn-xs" aria-label={`Open ${countSessionTitle(session)}`} onClick={() => setSelected(session.id)}>
                      Open
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager
        label="Count pages"
        page={page}
        pageSize={COUNT_SESSIONS_PAGE_SIZE}
        total={total}
        summary={pageSummary(page, rows.length, total, COUNT_SESSIONS_PAGE_SIZE)}
        disabled={sessions.isPlaceholderData}
        onPageChange={(next) => setPage(Math.max(0, Math.min(next, lastPage(total, COUNT_SESSIONS_PAGE_SIZE))))}
      />
      <CountStartDialog open={starting} pharmacyId={pharmacyId} canAdjust={canAdjust} onClose={() => setStarting(false)} onStarted={setSelected} />
      {canAdjust ? <CountShelfDialog open={shelves} pharmacyId={pharmacyId} onClose={() => setShelves(false)} /> : null}
    </SectionCard>
  );
}
