/**
 * The double counts recorded for a controlled prescription: who counted what and when ('No count recorded yet'
 * when none), under a visible 'Double counts' that names the list. Shown on a Schedule II card being processed and
 * in the Double Count dialog.
 */
import { useId } from 'react';
import { useControlledSubstanceCounts } from '../api/get-controlled-substance-counts.ts';

export function ControlledCountList({ pharmacyId, prescriptionId }: { pharmacyId: string; prescriptionId: string }) {
  const counts = useControlledSubstanceCounts(pharmacyId, prescriptionId);
  const titleId = useId();
  if (counts.isPending) return <p className="text-xs text-base-content/70">Loading counts…</p>;
  if (counts.isError) return <p className="text-xs text-error">The counts could not be loaded</p>;
  if (counts.data.length === 0) return <p className="text-xs text-base-content/70">Double count: no count recorded yet</p>;
  return (
    <div className="text-xs">
      <p id={titleId} className="font-medium">
        Double counts
      </p>
      <ul aria-labelledby={titleId} className="flex flex-col gap-0.5">
        {counts.data.map((count) => (
          <li key={count.id}>
            Counted {count.quantityCounted} by {count.counterName ?? 'a colleague'} · {new Date(count.countedAt).toLocaleString()}
          </li>
        ))}
      </ul>
    </div>
  );
}
