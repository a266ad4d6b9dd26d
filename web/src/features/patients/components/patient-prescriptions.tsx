/**
 * Prescriptions on file, in Patient Details (issue 21): the patient's prescriptions, newest first, a page at a time
 * (Load more), each with its Rx number, drug, date written, refills used and remaining, its last fill, when a refill
 * is due and when the prescription expires, and whether it is active or discontinued (and why). An active one offers
 * Refill (too soon: a pharmacist or admin may give a reason) and, to pharmacists and admins, Discontinue.
 */
import type { RefillResponse } from '@pharmacy/shared/api/prescriptions.ts';
import { useId, useState } from 'react';
import { RefillControls } from '../../../components/refill/refill-controls.tsx';
import { QueryErrorNotice, QueryState } from '../../../components/ui/query-state.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { usePatientPrescriptions, type PatientPrescription } from '../api/get-patient-prescriptions.ts';
import { DiscontinuePrescriptionDialog } from './discontinue-prescription-dialog.tsx';

/** A calendar date of the database (YYYY-MM-DD) as the terminal writes dates; the date itself, whatever the time zone. */
function formatDay(day: string | null): string {
  if (day === null) return '—';
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!).toLocaleDateString();
}

const FILL_STATUS: Record<string, string> = { pending: 'Pending', processing: 'Processing', ready: 'Ready', completed: 'Completed' };

function StatusCell({ prescription }: { prescription: PatientPrescription }) {
  if (prescription.status === 'discontinued') {
    return (
      <>
        <span className="badge badge-error badge-soft">Discontinued</span>
        {prescription.discontinuedReason ? <p className="mt-1 text-xs">{prescription.discontinuedReason}</p> : null}
      </>
    );
  }
  if (prescription.status === 'inactive') return <span className="badge badge-soft">Inactive</span>;
  return <span className="badge badge-success badge-soft">Active</span>;
}

/**
 * Why Refill is not offered, when the answer is already on screen (the database holds the same rules and says the
 * rest — expiry, schedules, too soon — when Refill is pressed).
 */
function refillBlocker(prescription: PatientPrescription): string | null {
  if (prescription.lastFill.status === 'pending' || prescription.lastFill.status === 'processing') return 'A fill is in the queue';
  if (prescription.refillsRemaining === 0) return 'No refills left';
  return null;
}

export interface PatientPrescriptionsProps {
  pharmacyId: string;
  patientId: string;
  /** Pharmacists and admins: discontinue, and allow a refill too soon (the database decides). */
  canVerify: boolean;
}

export function PatientPrescriptions({ pharmacyId, patientId, canVerify }: PatientPrescriptionsProps) {
  const titleId = useId();
  const prescriptions = usePatientPrescriptions(pharmacyId, patientId);
  const rows = prescriptions.data?.pages.flatMap((page) => page.prescriptions) ?? [];
  const [discontinuing, setDiscontinuing] = useState<PatientPrescription | null>(null);

  const onRefilled = (fill: RefillResponse) => {
    toast({ title: 'Refill entered', description: `Rx ${fill.rxNumber} refill ${fill.fillNumber} of ${fill.refills} is pending` });
  };

  return (
    <section aria-labelledby={titleId} className="mt-6 flex flex-col gap-2">
      <h3 id={titleId} className="text-sm font-semibold uppercase tracking-wide text-base-content/70">
        Prescriptions on file
      </h3>
      {prescriptions.data ? <QueryErrorNotice query={prescriptions} errorText="The prescriptions could not be refreshed" /> : null}
      <QueryState
        query={prescriptions}
        errorText="The prescriptions could not be loaded"
        loadingLabel="Loading prescriptions"
        skeletonRowClassName="h-6"
        size="sm"
        isEmpty={() => rows.length === 0}
        emptyText="No prescriptions on file"
      >
        {() => (
          <div className="overflow-x-auto">
            <table className="table table-sm" aria-labelledby={titleId}>
              <thead>
                <tr>
                  <th scope="col">Rx #</th>
                  <th scope="col">Drug</th>
                  <th scope="col">Written</th>
                  <th scope="col">Refills</th>
                  <th scope="col">Last fill</th>
                  <th scope="col">Due / Expires</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((prescription) => (
                  <tr key={prescription.orderId} aria-label={`Rx ${prescription.rxNumber}`}>
                    <td className="font-mono">{prescription.rxNumber}</td>
                    <td>{prescription.medication}</td>
                    <td>{formatDay(prescription.writtenOn)}</td>
                    <td>
                      {prescription.refillsUsed} of {prescription.refills} used
                      <span className="block text-xs text-base-content/70">{prescription.refillsRemaining} remaining</span>
                    </td>
                    <td>
                      {FILL_STATUS[prescription.lastFill.status] ?? prescription.lastFill.status}
                      <span className="block text-xs text-base-content/70">{prescription.lastFill.filledOn ? formatDay(prescription.lastFill.filledOn) : 'Not filled yet'}</span>
                    </td>
                    <td>
                      {prescription.refillDueOn ? `Due ${formatDay(prescription.refillDueOn)}` : 'Due —'}
                      <span className="block text-xs text-base-content/70">Expires {formatDay(prescription.expiresOn)}</span>
                    </td>
                    <td>
                      <StatusCell prescription={prescription} />
                    </td>
                    <td>
                      {prescription.status === 'active' ? (
                        <div className="flex flex-col items-end gap-1">
                          {refillBlocker(prescription) ? (
                            <span className="text-xs text-base-content/70">{refillBlocker(prescription)}</span>
                          ) : (
                            <RefillControls
                              prescriptionId={prescription.orderId}
                              canAllowTooSoon={canVerify}
                              onRefilled={onRefilled}
                              small
                              buttonLabel={`Refill Rx ${prescription.rxNumber}`}
                              className="min-w-48"
                            />
                          )}
                          {canVerify ? (
                            <button
                              type="button"
                              className="btn btn-ghost btn-sm text-error"
                              aria-label={`Discontinue Rx ${prescription.rxNumber}`}
                              onClick={() => setDiscontinuing(prescription)}
                            >
                              Discontinue
                            </button>
                          ) : null}
                        </div>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      {prescriptions.hasNextPage ? (
        <button type="button" className="btn btn-ghost btn-xs self-start" disabled={prescriptions.isFetchingNextPage} onClick={() => void prescriptions.fetchNextPage()}>
          {prescriptions.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
      {discontinuing ? <DiscontinuePrescriptionDialog prescription={discontinuing} onClose={() => setDiscontinuing(null)} /> : null}
    </section>
  );
}
