/**
 * Drug Search (spec part 2 §2): a provider selector — the Local Database or an external provider (openFDA, RxNorm) —
 * and a search box whose text settles for 300 ms before the server is asked. The local catalog is searched and paged
 * by the database (brand, generic name or NDC in any format), with Low stock only and Include inactive filters. An
 * external search starts only at EXTERNAL_SEARCH_MIN_LENGTH characters (said under the box); when it fails the spec's
 * toast 'External Search Failed' shows and no results do.
 */
import {
  DRUG_PROVIDER_NAMES, DRUG_SEARCH_PROVIDER_IDS, EXTERNAL_SEARCH_MESSAGES, EXTERNAL_SEARCH_MIN_LENGTH, type DrugSearchProviderId,
  type ExternalDrugResult,
} from '@pharmacy/shared/drugs/external-drug.ts';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { QueryErrorNotice, QueryState } from '../../../components/ui/query-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { lastPage, pageSummary } from '../../../lib/paging.ts';
import { useLocalDrugs } from '../api/get-local-drugs.ts';
import type { LocalDrug } from '../api/local-drug.ts';
import { useExternalDrugSearch } from '../api/search-external-drugs.ts';
import { useSyncExternalDrugs } from '../api/sync-external-drugs.ts';
import { SYNC_COMPLETE_TITLE, syncCompleteDescription } from '../drug-messages.ts';
import type { LocalDrugFilters } from '../keys.ts';
import { ExternalDrugCard } from './external-drug-card.tsx';
import { LocalDrugCard } from './local-drug-card.tsx';
import { Pager } from '../../../components/ui/pager.tsx';

type Source = 'local' | DrugSearchProviderId;

const SOURCE_LABELS: Record<Source, string> = {
  local: 'Local Database',
  openfda: `External: ${DRUG_PROVIDER_NAMES.openfda}`,
  rxnorm: `External: ${DRUG_PROVIDER_NAMES.rxnorm}`,
};

export const LOCAL_DRUG_PAGE_SIZE = 12;

export interface DrugSearchTabProps {
  pharmacyId: string;
  canManageCatalog: boolean;
  renderDrugDetails?: (drug: LocalDrug) => ReactNode;
  /** The local search typed first and the drug shown open (the header's global search). */
  initialSearch?: string;
  initialOpenDrugId?: string;
}

export function DrugSearchTab({ pharmacyId, canManageCatalog, renderDrugDetails, initialSearch = '', initialOpenDrugId }: DrugSearchTabProps) {
  const sourceId = useId();
  const [source, setSource] = useState<Source>('local');
  const [text, setText] = useState(initialSearch);
  const { term, settling } = useSearchTerm(text);
  const [lowStockOnly, setLowStockOnly] = useState(false);
  const [includeInactive, setIncludeInactive] = useState(false);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1">
          <label htmlFor={sourceId} className="text-sm font-medium">
            Search in
          </label>
          <select id={sourceId} className="select w-full sm:w-72" value={source} onChange={(event) => setSource(event.target.value as Source)}>
            {(['local', ...DRUG_SEARCH_PROVIDER_IDS] as Source[]).map((option) => (
              <option key={option} value={option}>
                {SOURCE_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-1 flex-col gap-1">
          <SearchInput
            label="Search drugs"
            placeholder={source === 'local' ? 'Brand, generic name or NDC…' : 'Drug name or NDC (at least 3 characters)…'}
            value={text}
            onChange={setText}
            busy={settling}
            className="w-full"
          />
        </div>
      </div>
      {source === 'local' ? (
        <>
          <div className="flex flex-wrap gap-4">
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="checkbox" className="checkbox checkbox-sm checkbox-primary" checked={lowStockOnly} onChange={(event) => setLowStockOnly(event.target.checked)} />
              Low stock only
            </label>
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="checkbox" className="checkbox checkbox-sm checkbox-primary" checked={includeInactive} onChange={(event) => setIncludeInactive(event.target.checked)} />
              Include inactive drugs
            </label>
          </div>
          <LocalResults
            pharmacyId={pharmacyId}
            filters={{ search: term, lowStockOnly, includeInactive }}
            renderDrugDetails={renderDrugDetails}
            initialOpenDrugId={initialOpenDrugId}
          />
        </>
      ) : (
        <>
          <p className="text-sm text-base-content/70">
            {EXTERNAL_SEARCH_MESSAGES.queryTooShort}. Results come from the provider as it reports them.
          </p>
          <ExternalResults pharmacyId={pharmacyId} provider={source} query={term} canManageCatalog={canManageCatalog} />
        </>
      )}
    </div>
  );
}

interface LocalResultsProps {
  pharmacyId: string;
  filters: LocalDrugFilters;
  renderDrugDetails?: (drug: LocalDrug) => ReactNode;
  initialOpenDrugId?: string | undefined;
}

function LocalResults({ pharmacyId, filters, renderDrugDetails, initialOpenDrugId }: LocalResultsProps) {
  // The page belongs to the filters it was chosen for: new filters start on the first page.
  const [paging, setPaging] = useState({ filters, page: 0 });
  const sameFilters = JSON.stringify(paging.filters) === JSON.stringify(filters);
  const page = sameFilters ? paging.page : 0;
  const drugs = useLocalDrugs(pharmacyId, filters, page, LOCAL_DRUG_PAGE_SIZE);
  const [openDrugId, setOpenDrugId] = useState<string | null>(initialOpenDrugId ?? null);
  const total = drugs.data?.total ?? 0;
  const shownPage = drugs.data?.page ?? page;
  const goToPage = (next: number) => setPaging({ filters, page: Math.max(0, Math.min(next, lastPage(total, LOCAL_DRUG_PAGE_SIZE))) });
  const pageTooFar = drugs.data !== undefined && !drugs.isPlaceholderData && drugs.data.page > lastPage(drugs.data.total, LOCAL_DRUG_PAGE_SIZE);
  useEffect(() => {
    if (pageTooFar) setPaging({ filters, page: lastPage(total, LOCAL_DRUG_PAGE_SIZE) });
  }, [pageTooFar, filters, total]);

  return (
    <div className="flex flex-col gap-3" aria-busy={drugs.isFetching}>
      {drugs.data ? <QueryErrorNotice query={drugs} errorText="The search could not be run" /> : null}
      <QueryState
        query={drugs}
        errorText="The catalog could not be searched"
        loadingLabel="Searching the catalog"
        isEmpty={(data) => data.drugs.length === 0}
        emptyText={filters.search ? `No drug in your catalog matches “${filters.search}”.` : 'No drug in your catalog matches these filters.'}
      >
        {(data) => (
          <>
            <ul className="grid gap-3 md:grid-cols-2 2xl:grid-cols-3" aria-label="Local drugs">
              {data.drugs.map((drug) => (
                // The open card spans the row: its details (the formulary table) need the width.
                <li key={drug.id} className={openDrugId === drug.id ? 'md:col-span-2 2xl:col-span-3' : undefined}>
                  <LocalDrugCard
                    drug={drug}
                    details={
                      renderDrugDetails
                        ? { open: openDrugId === drug.id, onToggle: () => setOpenDrugId((open) => (open === drug.id ? null : drug.id)), render: renderDrugDetails }
                        : undefined
                    }
                  />
                </li>
              ))}
            </ul>
            <Pager
              label="Drug pages"
              page={shownPage}
              pageSize={LOCAL_DRUG_PAGE_SIZE}
              total={total}
              summary={pageSummary(shownPage, data.drugs.length, total, LOCAL_DRUG_PAGE_SIZE)}
              disabled={drugs.isPlaceholderData}
              onPageChange={goToPage}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}

interface ExternalResultsProps {
  pharmacyId: string;
  provider: DrugSearchProviderId;
  query: string;
  canManageCatalog: boolean;
}

function ExternalResults({ pharmacyId, provider, query, canManageCatalog }: ExternalResultsProps) {
  const results = useExternalDrugSearch(pharmacyId, provider, query);
  const sync = useSyncExternalDrugs();
  const [outcomes, setOutcomes] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState<string | null>(null);

  // Spec §8: a failed external search toasts, once per failure.
  useEffect(() => {
    if (results.isError) {
      toast({ title: EXTERNAL_SEARCH_MESSAGES.failedTitle, description: EXTERNAL_SEARCH_MESSAGES.failedDescription, variant: 'destructive' });
    }
  }, [results.isError, results.errorUpdatedAt]);

  function add(drug: ExternalDrugResult) {
    setAdding(drug.id);
    sync.mutate([drug.ndcNumber], {
      onSuccess: (result) => {
        toast({ title: SYNC_COMPLETE_TITLE, description: syncCompleteDescription(result) });
        setOutcomes((shown) => ({ ...shown, [drug.id]: result.updated > 0 ? 'Synced into your catalog.' : `Not synced: ${result.errors.join('; ')}` }));
      },
      onError: (error) => {
        toast({ title: 'Sync Failed', description: error.message, variant: 'destructive' });
        setOutcomes((shown) => ({ ...shown, [drug.id]: `Not synced: ${error.message}` }));
      },
      onSettled: () => setAdding(null),
    });
  }

  if (query.length < EXTERNAL_SEARCH_MIN_LENGTH) return null;
  if (results.isError) {
    return <QueryErrorNotice query={results} errorText={EXTERNAL_SEARCH_MESSAGES.failedTitle} />;
  }
  return (
    <QueryState
      query={results}
      errorText={EXTERNAL_SEARCH_MESSAGES.failedTitle}
      loadingLabel={`Searching ${DRUG_PROVIDER_NAMES[provider]}`}
      isEmpty={(data) => data.length === 0}
      emptyText={`${DRUG_PROVIDER_NAMES[provider]} has no drug matching “${query}”.`}
    >
      {(data) => (
        <ul className="grid gap-3 md:grid-cols-2 2xl:grid-cols-3" aria-label="External drugs">
          {data.map((drug) => (
            <li key={drug.id}>
              <ExternalDrugCard drug={drug} onAdd={canManageCatalog ? add : null} adding={adding === drug.id} outcome={outcomes[drug.id]} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
