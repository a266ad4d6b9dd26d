/**
 * Recent E-Prescriptions (spec §2): the 5 newest pending prescriptions with a Refresh button; skeleton rows
 * while loading and 'No pending prescriptions' when the queue has none.
 */
import { useRecentPendingPrescriptions } from '../api/get-recent-pending-prescriptions.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';

const SKELETON_ROWS = 3;

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
      {recent.isPending ? (
        <ul className="flex flex-col gap-2" aria-label="Loading prescriptions">
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <li key={index} className="skeleton h-14 w-full" />
          ))}
        </ul>
      ) : recent.isError ? (
        <p className="text-sm text-base-content/60">The prescriptions could not be loaded.</p>
      ) : recent.data.length === 0 ? (
        <p className="py-6 text-center text-sm text-base-content/60">No pending prescriptions</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {recent.data.map((rx) => (
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
    </SectionCard>
  );
}
