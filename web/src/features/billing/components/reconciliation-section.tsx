/**
 * Reconciliation (issue 25), in the Reports tab: Import 835 — a payer's X12 835 remittance (BPR/TRN, a CLP per claim
 * matched on Rx and fill numbers, CAS adjustments, PLB provider-level adjustments), read and matched by the api and the
 * database, answered per transaction set (payer, trace number, payment, claims matched, balancing problems) and with
 * the sets refused — then the paid claims of a range of dates of service as the 835s left them: Short-paid (the
 * default: what needs chasing), Unpaid, Paid in full, and the remittance claims that matched none; a page at a time
 * with what the switch said payers would pay against what they remitted.
 */
import { RECONCILIATION_OUTCOME_LABELS, RECONCILIATION_OUTCOMES, type RemittanceImport } from '@pharmacy/shared/api/claims.ts';
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { formatCents } from '@pharmacy/shared/common/money.ts';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/form/text-field.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { QueryErrorNotice, withQueryData } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { lastPage, pageSummary } from '../../../lib/paging.ts';
import { useImportRemittance } from '../api/import-remittance.ts';
import {
  RECONCILIATION_PAGE_SIZE, useReconciliation, type ReconciledClaim, type ReconciliationOutcome, type UnmatchedPayment,
} from '../api/get-reconciliation.ts';
import { dateTime, rxFill } from '../billing-format.ts';
import { monthRange, rangeProblems, REMITTANCE_FILE_ACCEPT, remittanceFileProblem } from '../billing-reports.ts';

function ImportResult({ result }: { result: RemittanceImport }) {
  return (
    <div role="status" aria-label="Import result" className="flex flex-col gap-2">
      {result.imported.map((remittance) => (
        <div key={remittance.remittanceId} className={`alert ${remittance.balanceProblems.length > 0 || remittance.matched < remittance.claims ? 'alert-warning' : 'alert-success'} alert-soft`}>
          <div className="flex flex-col gap-1">
            <p className="font-semibold">
              Imported {remittance.payerName}, trace {remittance.traceNumber}: {formatCents(remittance.paymentCents)}
            </p>
            <p>{remittance.claims.toLocaleString('en-US')} {remittance.claims === 1 ? 'claim' : 'claims'}, {remittance.matched.toLocaleString('en-US')} matched{remittance.matched < remittance.claims ? `, ${(remittance.claims - remittance.matched).toLocaleString('en-US')} unmatched` : ''}.</p>
            {remittance.balanceProblems.length > 0 ? (
              <ul className="list-disc pl-5 text-sm" aria-label="Balance problems">
                {remittance.balanceProblems.map((problem) => <li key={problem}>{problem}</li>)}
              </ul>
            ) : <p className="text-sm">The remittance balances.</p>}
          </div>
        </div>
      ))}
      {result.refused.length > 0 ? (
        <div className="alert alert-error alert-soft">
          <div className="flex flex-col gap-1">
            <p className="font-semibold">Not imported</p>
            <ul className="list-disc pl-5 text-sm" aria-label="Refused">
              {result.refused.map((sentence) => <li key={sentence}>{sentence}</li>)}
            </ul>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function ImportRemittanceForm({ pharmacyId }: { pharmacyId: string }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const importing = useImportRemittance(pharmacyId);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = remittanceFileProblem(file);
    setProblem(found);
    if (found || !file) return;
    importing.mutate(file);
  }

  return (
    <form noValidate aria-label="Import 835" className="flex flex-col gap-3" onSubmit={submit}>
      <div className="flex flex-wrap items-start gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">835 remittance file</label>
          <input
            id={inputId}
            type="file"
            accept={REMITTANCE_FILE_ACCEPT}
            className={`file-input w-80 ${problem ? 'file-input-error' : ''}`}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${inputId}-message` : `${inputId}-hint`}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setProblem(chosen ? remittanceFileProblem(chosen) : null);
              importing.reset();
            }}
          />
          {problem ? <p id={`${inputId}-message`} className="text-sm text-error">{problem}</p>
            : <p id={`${inputId}-hint`} className="text-xs text-base-content/70">The X12 835 your payer sent (.835, .txt, .edi or .x12, at most 2 MB).</p>}
        </div>
        <button type="submit" className="btn btn-primary mt-6" disabled={importing.isPending}>
          {importing.isPending ? 'Importing…' : 'Import 835'}
        </button>
      </div>
      {importing.error ? (
        <div role="alert" className="alert alert-error alert-soft">The 835 was not imported: {importing.error.message}</div>
      ) : null}
      {importing.data ? <ImportResult result={importing.data} /> : null}
    </form>
  );
}

const CLAIM_COLUMNS: ColumnDef<ReconciledClaim, never>[] = [
  { id: 'rx', header: 'Rx', cell: ({ row }) => <span className="whitespace-nowrap font-mono">{rxFill(row.original)}</span> },
  { id: 'serviceDate', header: 'Date of service', cell: ({ row }) => <span className="whitespace-nowrap">{usDate(row.original.serviceDate)}</span> },
  { id: 'patient', header: 'Patient', cell: ({ row }) => row.original.patientName ?? '—' },
  { id: 'payer', header: 'Payer', cell: ({ row }) => (
    <span className="flex flex-col"><span>{row.original.payerName}</span><span className="text-xs text-base-content/70">BIN {row.original.bin}</span></span>
  ) },
  { id: 'expected', header: 'Expected', cell: ({ row }) => <span className="tabular-nums">{formatCents(row.original.expectedCents)}</span> },
  { id: 'remitted', header: 'Remitted', cell: ({ row }) => <span className="tabular-nums">{formatCents(row.original.remittedCents)}</span> },
  { id: 'difference', header: 'Difference', cell: ({ row }) => (
    <span className={`tabular-nums ${row.original.differenceCents > 0 ? 'text-error' : ''}`}>{formatCents(row.original.differenceCents)}</span>
  ) },
  { id: 'remittedAt', header: 'Remitted on', cell: ({ row }) => (row.original.remittedAt ? dateTime(row.original.remittedAt) : '—') },
];

const UNMATCHED_COLUMNS: ColumnDef<UnmatchedPayment, never>[] = [
  { id: 'reference', header: 'Claim reference', cell: ({ row }) => <span className="font-mono">{row.original.patientControlNumber}</span> },
  { id: 'payer', header: 'Payer', cell: ({ row }) => row.original.payerName },
  { id: 'trace', header: 'Trace number', cell: ({ row }) => <span className="font-mono">{row.original.traceNumber}</span> },
  { id: 'paymentDate', header: 'Payment date', cell: ({ row }) => usDate(row.original.paymentDate) },
  { id: 'status', header: 'Payer status', cell: ({ row }) => row.original.statusCode },
  { id: 'charge', header: 'Charge', cell: ({ row }) => <span className="tabular-nums">{formatCents(row.original.chargeCents)}</span> },
  { id: 'paid', header: 'Paid', cell: ({ row }) => <span className="tabular-nums">{formatCents(row.original.paidCents)}</span> },
];

const EMPTY_TEXT: Readonly<Record<ReconciliationOutcome, string>> = {
  short_paid: 'No short-paid claims in this period.',
  unpaid: 'No unpaid claims in this period: every paid claim has been remitted.',
  paid_in_full: 'No claims paid in full by a remittance in this period.',
  unmatched: 'Every remittance claim matched a claim.',
};

function ReconciliationLists({ pharmacyId, today }: { pharmacyId: string; today: string }) {
  const [outcome, setOutcome] = useState<ReconciliationOutcome>('short_paid');
  const [range, setRange] = useState(() => monthRange(today));
  const problems = rangeProblems(range.from, range.to);
  const rangeTaken = Object.keys(problems).length === 0;
  const [paging, setPaging] = useState({ key: '', page: 0 });
  const key = `${outcome}\u0000${range.from}\u0000${range.to}`;
  const page = paging.key === key ? paging.page : 0;
  // Unmatched payments have no claim, hence no date of service: they are listed whatever the range.
  const list = useReconciliation(pharmacyId, outcome, range.from, range.to, page, outcome === 'unmatched' || rangeTaken);
  const total = list.data?.total ?? 0;

  const pageTooFar = list.data !== undefined && !list.isPlaceholderData && page > lastPage(total, RECONCILIATION_PAGE_SIZE);
  useEffect(() => {
    if (pageTooFar) setPaging({ key, page: lastPage(total, RECONCILIATION_PAGE_SIZE) });
  }, [pageTooFar, key, total]);

  // The page shown belongs to the outcome asked for only once it has loaded (a placeholder may be another's).
  const data = list.data?.outcome === outcome ? list.data : undefined;
  const pagingProps = {
    pageIndex: page,
    pageSize: RECONCILIATION_PAGE_SIZE,
    total,
    onPageChange: (next: number) => setPaging({ key, page: Math.max(0, Math.min(next, lastPage(total, RECONCILIATION_PAGE_SIZE))) }),
    summary: pageSummary(page, data?.rows.length ?? 0, total, RECONCILIATION_PAGE_SIZE),
    label: 'Reconciliation pages',
    disabled: list.isPlaceholderData,
  };
  const emptyText = EMPTY_TEXT[outcome];

  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label="Reconciliation outcome" className="join flex-wrap">
        {RECONCILIATION_OUTCOMES.map((option) => (
          <button key={option} type="button" className={`btn join-item btn-sm ${outcome === option ? 'btn-active btn-primary' : ''}`} aria-pressed={outcome === option} onClick={() => setOutcome(option)}>
            {RECONCILIATION_OUTCOME_LABELS[option]}
          </button>
        ))}
      </div>
      {outcome === 'unmatched' ? (
        <p className="text-sm text-base-content/80">Claim payments in the imported 835s that matched none of the pharmacy's claims (by Rx and fill number), newest first.</p>
      ) : (
        <div className="flex flex-wrap items-start gap-3">
          <TextField label="Service from" type="date" className="w-44" value={range.from} max={range.to || undefined} error={problems.from}
            onChange={(event) => setRange((current) => ({ ...current, from: event.target.value }))} />
          <TextField label="Service to" type="date" className="w-44" value={range.to} min={range.from || undefined} error={problems.to}
            onChange={(event) => setRange((current) => ({ ...current, to: event.target.value }))} />
          {data && data.outcome !== 'unmatched' ? (
            <dl className="mt-6 flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label="Reconciliation totals">
              <div className="flex gap-1"><dt className="text-base-content/70">Claims</dt><dd className="font-semibold tabular-nums" data-testid="reconciliation-count">{data.total.toLocaleString('en-US')}</dd></div>
              <div className="flex gap-1"><dt className="text-base-content/70">Expected</dt><dd className="font-semibold tabular-nums" data-testid="reconciliation-expected">{formatCents(data.expectedCents)}</dd></div>
              <div className="flex gap-1"><dt className="text-base-content/70">Remitted</dt><dd className="font-semibold tabular-nums" data-testid="reconciliation-remitted">{formatCents(data.remittedCents)}</dd></div>
              <div className="flex gap-1"><dt className="text-base-content/70">Difference</dt><dd className="font-semibold tabular-nums">{formatCents(data.expectedCents - data.remittedCents)}</dd></div>
            </dl>
          ) : null}
        </div>
      )}
      {list.data ? <QueryErrorNotice query={list} errorText="The reconciliation could not be loaded" /> : null}
      {outcome === 'unmatched' ? (
        <DataTable
          columns={UNMATCHED_COLUMNS}
          query={withQueryData(list, data?.outcome === 'unmatched' ? data.rows : undefined)}
          errorText="The reconciliation could not be loaded"
          emptyText={emptyText}
          loadingLabel="Loading the reconciliation"
          getRowId={(row) => `${row.traceNumber}\u0000${row.patientControlNumber}\u0000${row.paymentDate}`}
          sorting={[]}
          onSortingChange={() => undefined}
          paging={pagingProps}
        />
      ) : rangeTaken ? (
        <DataTable
          columns={CLAIM_COLUMNS}
          query={withQueryData(list, data && data.outcome !== 'unmatched' ? data.rows : undefined)}
          errorText="The reconciliation could not be loaded"
          emptyText={emptyText}
          loadingLabel="Loading the reconciliation"
          getRowId={(row) => row.claimId}
          sorting={[]}
          onSortingChange={() => undefined}
          paging={pagingProps}
        />
      ) : null}
    </div>
  );
}

export function ReconciliationSection({ pharmacyId, today }: { pharmacyId: string; today: string }) {
  return (
    <SectionCard title="Reconciliation">
      <p className="text-sm text-base-content/80">
        Import the 835 remittances your payers send: each claim payment is matched to your claim by its Rx and fill numbers, and the paid claims are listed by what the payers remitted.
      </p>
      <ImportRemittanceForm pharmacyId={pharmacyId} />
      <div className="divider my-0" />
      <ReconciliationLists pharmacyId={pharmacyId} today={today} />
    </SectionCard>
  );
}
