/**
 * Prescription Management (spec part 1 §2 /prescriptions, §4): the New Prescription button, the counters by
 * type (from the full list), the Pending / Processing / Ready / Completed tabs (each fetched with its status,
 * counts from the full list, the spec's empty texts), Refresh, and the cards with their actions. The queue is
 * live (realtime) and shows which colleague has which prescription open (presence). Opening a prescription
 * records the access on the audit trail first.
 */
import { useState } from 'react';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { usePrintLabel } from '../../../hooks/use-print-label.ts';
import { usePrescriptions } from '../api/get-prescriptions.ts';
import { openInteractionAlert, PRESCRIPTION_STATUSES, type PrescriptionStatus, type QueuePrescription } from '../api/prescription-model.ts';
import { StatusChangeRefused, useUpdatePrescriptionStatus, type StatusChange } from '../api/update-prescription-status.ts';
import { useLiveQueries, type LiveTable } from '../../../hooks/use-live-queries.ts';
import { prescriptionKeys } from '../keys.ts';
import { usePrescriptionPresence } from '../hooks/use-prescription-presence.ts';
import { InteractionAlertDialog } from './interaction-alert-dialog.tsx';
import { NewPrescriptionDialog } from './new-prescription-dialog.tsx';
import { PrescriptionCard } from './prescription-card.tsx';
import { RecordedPrescriptionOpen } from './recorded-prescription-open.tsx';
import type { QueueStaff } from './queue-staff.ts';

/** Any insert or update of one of the pharmacy's prescriptions refreshes the queue on every terminal. */
const LIVE_TABLES: LiveTable[] = [{ table: 'prescriptions' }];

const TAB_LABEL: Record<PrescriptionStatus, string> = { pending: 'Pending', processing: 'Processing', ready: 'Ready', completed: 'Completed' };

const EMPTY_TEXT: Record<PrescriptionStatus, string> = {
  pending: 'No pending prescriptions',
  processing: 'No prescriptions being processed',
  ready: 'No prescriptions ready for pickup',
  completed: 'No completed prescriptions',
};

const COUNTERS: readonly { label: string; type: QueuePrescription['prescriptionType'] }[] = [
  { label: 'E-Prescriptions', type: 'electronic' },
  { label: 'Written RX', type: 'written' },
  { label: 'Fax RX', type: 'fax' },
  { label: 'Verbal Orders', type: 'verbal' },
];

export function PrescriptionManagement({ staff }: { staff: QueueStaff }) {
  const [tab, setTab] = useState<PrescriptionStatus>('pending');
  const [creating, setCreating] = useState(false);
  const [alertPrescriptionId, setAlertPrescriptionId] = useState<string | null>(null);
  useLiveQueries('prescription-queue', staff.pharmacyId, prescriptionKeys.all(staff.pharmacyId), LIVE_TABLES);
  const presence = usePrescriptionPresence(staff, alertPrescriptionId);
  const all = usePrescriptions(staff.pharmacyId, 'all');
  const shown = usePrescriptions(staff.pharmacyId, tab);
  const update = useUpdatePrescriptionStatus(staff.pharmacyId);
  const label = usePrintLabel();
  const canVerify = staff.permissions.includes('prescriptions:verify');
  const canOverride = staff.permissions.includes('interactions:override');
  const alertPrescription = alertPrescriptionId ? all.data?.find((prescription) => prescription.id === alertPrescriptionId) : undefined;
  const openAlert = alertPrescription ? openInteractionAlert(alertPrescription) : null;

  const changeStatus = (change: StatusChange, onDone?: () => void) =>
    update.mutate(change, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Prescription updated successfully' });
        onDone?.();
      },
      onError: (error) => {
        toast({ title: 'Error', description: error.message, variant: 'destructive' });
        // Verification found something new since entry: the finding is stored; open it for review.
        if (error instanceof StatusChangeRefused && error.newFindings) setAlertPrescriptionId(change.prescriptionId);
      },
    });

  const printLabel = (prescriptionId: string) => label.mutate(prescriptionId);

  const refresh = () => {
    void all.refetch();
    void shown.refetch();
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Prescription Management</h1>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          New Prescription
        </button>
      </div>

      <section aria-label="Prescription counters" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {COUNTERS.map((counter) => (
          <div key={counter.type} className="stat rounded-box border border-base-300 bg-base-100">
            <div className="stat-title">{counter.label}</div>
            <div className="stat-value text-2xl" aria-label={`${counter.label} count`}>
              {all.data ? all.data.filter((prescription) => prescription.prescriptionType === counter.type).length : '—'}
            </div>
          </div>
        ))}
      </section>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="tablist" aria-label="Prescription queue" className="tabs tabs-box">
          {PRESCRIPTION_STATUSES.map((status) => (
            <button
              key={status}
              type="button"
              role="tab"
              aria-selected={tab === status}
              className={`tab ${tab === status ? 'tab-active' : ''}`}
              onClick={() => setTab(status)}
            >
              {TAB_LABEL[status]} ({all.data ? all.data.filter((prescription) => prescription.status === status).length : '…'})
            </button>
          ))}
        </div>
        <button type="button" className="btn btn-outline btn-sm" onClick={refresh} disabled={all.isFetching || shown.isFetching}>
          Refresh
        </button>
      </div>

      <section role="tabpanel" aria-label={TAB_LABEL[tab]} className="flex flex-col gap-3">
        {shown.isPending ? (
          <p role="status" className="text-base-content/70">
            Loading prescriptions…
          </p>
        ) : shown.isError ? (
          <div role="alert" className="alert alert-error">
            <span>The prescriptions could not be loaded: {shown.error.message}</span>
            <button type="button" className="btn btn-sm" onClick={refresh}>
              Try again
            </button>
          </div>
        ) : shown.data.length === 0 ? (
          <p className="py-8 text-center text-base-content/70">{EMPTY_TEXT[tab]}</p>
        ) : (
          shown.data.map((prescription) => (
            <PrescriptionCard
              key={prescription.id}
              prescription={prescription}
              canVerify={canVerify}
              busy={update.isPending && update.variables?.prescriptionId === prescription.id}
              printing={label.isPending && label.variables === prescription.id}
              presentStaff={presence.get(prescription.id) ?? []}
              onProcess={() => changeStatus({ prescriptionId: prescription.id, status: 'processing' })}
              onVerify={() => changeStatus({ prescriptionId: prescription.id, status: 'ready' })}
              onComplete={() => changeStatus({ prescriptionId: prescription.id, status: 'completed' })}
              onPrintLabel={() => printLabel(prescription.id)}
              onReviewAlert={() => setAlertPrescriptionId(prescription.id)}
            />
          ))
        )}
      </section>

      {creating ? <NewPrescriptionDialog pharmacyId={staff.pharmacyId} onClose={() => setCreating(false)} /> : null}
      {alertPrescription && openAlert ? (
        <RecordedPrescriptionOpen
          key={alertPrescription.id}
          prescription={alertPrescription}
          onFailed={(message) => {
            toast({ title: 'Error', description: message, variant: 'destructive' });
            setAlertPrescriptionId(null);
          }}
        >
          <InteractionAlertDialog
            key={`${alertPrescription.id}:${openAlert.resolvedBy}`}
            prescription={alertPrescription}
            flags={openAlert.flags}
            resolvedBy={openAlert.resolvedBy}
            canOverride={canOverride}
            overriding={update.isPending}
            onOverride={(reason) =>
              changeStatus({ prescriptionId: alertPrescription.id, status: openAlert.resolvedBy, overrideReason: reason }, () => setAlertPrescriptionId(null))
            }
            onClose={() => setAlertPrescriptionId(null)}
          />
        </RecordedPrescriptionOpen>
      ) : null}
    </div>
  );
}
