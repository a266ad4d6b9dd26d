/**
 * The prescriptions card (spec §2): a search (patient first or last name, case-insensitive, or Rx number)
 * and two tabs, 'Ready for Pickup (n)' with Print Label and 'Recently Printed (n)' (at most 10) with Reprint;
 * 3 skeleton rows while loading (spec §9), the failure with Retry. Selecting an item fills the generator.
 */
import { useId, useState } from 'react';
import { QueryState, withQueryData, type QueryStateQuery } from '../../../components/ui/query-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import { useReadyPrescriptions } from '../api/get-ready-prescriptions.ts';
import { useRecentlyPrinted } from '../api/get-recently-printed.ts';
import { matchesLabelSearch, medicationLabel, patientFullName, refillText, type LabelPrescription } from '../label-prescription.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';

type Tab = 'ready' | 'printed';

export interface LabelPrescriptionsCardProps {
  pharmacyId: string;
  selectedId: string | null;
  onSelect: (prescription: LabelPrescription) => void;
  onPrint: (prescription: LabelPrescription) => void;
  printingId: string | null;
}

interface ItemListProps {
  /** The tab's query, its rows narrowed to the search. */
  query: QueryStateQuery<LabelPrescription[]>;
  emptyText: string;
  actionLabel: string;
  selectedId: string | null;
  printingId: string | null;
  onSelect: (prescription: LabelPrescription) => void;
  onPrint: (prescription: LabelPrescription) => void;
}

function ItemList({ query, emptyText, actionLabel, selectedId, printingId, onSelect, onPrint }: ItemListProps) {
  return (
    <QueryState
      query={query}
      errorText="The prescriptions could not be loaded"
      loadingLabel="Loading prescriptions"
      skeletonRowClassName="h-16"
      size="sm"
      isEmpty={(items) => items.length === 0}
      emptyText={emptyText}
    >
      {(items) => (
        <ul className="flex flex-col gap-2">
          {items.map((rx) => (
            <li
              key={rx.id}
              data-testid="label-prescription"
              aria-label={`RX ${rx.rxNumber}${refillText(rx) ? ` (${refillText(rx)})` : ''} for ${patientFullName(rx)}`}
              className={`flex items-center justify-between gap-3 rounded-box border p-3 ${selectedId === rx.id ? 'border-primary bg-primary/5' : 'border-base-300'}`}
            >
              <div className="min-w-0">
                <p className="truncate font-medium">{patientFullName(rx)}</p>
                <p className="truncate text-sm text-base-content/70">
                  <span className="font-mono">RX {rx.rxNumber}</span>
                  {refillText(rx) ? ` · ${refillText(rx)}` : ''} · {medicationLabel(rx)}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <button type="button" className="btn btn-ghost btn-sm" aria-pressed={selectedId === rx.id} onClick={() => onSelect(rx)}>
                  {selectedId === rx.id ? 'Selected' : 'Select'}
                </button>
                <button type="button" className="btn btn-primary btn-sm" disabled={printingId !== null} onClick={() => onPrint(rx)}>
                  {printingId === rx.id ? 'Generating...' : actionLabel}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

export function LabelPrescriptionsCard({ pharmacyId, selectedId, onSelect, onPrint, printingId }: LabelPrescriptionsCardProps) {
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<Tab>('ready');
  const tabsId = useId();
  const ready = useReadyPrescriptions(pharmacyId);
  const printed = useRecentlyPrinted(pharmacyId);
  const readyShown = ready.data?.filter((rx) => matchesLabelSearch(rx, search));
  const printedShown = printed.data?.filter((rx) => matchesLabelSearch(rx, search));

  return (
    <SectionCard title="Prescriptions">
      <SearchInput label="Search prescriptions" placeholder="Search by patient name or Rx number..." value={search} onChange={setSearch} className="w-full" />
      <TabList
        baseId={tabsId}
        variant="tabs-border"
        items={[
          { id: 'ready', label: `Ready for Pickup (${readyShown?.length ?? 0})` },
          { id: 'printed', label: `Recently Printed (${printedShown?.length ?? 0})` },
        ]}
        selected={tab}
        onSelect={setTab}
      />
      <TabPanel baseId={tabsId} selected={tab}>
        {tab === 'ready' ? (
          <ItemList
            query={withQueryData(ready, readyShown)}
            emptyText={search.trim() ? 'No ready prescriptions match your search' : 'No prescriptions ready for pickup'}
            actionLabel="Print Label"
            selectedId={selectedId}
            printingId={printingId}
            onSelect={onSelect}
            onPrint={onPrint}
          />
        ) : (
          <ItemList
            query={withQueryData(printed, printedShown)}
            emptyText={search.trim() ? 'No printed labels match your search' : 'No labels printed yet'}
            actionLabel="Reprint"
            selectedId={selectedId}
            printingId={printingId}
            onSelect={onSelect}
            onPrint={onPrint}
          />
        )}
      </TabPanel>
    </SectionCard>
  );
}
