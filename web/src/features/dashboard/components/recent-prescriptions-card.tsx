/**
 * Recent E-Prescriptions (spec §2): the 5 newest pending prescriptions with a Refresh button; skeleton rows
 * while loading and 'No pending prescriptions' when the queue has none.
 */
import { useRecentPendingPrescriptions } from '../api/get-recent-pending-prescriptions.ts';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';

export interface RecentPrescriptionsCardProps {
  pharmacyId: string;
}

export function RecentPrescriptionsCard({ pharmacyId }: RecentPrescriptionsCardProps) {
  const recent = useRecentPendingPrescriptions(pharmacyId);
  return (
    <SectionCard
      title="Recent E-Prescriptions"
      headerAction={
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void recent.refetch()} disabled={recent.isFetching}>
          Refresh
        </button>
      }
    >
      <QueryState
        query={recent}
        errorText="The prescriptions could not be loaded"
        loadingLabel="Loading prescriptions"
        size="sm"
        isEmpty={(rows) => rows.length === 0}
        emptyText="No pending prescriptions"
      >
        {(rows) => (
          <ul className="flex flex-col gap-2">
            {rows.map((rx) => (
              <li
                key={rx.id}
                data-testid="recent-prescription"
                className={`flex items-center justify-between gap-3 rounded-box border p-3 ${rx.hasInteractions ? 'border-orange-300 bg-orange-50' : 'border-base-300'}`}
              >
                <div className="min-w-0">
                  <p className="truncate font-medium">{rx.patientName}</p>
                  <p className="truncate text-sm text-base-content/70">{rx.medication}</p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1 text-xs">
                  <span className="font-mono">RX {rx.rxNumber}</span>
                  <span className="flex gap-1">
                    {rx.hasInteractions ? <span className="badge badge-sm border-orange-300 bg-orange-100 text-orange-800">AI Alert</span> : null}
                    <span className="badge badge-sm badge-warning">pending</span>
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </SectionCard>
  );
}
