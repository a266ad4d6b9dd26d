/**
 * The Reports tab (spec part 2 §2; issue 25): the six reports — Daily Claims, Weekly Revenue, Rejection Analysis,
 * Payer Performance, Aging and Custom — answered by the database (public.billing_report) over a range of the
 * pharmacy's days (this month at first) and one payer or all, each as a table with its totals and as a CSV file;
 * Aging is as of today, so it takes no range. Below, Reconciliation: the payers' 835s imported and the paid claims
 * they paid in full, short-paid or left unpaid.
 */
import {
  BILLING_REPORT_LABELS, BILLING_REPORTS, billingReportCsv, billingReportFileName, type BillingReport, type BillingReportName,
} from '@pharmacy/shared/billing/billing-report.ts';
import { localDateIn, usDate } from '@pharmacy/shared/common/dates.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { QueryErrorNotice, QueryState } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useBillingReport } from '../api/get-billing-report.ts';
import { usePharmacyTimeZone } from '../../../hooks/use-pharmacy-time-zone.ts';
import { downloadText } from '../../../lib/download-text.ts';
import { useReportPayers } from '../api/get-report-payers.ts';
import {
  monthRange, rangeProblems, reportFormSchema, reportQuery, yearEndingOn, type ReportForm, type ReportRequest,
} from '../billing-reports.ts';
import { BillingReportTable } from './billing-report-table.tsx';
import { ReconciliationSection } from './reconciliation-section.tsx';

const EMPTY_TEXT: Readonly<Record<BillingReportName, string>> = {
  'daily-claims': 'No claims in this period.',
  'weekly-revenue': 'No revenue in this period.',
  'rejection-analysis': 'No rejections in this period.',
  'payer-performance': 'No claims in this period.',
  aging: 'No claims awaiting payment: every claim is paid or reversed.',
  custom: 'No claims in this period.',
};

/** What the report covers, in words: the range or "as of", and the payer. */
function reportScope(report: BillingReport): string {
  const when = report.report === 'aging' ? `As of ${report.asOf ? usDate(report.asOf) : 'today'}` : `${report.from ? usDate(report.from) : ''} – ${report.to ? usDate(report.to) : ''}`;
  return `${when} · ${report.payerBin ? `BIN ${report.payerBin}` : 'All payers'}`;
}

function ReportResult({ report }: { report: BillingReport }) {
  // Aging's and Custom's claim count is a total of no column: said in words above the table.
  const claimCount = report.columns.some((column) => column.key === 'claims') ? undefined : report.totals.claims;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="font-semibold">{report.title}</h3>
          <p className="text-sm text-base-content/70" data-testid="report-scope">{reportScope(report)}</p>
        </div>
        <button type="button" className="btn btn-sm" onClick={() => downloadText(billingReportFileName(report), billingReportCsv(report), 'text/csv;charset=utf-8')}>
          Export CSV
        </button>
      </div>
      {report.rows.length === 0 ? (
        <p className="py-6 text-center text-base-content/70">{EMPTY_TEXT[report.report]}</p>
      ) : (
        <>
          {claimCount !== undefined ? (
            <p className="text-sm">{claimCount.toLocaleString('en-US')} {claimCount === 1 ? 'claim' : 'claims'}{report.report === 'aging' ? ' not paid' : ''}.</p>
          ) : null}
          <BillingReportTable report={report} />
        </>
      )}
    </div>
  );
}

function ReportsForm({ pharmacyId, today }: { pharmacyId: string; today: string }) {
  const form = useForm<ReportForm>({
    resolver: zodResolver(reportFormSchema),
    defaultValues: { report: 'daily-claims', ...monthRange(today), payer: '' },
  });
  const { register, handleSubmit, setValue, formState: { errors } } = form;
  const [selected, from, to] = useWatch({ control: form.control, name: ['report', 'from', 'to'] });
  const [request, setRequest] = useState<ReportRequest | null>(null);
  const report = useBillingReport(pharmacyId, request);

  // The payers billed in the range shown (Aging: the year to today), once the range is one a report takes.
  const payerRange = selected === 'aging' ? yearEndingOn(today) : { from, to };
  const payerRangeTaken = Object.keys(rangeProblems(payerRange.from, payerRange.to)).length === 0;
  const payers = useReportPayers(pharmacyId, payerRange.from, payerRange.to, payerRangeTaken);

  const run = useCallback(
    () => handleSubmit((values) => setRequest({ report: values.report, query: reportQuery(values) }))(),
    [handleSubmit],
  );
  // The tab opens on Daily Claims for this month.
  useEffect(() => {
    void run();
  }, [run]);

  function choose(name: BillingReportName) {
    setValue('report', name);
    void run();
  }

  const payerOptions = [
    { value: '', label: 'All payers' },
    ...(payers.data ?? []).map((payer) => ({ value: payer.bin, label: `${payer.payerName} (BIN ${payer.bin})` })),
  ];

  return (
    <SectionCard title="Billing reports">
      <div role="group" aria-label="Report" className="join flex-wrap">
        {BILLING_REPORTS.map((name) => (
          <button key={name} type="button" className={`btn join-item btn-sm ${selected === name ? 'btn-active btn-primary' : ''}`} aria-pressed={selected === name} onClick={() => choose(name)}>
            {BILLING_REPORT_LABELS[name]}
          </button>
        ))}
      </div>
      {selected === 'aging' ? <p className="text-sm text-base-content/80">Aging counts the claims not paid by their age as of today: it takes no range.</p> : null}
      <form noValidate aria-label="Report options" className="flex flex-wrap items-start gap-3" onSubmit={(event) => { event.preventDefault(); void run(); }}>
        {selected === 'aging' ? null : (
          <>
            <TextField label="From" type="date" className="w-48" error={errors.from?.message} max={to || undefined} {...register('from')} />
            <TextField label="To" type="date" className="w-48" error={errors.to?.message} min={from || undefined} {...register('to')} />
          </>
        )}
        <SelectField label="Payer" className="w-72" options={payerOptions} error={errors.payer?.message} {...register('payer')} />
        <button type="submit" className="btn btn-primary mt-6" disabled={report.isFetching}>
          {report.isFetching ? 'Running…' : 'Run report'}
        </button>
      </form>
      {report.data ? <QueryErrorNotice query={report} errorText="The report could not be run" /> : null}
      <div aria-busy={report.isFetching} className={report.isPlaceholderData ? 'opacity-60' : ''}>
        <QueryState query={report} errorText="The report could not be run" loadingLabel="Loading the report" skeletonRows={5} skeletonRowClassName="h-8">
          {(data) => <ReportResult report={data} />}
        </QueryState>
      </div>
    </SectionCard>
  );
}

export function ReportsTab({ pharmacyId }: { pharmacyId: string }) {
  const timeZone = usePharmacyTimeZone(pharmacyId);
  return (
    <div className="flex flex-col gap-4">
      <QueryState query={timeZone} errorText="The pharmacy's time zone could not be read" loadingLabel="Loading the reports" skeletonRows={3}>
        {(zone) => {
          // The pharmacy's days, as the database counts them: its month is the first range shown.
          const today = localDateIn(zone, new Date());
          return (
            <>
              <ReportsForm pharmacyId={pharmacyId} today={today} />
              <ReconciliationSection pharmacyId={pharmacyId} today={today} />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
