/** A drug's recent price changes (public.medication_price_history), newest first, in a dialog. */
import { formatDrugPrice } from '@pharmacy/shared/drugs/external-drug.ts';
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { PRICE_HISTORY_LIMIT, usePriceHistory, type PriceKind } from '../api/get-price-history.ts';
import type { LocalDrug } from '../api/local-drug.ts';
import { localDateTime } from '../display-format.ts';

const PRICE_KIND_LABELS: Record<PriceKind, string> = { awp: 'AWP', wac: 'WAC', nadac: 'NADAC' };
const SOURCE_LABELS: Record<string, string> = { nadac: 'NADAC update', manual: 'Edited', sync: 'Provider sync' };

/** NADAC per unit has 5 decimals as CMS publishes it; AWP and WAC 2; a price not set is 'n/a'. */
function priceText(kind: PriceKind, value: number | null): string {
  if (value === null) return 'n/a';
  return kind === 'nadac' ? value.toFixed(5) : formatDrugPrice(value);
}

export interface PriceHistoryDialogProps {
  pharmacyId: string;
  /** The drug whose history is open; null when closed. */
  drug: LocalDrug | null;
  onClose: () => void;
}

export function PriceHistoryDialog({ pharmacyId, drug, onClose }: PriceHistoryDialogProps) {
  const name = drug ? [drug.name, drug.strength].filter(Boolean).join(' ') : '';
  return (
    <Dialog title={`Price history: ${name}`} open={drug !== null} onClose={onClose} size="table" closeButton>
      {drug ? <PriceHistoryTable pharmacyId={pharmacyId} drug={drug} /> : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}

function PriceHistoryTable({ pharmacyId, drug }: { pharmacyId: string; drug: LocalDrug }) {
  const history = usePriceHistory(pharmacyId, drug.id);
  return (
    <QueryState
      query={history}
      errorText="The price history could not be loaded"
      loadingLabel="Loading the price history"
      isEmpty={(changes) => changes.length === 0}
      emptyText="No price change has been recorded for this drug."
    >
      {(changes) => (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <caption className="caption-bottom pt-2 text-left text-xs text-base-content/70">
              The latest {PRICE_HISTORY_LIMIT} changes at most. AWP and WAC are per package; NADAC per {drug.packageUnit ?? 'unit'}, with
              the package price when the package size is known.
            </caption>
            <thead>
              <tr>
                <th scope="col">Recorded</th>
                <th scope="col">Price</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
                <th scope="col">Per package</th>
                <th scope="col">Effective</th>
                <th scope="col">Source</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.id}>
                  <td>{localDateTime(change.recordedAt)}</td>
                  <td>{PRICE_KIND_LABELS[change.kind]}</td>
                  <td>{priceText(change.kind, change.previousValue)}</td>
                  <td>{priceText(change.kind, change.newValue)}</td>
                  <td>{formatDrugPrice(change.packagePrice)}</td>
                  <td>{usDate(change.effectiveDate)}</td>
                  <td>{SOURCE_LABELS[change.source] ?? change.source}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryState>
  );
}
