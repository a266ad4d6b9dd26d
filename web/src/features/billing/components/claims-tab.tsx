/**
 * The Claims tab (spec part 2 §2): the pharmacy's claims a page at a time from the database (public.claim_page),
 * newest first, with the filters All, Pending, Submitted, Paid, Rejected and Reversed, a search (Rx number or the
 * patient's name) and the exact total. Per claim: View (the claim, its history and every transmission), Submit a
 * pending claim, Resubmit a rejected or reversed one through the guided fix, Reverse a paid (or unanswered) one with a
 * reason, and — for pharmacists and admins — Override a rejected one with a reason.
 */
import { CLAIM_STATUS_FILTERS, CLAIM_STATUS_LABELS, type ClaimStatusFilter } from '@pharmacy/shared/billing/claim.ts';
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { formatCents } from '@pharmacy/shared/common/money.ts';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { QueryErrorNotice, withQueryData } from '../../../components/ui/query-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { lastPage, pageSummary } from '../../../lib/paging.ts';
import { useClaimsPage, type ClaimRow } from '../api/get-claims-page.ts';
import { useSubmitClaim } from '../api/submit-claim.ts';
import { rxFill } from '../billing-format.ts';
import { normaliseRejectCode } from '../guided-fix.ts';
import { ClaimDetailDialog } from './claim-detail-dialog.tsx';
import { ClaimStatusBadge } from './claim-status-badge.tsx';
import { OverrideRejectDialog, type OverrideTarget } from './override-reject-dialog.tsx';
import { ResubmitClaimDialog } from './resubmit-claim-dialog.tsx';
import { ReverseClaimDialog } from './reverse-claim-dialog.tsx';

export const CLAIMS_PAGE_SIZE = 25;

export interface ClaimsTabProps {
  pharmacyId: string;
  canOverride: boolean;
  filter: ClaimStatusFilter;
  onFilterChange: (filter: ClaimStatusFilter) => void;
  onOpenInBilling: (prescriptionId: string) => void;
}

export function ClaimsTab({ pharmacyId, canOverride, filter, onFilterChange, onOpenInBilling }: ClaimsTabProps) {
  const [text, setText] = useState('');
  const { term, settling } = useSearchTerm(text);
  const [paging, setPaging] = useState({ key: '', page: 0 });
  const key = `${term}\u0000${filter}`;
  const page = paging.key === key ? paging.page : 0;
  const claims = useClaimsPage(pharmacyId, term, filter, page, CLAIMS_PAGE_SIZE);
  const total = claims.data?.total ?? 0;
  const submit = useSubmitClaim();
  const [viewing, setViewing] = useState<ClaimRow | null>(null);
  const [resubmitting, setResubmitting] = useState<ClaimRow | null>(null);
  const [overriding, setOverriding] = useState<OverrideTarget | null>(null);
  const [reversing, setReversing] = useState<ClaimRow | null>(null);

  const pageTooFar = claims.data !== undefined && !claims.isPlaceholderData && page > lastPage(total, CLAIMS_PAGE_SIZE);
  useEffect(() => {
    if (pageTooFar) setPaging({ key, page: lastPage(total, CLAIMS_PAGE_SIZE) });
  }, [pageTooFar, key, total]);

  const columns = useMemo<ColumnDef<ClaimRow>[]>(() => {
    function submitPending(claim: ClaimRow) {
      submit.mutate({ prescriptionId: claim.prescriptionId, coverage: claim.coverage }, {
        onSuccess: (result) => toast({
          title: result.claim.status === 'paid' ? 'Claim paid' : result.claim.status === 'rejected' ? 'Claim rejected' : 'Claim submitted',
          description: `Rx ${rxFill(claim)}: ${result.summary}`,
          ...(result.claim.status === 'rejected' ? { variant: 'destructive' as const } : {}),
        }),
        onError: (error) => toast({ title: 'Claim not submitted', description: `Rx ${rxFill(claim)}: ${error.message}`, variant: 'destructive' }),
      });
    }
    return [
      { id: 'rx', header: 'Rx', cell: ({ row }) => <span className="whitespace-nowrap font-mono">{rxFill(row.original)}</span> },
      { id: 'patient', header: 'Patient', cell: ({ row }) => row.original.patientName },
      { id: 'payer', header: 'Payer', cell: ({ row }) => (
        <span className="flex flex-col">
          <span>{row.original.payerName}</span>
          {row.original.coverage !== 'primary' ? <span className="text-xs text-base-content/70">{row.original.coverage === 'secondary' ? 'Secondary' : 'Tertiary'}</span> : null}
        </span>
      ) },
      { id: 'amount', header: 'Amount', cell: ({ row }) => <span className="tabular-nums">{formatCents(row.original.grossAmountDueCents)}</span> },
      { id: 'paid', header: 'Paid', cell: ({ row }) => <span className="tabular-nums">{formatCents(row.original.totalPaidCents)}</span> },
      { id: 'status', header: 'Status', cell: ({ row }) => (
        <span className="flex flex-col items-start gap-0.5">
          <ClaimStatusBadge status={row.original.status} />
          {row.original.status === 'rejected' && row.original.rejectCodes.length > 0 ? (
            <span className="text-xs text-base-content/70">Codes {row.original.rejectCodes.map(normaliseRejectCode).join(', ')}</span>
          ) : null}
        </span>
      ) },
      { id: 'submitted', header: 'Submitted', cell: ({ row }) => (row.original.submittedAt ? usDate(row.original.submittedAt) : '—') },
      { id: 'actions', header: () => <span className="sr-only">Actions</span>, cell: ({ row }) => {
        const claim = row.original;
        const label = `Rx ${rxFill(claim)}`;
        return (
          <div className="flex flex-wrap gap-1">
            <button type="button" className="btn btn-xs" aria-label={`View ${label}`} onClick={() => setViewing(claim)}>View</button>
            {claim.status === 'pending' ? (
              <button type="button" className="btn btn-xs btn-primary" aria-label={`Submit ${label}`} disabled={submit.isPending} onClick={() => submitPending(claim)}>Submit</button>
            ) : null}
            {claim.status === 'rejected' || claim.status === 'reversed' ? (
              <button type="button" className="btn btn-xs btn-primary" aria-label={`Resubmit ${label}`} onClick={() => setResubmitting(claim)}>Resubmit</button>
            ) : null}
            {claim.status === 'paid' || claim.status === 'submitted' ? (
              <button type="button" className="btn btn-xs btn-ghost" aria-label={`Reverse ${label}`} onClick={() => setReversing(claim)}>Reverse</button>
            ) : null}
            {claim.status === 'rejected' && canOverride ? (
              <button type="button" className="btn btn-xs btn-ghost" aria-label={`Override ${label}`}
                onClick={() => setOverriding({ prescriptionId: claim.prescriptionId, label, payerName: claim.payerName })}>Override</button>
            ) : null}
          </div>
        );
      } },
    ];
  }, [canOverride, submit]);

  return (
    <SectionCard
      title="Claims"
      headerAction={<SearchInput label="Search claims" placeholder="Rx number or patient name…" value={text} onChange={setText} busy={settling} />}
    >
      <div role="group" aria-label="Claim status" className="join flex-wrap">
        {CLAIM_STATUS_FILTERS.map((option) => (
          <button key={option} type="button" className={`btn join-item btn-sm ${filter === option ? 'btn-active btn-primary' : ''}`} aria-pressed={filter === option} onClick={() => onFilterChange(option)}>
            {CLAIM_STATUS_LABELS[option]}
          </button>
        ))}
      </div>
      {claims.data ? <QueryErrorNotice query={claims} errorText="The claims could not be loaded" /> : null}
      <DataTable
        columns={columns}
        query={withQueryData(claims, claims.data?.claims)}
        errorText="The claims could not be loaded"
        emptyText={term ? `No claim matches “${term}”.` : filter === 'all' ? 'No claims yet: a claim opens when a prescription with a plan moves to processing.' : `No ${CLAIM_STATUS_LABELS[filter].toLowerCase()} claims.`}
        loadingLabel="Loading claims"
        getRowId={(claim) => claim.id}
        sorting={[]}
        onSortingChange={() => undefined}
        paging={{
          pageIndex: page,
          pageSize: CLAIMS_PAGE_SIZE,
          total,
          onPageChange: (next) => setPaging({ key, page: Math.max(0, Math.min(next, lastPage(total, CLAIMS_PAGE_SIZE))) }),
          summary: pageSummary(page, claims.data?.claims.length ?? 0, total, CLAIMS_PAGE_SIZE),
          label: 'Claim pages',
          disabled: claims.isPlaceholderData,
        }}
      />
      <ClaimDetailDialog pharmacyId={pharmacyId} claim={viewing} onClose={() => setViewing(null)} onOpenInBilling={onOpenInBilling} />
      <ResubmitClaimDialog pharmacyId={pharmacyId} claim={resubmitting} canOverride={canOverride} onClose={() => setResubmitting(null)} />
      <OverrideRejectDialog target={overriding} onClose={() => setOverriding(null)} />
      <ReverseClaimDialog claim={reversing} onClose={() => setReversing(null)} />
    </SectionCard>
  );
}
