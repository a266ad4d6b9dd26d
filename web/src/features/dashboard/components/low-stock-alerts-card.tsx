/**
 * Low Stock Alerts (spec §2): each medication at or below its low-stock threshold with its strength,
 * 'Only N units left' and a 'Critical' badge; 'All medications well-stocked' when there is none.
 */
import { useLowStockMedications } from '../api/get-low-stock-medications.ts';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';

export interface LowStockAlertsCardProps {
  pharmacyId: string;
}

export function LowStockAlertsCard({ pharmacyId }: LowStockAlertsCardProps) {
  const lowStock = useLowStockMedications(pharmacyId);
  return (
    <SectionCard title="Low Stock Alerts">
      <QueryState
        query={lowStock}
        errorText="Stock levels could not be loaded"
        loadingLabel="Loading"
        skeletonRows={1}
        size="sm"
        isEmpty={(medications) => medications.length === 0}
        emptyText="All medications well-stocked"
      >
        {(medications) => (
          <ul className="flex flex-col gap-2">
            {medications.map((medication) => (
              <li key={medication.id} data-testid="low-stock-item" className="flex items-center justify-between gap-3 rounded-box border border-error/30 bg-error/5 p-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">
                    {medication.name}
                    {medication.strength ? <span className="font-normal text-base-content/70"> {medication.strength}</span> : null}
                  </p>
                  <p className="text-sm text-error">Only {medication.stock} units left</p>
                </div>
                <span className="badge badge-error shrink-0">Critical</span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </SectionCard>
  );
}
