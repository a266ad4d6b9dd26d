/**
 * Scheduled reports: which schedules of the Reports settings are on (whoever may open System Settings gets the link to change them), and the
 * runs, newest first and paged on the server: schedule, period, status, each stored file to download (a signed URL;
 * Storage lets only staff with reports:read of the pharmacy read it), where it was mailed, and why a run failed.
 */
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { REPORT_LABELS, type ReportName } from '@pharmacy/shared/reports/report.ts';
import { REPORT_SCHEDULE_LABELS, reportSchedulesText, type ScheduledRunStatus } from '@pharmacy/shared/reports/schedules.ts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Pager } from '../../../components/ui/pager.tsx';
import { QueryErrorNotice } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { lastPage, pageSummary } from '../../../lib/paging.ts';
import { useDownloadScheduledReportFile } from '../api/download-scheduled-report-file.ts';
import { useReportSchedules } from '../api/get-report-schedules.ts';
import { useScheduledReportRuns } from '../api/get-scheduled-report-runs.ts';

export const SCHEDULED_RUNS_PAGE_SIZE = 10;

const STATUS_LABELS: Record<ScheduledRunStatus, string> = { queued: 'Queued', running: 'Running', succeeded: 'Succeeded', failed: 'Failed' };
const STATUS_BADGE: Record<ScheduledRunStatus, string> = { queued: 'badge-info', running: 'badge-info', succeeded: 'badge-success', failed: 'badge-error' };
const FORMAT_LABELS = { pdf: 'PDF', excel: 'Excel', csv: 'CSV' } as const;

function SchedulesLine({ pharmacyId, canOpenSettings }: { pharmacyId: string; canOpenSettings: boolean }) {
  const schedules = useReportSchedules(pharmacyId);
  const on = schedules.data ? reportSchedulesText(schedules.data) : null;
  return (
    <>
      <QueryErrorNotice query={schedules} errorText="The report schedules could not be loaded" />
      {schedules.data ? (
        <p className="text-sm" data-testid="report-schedules">
          {on
            ? `${on} (${schedules.data.timeZone}), as ${FORMAT_LABELS[schedules.data.format]} files.`
            : 'No report schedule is on.'}{' '}
          {canOpenSettings ? <Link className="link" to="/system-settings">Change the schedules in System Settings</Link> : null}
        </p>
      ) : null}
    </>
  );
}

function periodText(from: string, to: string): string {
  return from === to ? usDate(from) : `${usDate(from)} – ${usDate(to)}`;
}

export function ScheduledReportsCard({ pharmacyId, canOpenSettings }: { pharmacyId: string; canOpenSettings: boolean }) {
  const [page, setPage] = useState(0);
  const runs = useScheduledReportRuns(pharmacyId, page, SCHEDULED_RUNS_PAGE_SIZE);
  const download = useDownloadScheduledReportFile();
  const total = runs.data?.total ?? 0;
  const rows = runs.data?.runs ?? [];
  return (
    <div id="scheduled-reports">
      <SectionCard title="Scheduled reports">
        <SchedulesLine pharmacyId={pharmacyId} canOpenSettings={canOpenSettings} />
        <QueryErrorNotice query={runs} errorText="The scheduled report runs could not be loaded" />
        {download.error ? <p className="alert alert-error alert-soft" role="alert">The file could not be downloaded: {download.error.message}</p> : null}
        {runs.isPending ? <span className="loading loading-spinner" aria-label="Loading the scheduled report runs" /> : null}
        {runs.data && rows.length === 0 ? <p className="text-base-content/70">No scheduled report has run yet.</p> : null}
        {rows.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th scope="col">Schedule</th>
                  <th scope="col">Period</th>
                  <th scope="col">Status</th>
                  <th scope="col">Files</th>
                  <th scope="col">Mailed to</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((run) => (
                  <tr key={run.id}>
                    <td>{REPORT_SCHEDULE_LABELS[run.schedule]}</td>
                    <td>{periodText(run.periodFrom, run.periodTo)}</td>
                    <td>
                      <span className={`badge badge-soft ${STATUS_BADGE[run.status]}`}>{STATUS_LABELS[run.status]}</span>
                      {run.detail ? <p className={`text-xs ${run.status === 'failed' ? 'text-error' : 'text-base-content/70'}`}>{run.detail}</p> : null}
                    </td>
                    <td>
                      <ul className="flex flex-col gap-1">
                        {run.files.map((file) => (
                          <li key={file.path}>
                            <button type="button" className="link" disabled={download.isPending} onClick={() => download.mutate(file)}>
                              {REPORT_LABELS[file.report as ReportName] ?? file.report}
                              <span className="sr-only"> ({file.name}), download</span>
                            </button>
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td>{run.recipient ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <Pager
          label="Scheduled report pages"
          page={page}
          pageSize={SCHEDULED_RUNS_PAGE_SIZE}
          total={total}
          summary={pageSummary(page, rows.length, total, SCHEDULED_RUNS_PAGE_SIZE)}
          disabled={runs.isPlaceholderData}
          onPageChange={(next) => setPage(Math.max(0, Math.min(next, lastPage(total, SCHEDULED_RUNS_PAGE_SIZE))))}
        />
      </SectionCard>
    </div>
  );
}
