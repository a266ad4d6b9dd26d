/**
 * Refill by Rx number (the queue's search box: type the number on the bottle, press Enter): the newest fill of that
 * Rx number — patient, drug, which refill Refill would enter and how many would remain — and Refill, focused so
 * Enter again confirms; Escape closes. The database decides (a refusal shows its sentence; too soon may be allowed
 * by a pharmacist or admin with a reason).
 */
import type { RefillResponse } from '@pharmacy/shared/api/prescriptions.ts';
import { fillLabel, refillsRemainingAfter } from '@pharmacy/shared/prescriptions/refills.ts';
import { RefillControls } from '../../../components/refill/refill-controls.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useNewestFill, type NewestFill } from '../api/get-newest-fill.ts';

export interface RefillByRxDialogProps {
  pharmacyId: string;
  rxNumber: number;
  canAllowTooSoon: boolean;
  onRefilled: (fill: RefillResponse) => Promise<void> | void;
  onClose: () => void;
}

function remainingText(remaining: number): string {
  if (remaining === 0) return 'no refills remain after it';
  return remaining === 1 ? '1 refill remains after it' : `${remaining} refills remain after it`;
}

function NextRefill({ fill, canAllowTooSoon, onRefilled }: { fill: NewestFill } & Pick<RefillByRxDialogProps, 'canAllowTooSoon' | 'onRefilled'>) {
  const next = fill.refillsUsed + 1;
  const active = fill.orderStatus === 'active';
  const refillsLeft = active && fill.refillsUsed < fill.refills;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Patient</dt>
        <dd>{fill.patientName}</dd>
        <dt className="font-medium">Drug</dt>
        <dd>{fill.medication}</dd>
        <dt className="font-medium">Last fill</dt>
        <dd>
          {fillLabel(fill.fillNumber, fill.refills)} ({fill.status})
        </dd>
        {refillsLeft ? (
          <>
            <dt className="font-medium">This fill</dt>
            <dd>
              {fillLabel(next, fill.refills)} · {remainingText(refillsRemainingAfter(next, fill.refills))}
            </dd>
          </>
        ) : null}
      </dl>
      {refillsLeft ? (
        <RefillControls prescriptionId={fill.id} canAllowTooSoon={canAllowTooSoon} onRefilled={onRefilled} autoFocus />
      ) : (
        <p role="alert" className="text-sm text-error">
          {fill.orderStatus === 'discontinued'
            ? `Rx ${fill.rxNumber} was discontinued${fill.discontinuedReason ? ` (${fill.discontinuedReason})` : ''}; it cannot be refilled.`
            : fill.orderStatus === 'inactive'
              ? `Rx ${fill.rxNumber} is inactive; it cannot be refilled.`
              : `Rx ${fill.rxNumber} has no refills left (${fill.refillsUsed} of ${fill.refills} used); ask the prescriber for a new prescription.`}
        </p>
      )}
    </div>
  );
}

export function RefillByRxDialog({ pharmacyId, rxNumber, canAllowTooSoon, onRefilled, onClose }: RefillByRxDialogProps) {
  const fill = useNewestFill(pharmacyId, rxNumber);
  return (
    <Dialog open title={`Refill Rx ${rxNumber}`} onClose={onClose} closeButton>
      <QueryState
        query={fill}
        errorText="The prescription could not be looked up"
        loadingLabel="Looking up the prescription"
        skeletonRows={2}
        isEmpty={(data) => data === null}
        emptyText={`No prescription with Rx number ${rxNumber}`}
      >
        {(data) => (data === null ? null : <NextRefill fill={data} canAllowTooSoon={canAllowTooSoon} onRefilled={onRefilled} />)}
      </QueryState>
    </Dialog>
  );
}
