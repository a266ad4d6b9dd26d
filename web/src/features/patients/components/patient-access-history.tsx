/**
 * Access History in Patient Details, for admins: who opened this patient's record or prescriptions or printed
 * their labels and receipts, when and from which IP address, newest first, with Show older for earlier pages.
 */
import { useId } from 'react';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { usePatientAccessHistory } from '../api/get-patient-access-history.ts';

export function PatientAccessHistory({ pharmacyId, patientId }: { pharmacyId: string; patientId: string }) {
  const titleId = useId();
  const history = usePatientAccessHistory(pharmacyId, patientId);
  const entries = history.data?.pages.flat() ?? [];

  return (
    <section aria-labelledby={titleId} className="mt-6 flex flex-col gap-2">
      <h3 id={titleId} className="text-sm font-semibold uppercase tracking-wide text-base-content/70">
        Access History
      </h3>
      <QueryState
        query={history}
        errorText="The access history could not be loaded"
        loadingLabel="Loading access history"
        skeletonRowClassName="h-6"
        size="sm"
        isEmpty={() => entries.length === 0}
        emptyText="No access recorded"
      >
        {() => (
          <ul aria-label="Access history" className="flex max-h-64 flex-col divide-y divide-base-200 overflow-y-auto text-sm">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-1.5">
                <span>
                  <span className="font-medium">{entry.staffName ?? 'Unknown User'}</span>
                  {entry.staffRole ? <span className="text-base-content/70"> ({entry.staffRole})</span> : null}
                  {' · '}
                  {entry.description}
                </span>
                <span className="text-xs text-base-content/70">
                  {new Date(entry.accessedAt).toLocaleString()} · {entry.ipAddress ?? 'IP unknown'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {history.hasNextPage ? (
        <button type="button" className="btn btn-ghost btn-xs self-start" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          {history.isFetchingNextPage ? 'Loading…' : 'Show older'}
        </button>
      ) : null}
    </section>
  );
}
