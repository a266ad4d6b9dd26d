/**
 * /providers, Provider Management (spec part 2 §2; issue 22): the directory's tabs (All Providers, Verified, Pending,
 * Needs Review) with their counts, a debounced search on first name, last name, specialty or NPI, the cards a keyset
 * page at a time ("Load more"), Add Provider for any staff member, Edit and Verify for pharmacists and admins, each
 * card's verification history, the credential alerts and, for admins, the OIG exclusion list. The tab and search
 * live in the URL so a reload or a shared link shows the same list. Loading shows PROVIDER_SKELETON_COUNT cards.
 */
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  DIRECTORY_TABS,
  PROVIDER_SKELETON_COUNT,
  prescriberFormFromPrescriber,
  type DirectoryCounts,
  type DirectoryTabKey,
  type Prescriber,
  type PrescriberForm,
} from '@pharmacy/shared/prescribers/prescriber.ts';
import { QueryErrorNotice } from '../../../components/ui/query-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { useDirectoryCounts } from '../api/get-directory-counts.ts';
import { usePharmacyToday } from '../api/get-pharmacy-today.ts';
import { usePrescriberDirectory } from '../api/get-prescriber-directory.ts';
import { formWithNppesDetails } from '../provider-format.ts';
import { CredentialAlertsPanel } from './credential-alerts-panel.tsx';
import { ExclusionListPanel } from './exclusion-list-panel.tsx';
import { PrescriberFormDialog } from './prescriber-form-dialog.tsx';
import { PrescriberHistoryDialog } from './prescriber-history-dialog.tsx';
import { ProviderCard } from './provider-card.tsx';
import { VerifyPrescriberDialog } from './verify-prescriber-dialog.tsx';

export interface ProviderManagementProps {
  pharmacyId: string;
  userId: string;
  /** Edit and Verify (prescribers:verify: pharmacists and admins); the database enforces it. */
  canVerify: boolean;
  /** The OIG exclusion list upload (admins); the database enforces it. */
  canManageExclusionList: boolean;
}

type OpenDialog =
  | { kind: 'add' }
  | { kind: 'edit'; prescriber: Prescriber; initialValues?: PrescriberForm }
  | { kind: 'verify'; prescriber: Prescriber }
  | { kind: 'history'; prescriber: Prescriber };

function isTabKey(value: string | null): value is DirectoryTabKey {
  return DIRECTORY_TABS.some((tab) => tab.key === value);
}

function tabCount(counts: DirectoryCounts | undefined, tab: DirectoryTabKey): string {
  return counts ? ` (${counts[tab].toLocaleString('en-US')})` : '';
}

export function ProviderManagement({ pharmacyId, userId, canVerify, canManageExclusionList }: ProviderManagementProps) {
  const baseId = useId();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: DirectoryTabKey = isTabKey(tabParam) ? tabParam : 'all';
  const [searchText, setSearchText] = useState(() => params.get('q') ?? '');
  // `?q=` changed by another screen (the header's global search opens a prescriber by NPI): the box takes it. Typing
  // here writes the same q, trimmed, so it is never taken back.
  const addressSearch = params.get('q') ?? '';
  useEffect(() => {
    setSearchText((typed) => (typed.trim() === addressSearch ? typed : addressSearch));
  }, [addressSearch]);
  const { term: search, settling } = useSearchTerm(searchText);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const today = usePharmacyToday(pharmacyId);

  const counts = useDirectoryCounts(pharmacyId, search);
  const directory = usePrescriberDirectory(pharmacyId, tab, search);
  const prescribers = directory.data?.pages.flatMap((page) => page.prescribers);

  const updateParams = (next: { tab?: DirectoryTabKey; q?: string }) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const nextTab = next.tab ?? tab;
        if (nextTab === 'all') updated.delete('tab');
        else updated.set('tab', nextTab);
        const q = (next.q ?? searchText).trim();
        if (q === '') updated.delete('q');
        else updated.set('q', q);
        return updated;
      },
      { replace: true },
    );
  };

  const tabs = DIRECTORY_TABS.map((entry) => ({ id: entry.key, label: `${entry.label}${tabCount(counts.data, entry.key)}` }));
  const emptyText = search !== '' ? `No provider matches "${search}"` : tab === 'all' ? 'No providers on file yet. Add one with Add Provider.' : 'No providers in this tab';

  return (
    <section className="flex flex-1 flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Provider Management</h1>
          <p className="text-base-content/70">The prescribers your pharmacy fills for, their credentials and their verification.</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'add' })}>
          Add Provider
        </button>
      </header>

      <div className={`grid gap-4 ${canManageExclusionList ? 'lg:grid-cols-2' : ''}`}>
        <CredentialAlertsPanel pharmacyId={pharmacyId} today={today} />
        {canManageExclusionList ? <ExclusionListPanel pharmacyId={pharmacyId} /> : null}
      </div>

      <div className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4 p-4 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <TabList
              baseId={baseId}
              label="Provider verification status"
              items={tabs}
              selected={tab}
              onSelect={(next) => updateParams({ tab: next })}
              className="grid grid-cols-2 sm:flex"
            />
            <SearchInput
              label="Search providers"
              placeholder="Search by name, specialty or NPI..."
              value={searchText}
              onChange={(value) => {
                setSearchText(value);
                updateParams({ q: value });
              }}
              busy={settling || (directory.isFetching && !directory.isFetchingNextPage)}
            />
          </div>
          <TabPanel baseId={baseId} selected={tab}>
            {directory.data && directory.error ? <QueryErrorNotice query={directory} errorText="The providers could not be refreshed" /> : null}
            {directory.isPending ? (
              <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading providers">
                {Array.from({ length: PROVIDER_SKELETON_COUNT }, (_, index) => (
                  <div key={index} className="skeleton h-64 w-full" data-testid="provider-skeleton" />
                ))}
              </div>
            ) : directory.error && !directory.data ? (
              <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
                <span>The providers could not be loaded: {directory.error.message}</span>
                <button type="button" className="btn btn-sm" onClick={() => void directory.refetch()}>
                  Retry
                </button>
              </div>
            ) : prescribers && prescribers.length === 0 ? (
              <p className="py-10 text-center text-base-content/70" data-testid="providers-empty">
                {emptyText}
              </p>
            ) : (
              <div className="flex flex-col gap-4">
                <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                  {prescribers?.map((prescriber) => (
                    <ProviderCard
                      key={prescriber.id}
                      prescriber={prescriber}
                      today={today}
                      onHistory={() => setDialog({ kind: 'history', prescriber })}
                      onEdit={canVerify ? () => setDialog({ kind: 'edit', prescriber }) : undefined}
                      onVerify={canVerify ? () => setDialog({ kind: 'verify', prescriber }) : undefined}
                    />
                  ))}
                </div>
                {directory.hasNextPage ? (
                  <button type="button" className="btn btn-outline self-center" onClick={() => void directory.fetchNextPage()} disabled={directory.isFetchingNextPage}>
                    {directory.isFetchingNextPage ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
                    {directory.isFetchingNextPage ? 'Loading…' : 'Load more'}
                  </button>
                ) : null}
              </div>
            )}
          </TabPanel>
        </div>
      </div>

      <PrescriberFormDialog
        open={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        prescriber={dialog?.kind === 'edit' ? dialog.prescriber : null}
        initialValues={dialog?.kind === 'edit' ? dialog.initialValues : undefined}
        onClose={() => setDialog(null)}
        onSaved={() => setDialog(null)}
      />
      {dialog?.kind === 'verify' ? (
        <VerifyPrescriberDialog
          prescriber={dialog.prescriber}
          onClose={() => setDialog(null)}
          onUseRegistryDetails={(record) => {
            const current = prescriberFormFromPrescriber(dialog.prescriber);
            setDialog({ kind: 'edit', prescriber: dialog.prescriber, initialValues: formWithNppesDetails(record, current) ?? current });
          }}
        />
      ) : null}
      {dialog?.kind === 'history' ? <PrescriberHistoryDialog pharmacyId={pharmacyId} userId={userId} prescriber={dialog.prescriber} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}
