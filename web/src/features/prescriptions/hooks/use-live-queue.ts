/**
 * The queue live on every terminal of the pharmacy: a realtime event of one prescription looks that prescription
 * up and edits the cached tabs in place (it enters, moves between or leaves tabs) and refetches the counts
 * (refreshQueuePrescription), rather than fetching every tab again. A (re)subscription still fetches the whole
 * queue once, which catches up on whatever happened while the connection was down. A double count recorded at
 * another terminal refreshes that prescription's counts.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { refreshQueries } from '../../../lib/refresh-queries.ts';
import { useLiveQueries, type LiveChange, type LiveTable } from '../../../hooks/use-live-queries.ts';
import { refreshQueuePrescription, removeQueuePrescription } from '../api/get-queue-prescription.ts';
import { prescriptionKeys } from '../keys.ts';

const LIVE_TABLES: LiveTable[] = [{ table: 'prescriptions' }, { table: 'controlled_substance_counts', event: 'INSERT' }];

function changedId(change: LiveChange): string | null {
  const row = change.eventType === 'DELETE' ? change.old : change.new;
  return typeof row.id === 'string' ? row.id : null;
}

export function useLiveQueue(pharmacyId: string): void {
  const queryClient = useQueryClient();
  const onChange = useCallback(
    (change: LiveChange) => {
      if (change.table === 'controlled_substance_counts') {
        const prescriptionId = change.eventType === 'DELETE' ? undefined : change.new.prescription_id;
        if (typeof prescriptionId === 'string') void queryClient.invalidateQueries({ queryKey: prescriptionKeys.controlledCounts(pharmacyId, prescriptionId) });
        return;
      }
      const id = changedId(change);
      // An event that does not say which prescription changed: fetch the queue again rather than miss it.
      if (id === null) void refreshQueries(queryClient, prescriptionKeys.all(pharmacyId));
      else if (change.eventType === 'DELETE') void removeQueuePrescription(queryClient, pharmacyId, id);
      else void refreshQueuePrescription(queryClient, pharmacyId, id);
    },
    [queryClient, pharmacyId],
  );
  useLiveQueries('prescription-queue', pharmacyId, prescriptionKeys.all(pharmacyId), LIVE_TABLES, onChange);
}
