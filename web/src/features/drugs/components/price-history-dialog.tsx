/** A drug's recent price changes (public.medication_price_history), newest first, in a dialog. */
import { formatDrugPrice } from '@pharmacy/shared/drugs/external-drug.ts';
import { usDate } from '@pharmacy/shared/dates.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { PRICE_HISTORY_LIMIT, usePriceHistory } from '../api/get-price-history.ts';
import type { LocalDrug } from '../api/local-drug.ts';
import { localDateTime } from '../relative-time.ts';

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
              The latest {PRICE_HISTORY_LIMIT} changes at most; AWP and WAC per package, NADAC per {drug.packageUnit ?? 'unit'}.
            </caption>
            <thead>
              <tr>
                <th scope="col">Changed</th>
                <th scope="col">AWP</th>
                <th scope="col">WAC</th>
                <th scope="col">NADAC per unit</th>
                <th scope="col">NADAC effective</th>
                <th scope="col">Source</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.id}>
                  <td>{localDateTime(change.changedAt)}</td>
                  <td>{formatDrugPrice(change.awpPrice)}</td>
                  <td>{formatDrugPrice(change.wacPrice)}</td>
                  <td>{change.nadacPerUnit === null ? 'n/a' : change.nadacPerUnit.toFixed(5)}</td>
                  <td>{change.nadacEffectiveDate ? usDate(change.nadacEffectiveDate) : 'n/a'}</td>
                  <td>{change.source ?? 'n/a'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryState>
  );
}
