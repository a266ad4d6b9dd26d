/**
 * The queue live on every terminal of the pharmacy. A realtime change of one prescription looks that prescription up
 * and edits the cached tabs in place (it enters, moves between or leaves tabs), rather than fetching every tab again;
 * a change of a patient or a medication fetches the tabs again only when it changes what a card shows of them (every
 * fill takes stock, which no card shows). The tabs' queries say so with `meta.placesChangesOf`. The counts, a
 * prescription's double counts and everything else reading these tables are refreshed by the terminal's live tables
 * (lib/live-tables.ts), which also fetch the whole queue again after a (re)subscription, catching up on whatever
 * happened while the connection was down.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTableChanges } from '../../../hooks/use-table-changes.ts';
import { changeTouches, type TableChange } from '../../../lib/live-tables.ts';
import { refreshQueries } from '../../../lib/refresh-queries.ts';
import { refreshQueuePrescription, removeQueuePrescription } from '../api/get-queue-prescription.ts';
import { QUEUE_PATIENT_COLUMNS, QUEUE_MEDICATION_COLUMNS } from '../api/prescription-model.ts';
import { prescriptionKeys } from '../keys.ts';

function changedId(change: TableChange): string | null {
  const row = change.eventType === 'DELETE' ? change.old : change.new;
  return typeof row.id === 'string' ? row.id : null;
}

export function useLiveQueue(pharmacyId: string): void {
  const queryClient = useQueryClient();
  const refetchTabs = useCallback(() => void refreshQueries(queryClient, prescriptionKeys.queues(pharmacyId)), [queryClient, pharmacyId]);
  const onPrescription = useCallback(
    (change: TableChange) => {
      const id = changedId(change);
      // A change that does not say which prescription changed: fetch the queue again rather than miss it.
      if (id === null) refetchTabs();
      else if (change.eventType === 'DELETE') void removeQueuePrescription(queryClient, pharmacyId, id);
      else void refreshQueuePrescription(queryClient, pharmacyId, id);
    },
    [queryClient, pharmacyId, refetchTabs],
  );
  useTableChanges('prescriptions', onPrescription);
  useTableChanges('patients', (change) => (changeTouches(change, QUEUE_PATIENT_COLUMNS) ? refetchTabs() : undefined));
  useTableChanges('medications', (change) => (changeTouches(change, QUEUE_MEDICATION_COLUMNS) ? refetchTabs() : undefined));
}
