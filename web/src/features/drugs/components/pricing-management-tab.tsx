/**
 * Pricing Management (spec part 2 §2, §7 POST /api/drugs/pricing-update): what AWP, WAC and NADAC are; Update All
 * Pricing (every active product with an NDC: NADAC from CMS, toast 'Pricing Update Complete' / 'Updated pricing for
 * N medications') and Schedule Updates (the weekly update's day and time, its next and last run); and the catalog's
 * current prices, paged by the database, each drug's recent changes one click away.
 */
import { formatDrugPrice } from '@pharmacy/shared/drugs/external-drug.ts';
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { PRICING_MESSAGES, type PricingUpdateResult } from '@pharmacy/shared/drugs/pricing.ts';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { QueryErrorNotice, withQueryData } from '../../../components/ui/query-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { lastPage, pageSummary } from '../../../lib/paging.ts';
import { useLocalDrugs } from '../api/get-local-drugs.ts';
import type { LocalDrug } from '../api/local-drug.ts';
import { useUpdateAllPricing } from '../api/update-all-pricing.ts';
import { CATALOG_CHANGE_REFUSED_REASON } from '../drug-messages.ts';
import { countOf, localDateTime } from '../display-format.ts';
import { PriceHistoryDialog } from './price-history-dialog.tsx';
import { PriceScheduleDialog, PriceScheduleSummary } from './price-schedule.tsx';
import { ErrorList } from './sync-result-summary.tsx';

export const PRICING_PAGE_SIZE = 25;

export interface PricingManagementTabProps {
  pharmacyId: string;
  canManageCatalog: boolean;
}

export function PricingManagementTab({ pharmacyId, canManageCatalog }: PricingManagementTabProps) {
  return (
    <div className="flex flex-col gap-4">
      <PriceTypes />
      <PriceUpdates pharmacyId={pharmacyId} canManageCatalog={canManageCatalog} />
      <CurrentPrices pharmacyId={pharmacyId} />
    </div>
  );
}

function PriceTypes() {
  return (
    <SectionCard title="Drug prices">
      <dl className="grid gap-4 text-sm lg:grid-cols-3">
        <div>
          <dt className="font-semibold">AWP — Average Wholesale Price</dt>
          <dd className="mt-1 text-base-content/80">
            A list price for a drug package published by drug pricing compendia, historically set as a markup over the
            manufacturer's list price. Few buyers pay it: it is a benchmark, and many pharmacy benefit contracts still
            pay a pharmacy AWP minus a percentage.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">WAC — Wholesale Acquisition Cost</dt>
          <dd className="mt-1 text-base-content/80">
            The manufacturer's list price to wholesalers and direct buyers, before prompt-pay and other discounts or
            rebates. A pharmacy's cost from its wholesaler is usually near WAC for brand drugs and often far below it
            for generics.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">NADAC — National Average Drug Acquisition Cost</dt>
          <dd className="mt-1 text-base-content/80">
            What retail community pharmacies actually pay for a drug on average, per unit (tablet, mL or gram), from
            the invoices CMS surveys every month; CMS publishes it weekly and Medicaid programs use it to pay
            ingredient cost. Update All Pricing takes it from the CMS Medicaid data API and keeps each change in the
            drug's price history.
          </dd>
        </div>
      </dl>
      <p className="text-sm text-base-content/70">
        AWP and WAC are per package and come from your compendium or wholesaler (openFDA and RxNorm publish neither);
        a price not recorded shows as n/a.
      </p>
    </SectionCard>
  );
}

function PriceUpdates({ pharmacyId, canManageCatalog }: PricingManagementTabProps) {
  const update = useUpdateAllPricing();
  const [lastResult, setLastResult] = useState<PricingUpdateResult | null>(null);
  const [scheduleOpen, setScheduleOpen] = useState(false);

  function updateAll() {
    update.mutate(undefined, {
      onSuccess: (result) => {
        setLastResult(result);
        toast({ title: PRICING_MESSAGES.completeTitle, description: PRICING_MESSAGES.complete(result.localUpdatesApplied) });
      },
      onError: (error) => toast({ title: 'Pricing Update Failed', description: error.message, variant: 'destructive' }),
    });
  }

  return (
    <SectionCard title="Price updates">
      {canManageCatalog ? null : <p className="text-sm text-base-content/70">{CATALOG_CHANGE_REFUSED_REASON}</p>}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" disabled={!canManageCatalog || update.isPending} onClick={updateAll}>
          {update.isPending ? 'Updating pricing…' : 'Update All Pricing'}
        </button>
        <button type="button" className="btn" disabled={!canManageCatalog} onClick={() => setScheduleOpen(true)}>
          Schedule Updates
        </button>
      </div>
      {lastResult ? (
        <div className="rounded-box border border-base-300 p-3 text-sm">
          <p>
            <span className="font-semibold">Last update: </span>
            {PRICING_MESSAGES.complete(lastResult.localUpdatesApplied)}
            {lastResult.failed.length > 0 ? `; ${countOf(lastResult.failed.length, 'drug')} without a NADAC price.` : '.'}
          </p>
          {lastResult.errors.length > 0 ? <ErrorList errors={lastResult.errors} /> : null}
        </div>
      ) : null}
      <PriceScheduleSummary pharmacyId={pharmacyId} />
      <PriceScheduleDialog pharmacyId={pharmacyId} open={scheduleOpen} onClose={() => setScheduleOpen(false)} />
    </SectionCard>
  );
}

function CurrentPrices({ pharmacyId }: { pharmacyId: string }) {
  const [text, setText] = useState('');
  const { term, settling } = useSearchTerm(text);
  const filters = useMemo(() => ({ search: term, lowStockOnly: false, includeInactive: false }), [term]);
  const [paging, setPaging] = useState({ search: '', page: 0 });
  const page = paging.search === term ? paging.page : 0;
  const drugs = useLocalDrugs(pharmacyId, filters, page, PRICING_PAGE_SIZE);
  const [historyOf, setHistoryOf] = useState<LocalDrug | null>(null);
  const total = drugs.data?.total ?? 0;
  const shownPage = drugs.data?.page ?? page;
  const pageTooFar = drugs.data !== undefined && !drugs.isPlaceholderData && drugs.data.page > lastPage(drugs.data.total, PRICING_PAGE_SIZE);
  useEffect(() => {
    if (pageTooFar) setPaging({ search: term, page: lastPage(total, PRICING_PAGE_SIZE) });
  }, [pageTooFar, term, total]);

  const columns = useMemo<ColumnDef<LocalDrug, never>[]>(
    () => [
      {
        id: 'drug',
        header: 'Drug',
        enableHiding: false,
        cell: ({ row }) => <span className="inline-block min-w-40 font-medium">{[row.original.name, row.original.strength].filter(Boolean).join(' ')}</span>,
      },
      { id: 'ndc', header: 'NDC', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.ndcNumber ?? 'n/a'}</span> },
      { id: 'awp', header: 'AWP', cell: ({ row }) => formatDrugPrice(row.original.awpPrice) },
      { id: 'wac', header: 'WAC', cell: ({ row }) => formatDrugPrice(row.original.wacPrice) },
      {
        id: 'nadac',
        header: 'NADAC per unit',
        // The effective date under the price: one column fewer, so the table fits beside the sidebar.
        cell: ({ row }) =>
          row.original.nadacPerUnit === null ? (
            'n/a'
          ) : (
            <span className="flex flex-col whitespace-nowrap">
              <span>{`${row.original.nadacPerUnit.toFixed(5)}${row.original.packageUnit ? ` / ${row.original.packageUnit}` : ''}`}</span>
              {row.original.nadacEffectiveDate ? (
                <span className="text-xs text-base-content/70">from {usDate(row.original.nadacEffectiveDate)}</span>
              ) : null}
            </span>
          ),
      },
      {
        id: 'changed',
        header: 'Last change',
        cell: ({ row }) => (row.original.pricesUpdatedAt ? localDateTime(row.original.pricesUpdatedAt) : 'Never'),
      },
      {
        id: 'history',
        header: 'History',
        enableHiding: false,
        cell: ({ row }) => (
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            aria-label={`Price history of ${[row.original.name, row.original.strength].filter(Boolean).join(' ')}`}
            onClick={() => setHistoryOf(row.original)}
          >
            History
          </button>
        ),
      },
    ],
    [],
  );

  return (
    <SectionCard
      title="Current prices"
      headerAction={<SearchInput label="Search prices" placeholder="Brand, generic name or NDC…" value={text} onChange={setText} busy={settling} />}
    >
      {drugs.data ? <QueryErrorNotice query={drugs} errorText="The prices could not be loaded" /> : null}
      <DataTable
        columns={columns}
        query={withQueryData(drugs, drugs.data?.drugs)}
        errorText="The prices could not be loaded"
        emptyText={term ? `No drug in your catalog matches “${term}”.` : 'Your catalog has no active drugs yet.'}
        loadingLabel="Loading prices"
        getRowId={(drug) => drug.id}
        sorting={[]}
        onSortingChange={() => undefined}
        paging={{
          pageIndex: shownPage,
          pageSize: PRICING_PAGE_SIZE,
          total,
          onPageChange: (next) => setPaging({ search: term, page: Math.max(0, Math.min(next, lastPage(total, PRICING_PAGE_SIZE))) }),
          summary: pageSummary(shownPage, drugs.data?.drugs.length ?? 0, total, PRICING_PAGE_SIZE),
          label: 'Price pages',
          disabled: drugs.isPlaceholderData,
        }}
      />
      <PriceHistoryDialog pharmacyId={pharmacyId} drug={historyOf} onClose={() => setHistoryOf(null)} />
    </SectionCard>
  );
}
