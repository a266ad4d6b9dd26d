/**
 * The queue live on every terminal of the pharmacy, without fetching the tabs again (their queries say so with
 * `meta.placesChangesOf`): a realtime change of one prescription looks that prescription up and edits the cached
 * tabs in place (it enters, moves between or leaves tabs); a changed patient or medication is shown on the cached
 * cards that name it, from the change itself (every fill takes stock, which no card shows, so a fill changes no card).
 * The counts, a prescription's double counts and everything else reading these tables are refreshed by the
 * terminal's live tables (lib/live-tables.ts), which also fetch the whole queue again after a (re)subscription,
 * catching up on whatever happened while the connection was down.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTableChanges } from '../../../hooks/use-table-changes.ts';
import type { TableChange } from '../../../lib/live-tables.ts';
import { refreshQueries } from '../../../lib/refresh-queries.ts';
import { refreshQueuePrescription, removeQueuePrescription } from '../api/get-queue-prescription.ts';
import { parseQueueMedication, parseQueuePatient } from '../api/prescription-model.ts';
import type { RelatedChange } from '../api/queue-cache.ts';
import { enqueueQueueSync, syncRelatedChange } from '../api/sync-queue-cache.ts';
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
  /** An updated patient or medication (a new one is on no card yet; one on a card is never deleted). */
  const onRelated = useCallback(
    (change: TableChange, related: RelatedChange | null) => {
      if (change.eventType !== 'UPDATE') return;
      // A row the queue cannot read as its own: fetch the tabs again rather than show something stale.
      if (related === null) refetchTabs();
      else void enqueueQueueSync(queryClient, () => syncRelatedChange(queryClient, pharmacyId, related)).catch(refetchTabs);
    },
    [queryClient, pharmacyId, refetchTabs],
  );
  useTableChanges('prescriptions', onPrescription);
  useTableChanges('patients', (change) => {
    const patient = parseQueuePatient(change.new);
    onRelated(change, patient && { kind: 'patient', patient });
  });
  useTableChanges('medications', (change) => {
    const medication = parseQueueMedication(change.new);
    onRelated(change, medication && { kind: 'medication', medication });
  });
}
