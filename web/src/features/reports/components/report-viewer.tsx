/**
 * Reports (pharmacists and admins: reports:read): Sales, Inventory, Patient, the Daily Dispensing Log and the
 * Controlled Substance Log for the screen's period, on screen (GET /api/reports/{report}, the database's figures) and
 * exported as CSV, PDF or Excel. The log's days are signed off here by a pharmacist; the controlled log gives the
 * state PMP's ASAP 4.2 file, which is recorded as submitted when written.
 */
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { type Report, type ReportName, reportTruncatedText } from '@pharmacy/shared/reports/report.ts';
import { useState } from 'react';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { type ReportRow, ReportTable } from '../../../components/ui/report-table.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useDownloadReportFile } from '../api/download-report-file.ts';
import { useReport } from '../api/get-report.ts';
import { useSignDispensingLog } from '../api/sign-dispensing-log.ts';
import type { DayRange } from '../report-period.ts';
import { REPORT_CHOICES, REPORT_EMPTY_TEXT, needsSignOff } from '../report-viewer.ts';
import { ReportExportButtons } from './report-export-buttons.tsx';

function SignOffButton({ row }: { row: ReportRow }) {
  const sign = useSignDispensingLog();
  if (!needsSignOff(row) || typeof row.day !== 'string') return null;
  const day = row.day;
  return (
    <button
      type="button"
      className="btn btn-xs btn-primary"
      disabled={sign.isPending}
      onClick={() => sign.mutate(day, {
        onSuccess: () => toast({ title: 'Log signed off', description: `The dispensing log of ${usDate(day)} is signed.` }),
        onError: (error) => toast({ title: 'Not signed off', description: error.message, variant: 'destructive' }),
      })}
    >
      Sign off<span className="sr-only"> the log of {usDate(day)}</span>
    </button>
  );
}

function PmpFileButton({ range }: { range: DayRange }) {
  const download = useDownloadReportFile();
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={download.isPending}
        onClick={() => {
          if (!window.confirm('Write the PMP file (ASAP 4.2) for this period? Its fills are recorded as reported to the state when the file is written.')) return;
          download.mutate({ report: 'pmp', range, format: 'csv' }, {
            onSuccess: (fileName) => toast({ title: 'PMP file written', description: `${fileName}: upload it to your state's PMP.` }),
          });
        }}
      >
        {download.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
        PMP file (ASAP 4.2)
      </button>
      {download.isError ? <p className="text-xs text-error" role="alert">{download.error.message}</p> : null}
    </div>
  );
}

function ReportResult({ report, range, canSignOff }: { report: Report; range: DayRange; canSignOff: boolean }) {
  const scope = report.asOf ? `As of ${usDate(report.asOf)}` : `${usDate(report.from)} – ${usDate(report.to)}`;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold">{report.title}</h3>
          <p className="text-sm text-base-content/70" data-testid="report-scope">{scope}</p>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          {report.report === 'controlled-substances' && canSignOff ? <PmpFileButton range={range} /> : null}
          <ReportExportButtons report={report.report} title={report.title} range={range} />
        </div>
      </div>
      {report.truncated ? (
        <p className="alert alert-warning alert-soft text-sm" role="status">
          {reportTruncatedText(report)}.
        </p>
      ) : null}
      {report.rows.length === 0
        ? <p className="py-4 text-center text-base-content/70">{REPORT_EMPTY_TEXT[report.report]}</p>
        : <ReportTable title={report.title} columns={report.columns} rows={report.rows} totals={report.totals} fullRowsIn="the exported file" />}
      {(report.sections ?? []).map((section) => (
        <section key={section.key} aria-label={section.title} className="flex flex-col gap-2">
          <h4 className="font-semibold">{section.title}</h4>
          {section.rows.length === 0
            ? <p className="text-sm text-base-content/70">Nothing in this period.</p>
            : (
              <ReportTable
                title={section.title}
                columns={section.columns}
                rows={section.rows}
                totals={section.totals}
                fullRowsIn="the exported file"
                {...(section.key === 'signOffs' && canSignOff ? { action: { label: 'Sign off', render: (row: ReportRow) => <SignOffButton row={row} /> } } : {})}
              />
            )}
        </section>
      ))}
      {(report.notes ?? []).filter((note) => note.text !== '').map((note) => (
        <p key={note.key} className="text-sm"><span className="font-semibold">{note.label}:</span> {note.text}</p>
      ))}
    </div>
  );
}

export function ReportViewer({ pharmacyId, range, canSignOff }: { pharmacyId: string; range: DayRange; canSignOff: boolean }) {
  const [selected, setSelected] = useState<ReportName | null>(null);
  const report = useReport(pharmacyId, selected ? { report: selected, range } : null);
  return (
    <SectionCard title="Reports">
      <p className="text-sm text-base-content/70">
        For the period above, on screen or as a CSV, PDF or Excel file. Pharmacists sign off each day's dispensing log here.
      </p>
      <div role="group" aria-label="Report" className="flex flex-wrap gap-2">
        {REPORT_CHOICES.map((choice) => (
          <button
            key={choice.report}
            type="button"
            aria-pressed={selected === choice.report}
            className={`btn btn-sm ${selected === choice.report ? 'btn-primary' : 'btn-outline'}`}
            onClick={() => setSelected(choice.report)}
          >
            {choice.label}
          </button>
        ))}
      </div>
      {selected === null ? <p className="text-sm text-base-content/70">Choose a report.</p> : (
        <QueryState query={report} errorText="The report could not be loaded" loadingLabel="Loading the report" skeletonRows={4} skeletonRowClassName="h-8">
          {(data) => <ReportResult report={data} range={range} canSignOff={canSignOff} />}
        </QueryState>
      )}
    </SectionCard>
  );
}
