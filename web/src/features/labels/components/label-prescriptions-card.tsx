/**
 * The prescriptions card (spec §2): a search (patient first or last name, case-insensitive, or Rx number)
 * and two tabs, 'Ready for Pickup (n)' with Print Label and 'Recently Printed (n)' (at most 10) with Reprint;
 * 3 skeleton rows while loading (spec §9). Selecting an item fills the generator.
 */
import { useState } from 'react';
import { useReadyPrescriptions } from '../api/get-ready-prescriptions.ts';
import { useRecentlyPrinted } from '../api/get-recently-printed.ts';
import { matchesLabelSearch, medicationLabel, patientFullName, type LabelPrescription } from '../label-prescription.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';

const SKELETON_ROWS = 3;
type Tab = 'ready' | 'printed';

export interface LabelPrescriptionsCardProps {
  pharmacyId: string;
  selectedId: string | null;
  onSelect: (prescription: LabelPrescription) => void;
  onPrint: (prescription: LabelPrescription) => void;
  printingId: string | null;
}

interface ItemListProps {
  items: LabelPrescription[] | undefined;
  pending: boolean;
  failed: boolean;
  emptyText: string;
  actionLabel: string;
  selectedId: string | null;
  printingId: string | null;
  onSelect: (prescription: LabelPrescription) => void;
  onPrint: (prescription: LabelPrescription) => void;
}

function ItemList({ items, pending, failed, emptyText, actionLabel, selectedId, printingId, onSelect, onPrint }: ItemListProps) {
  if (pending) {
    return (
      <ul className="flex flex-col gap-2" aria-label="Loading prescriptions">
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <li key={index} className="skeleton h-16 w-full" />
        ))}
      </ul>
    );
  }
  if (failed || !items) return <p className="text-sm text-base-content/60">The prescriptions could not be loaded.</p>;
  if (items.length === 0) return <p className="py-6 text-center text-sm text-base-content/60">{emptyText}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {items.map((rx) => (
        <li
          key={rx.id}
          data-testid="label-prescription"
          aria-label={`RX ${rx.rxNumber} for ${patientFullName(rx)}`}
          className={`flex items-center justify-between gap-3 rounded-box border p-3 ${selectedId === rx.id ? 'border-primary bg-primary/5' : 'border-base-300'}`}
        >
          <div className="min-w-0">
            <p className="truncate font-medium">{patientFullName(rx)}</p>
            <p className="truncate text-sm text-base-content/70">
              <span className="font-mono">RX {rx.rxNumber}</span> · {medicationLabel(rx)}
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
  );
}

export function LabelPrescriptionsCard({ pharmacyId, selectedId, onSelect, onPrint, printingId }: LabelPrescriptionsCardProps) {
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<Tab>('ready');
  const ready = useReadyPrescriptions(pharmacyId);
  const printed = useRecentlyPrinted(pharmacyId);
  const readyShown = ready.data?.filter((rx) => matchesLabelSearch(rx, search));
  const printedShown = printed.data?.filter((rx) => matchesLabelSearch(rx, search));

  return (
    <SectionCard title="Prescriptions">
      <input
        type="search"
        className="input w-full"
        placeholder="Search by patient name or Rx number..."
        aria-label="Search prescriptions"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div role="tablist" className="tabs tabs-border">
        <button type="button" role="tab" className={`tab ${tab === 'ready' ? 'tab-active' : ''}`} aria-selected={tab === 'ready'} onClick={() => setTab('ready')}>
          Ready for Pickup ({readyShown?.length ?? 0})
        </button>
        <button type="button" role="tab" className={`tab ${tab === 'printed' ? 'tab-active' : ''}`} aria-selected={tab === 'printed'} onClick={() => setTab('printed')}>
          Recently Printed ({printedShown?.length ?? 0})
        </button>
      </div>
      <div role="tabpanel">
        {tab === 'ready' ? (
          <ItemList
            items={readyShown}
            pending={ready.isPending}
            failed={ready.isError}
            emptyText={search.trim() ? 'No ready prescriptions match your search' : 'No prescriptions ready for pickup'}
            actionLabel="Print Label"
            selectedId={selectedId}
            printingId={printingId}
            onSelect={onSelect}
            onPrint={onPrint}
          />
        ) : (
          <ItemList
            items={printedShown}
            pending={printed.isPending}
            failed={printed.isError}
            emptyText={search.trim() ? 'No printed labels match your search' : 'No labels printed yet'}
            actionLabel="Reprint"
            selectedId={selectedId}
            printingId={printingId}
            onSelect={onSelect}
            onPrint={onPrint}
          />
        )}
      </div>
    </SectionCard>
  );
}
