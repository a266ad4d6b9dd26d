/**
 * One prescription of the queue (spec §4 "Prescription status"): status badge (pending yellow, processing blue,
 * ready green, completed gray), and the action its status allows. A prescription with an interaction alert is
 * an orange card with 'AI Alert: Potential drug interaction detected' and Review Alert — at pending for the entry
 * check, at processing for a finding verification made (the patient's profile changed). An alert the pharmacy's
 * AI risk assessment does not block (advisory and not severe, or disabled) keeps Process beside Review Alert.
 * Processing shows
 * Verify to pharmacists and admins (the spec leaves processing → ready unshown; a pharmacy needs it), ready
 * shows Print Label and Complete Pickup. Staff who have it open elsewhere show as initials. A controlled
 * substance shows its schedule; a Schedule II prescription being processed in a pharmacy that requires a
 * double count shows the counts recorded and Double Count (System Settings → Controlled). Each card names its fill
 * ('Original' or 'Refill N of M'); a completed one offers Refill (the next fill, pending; too soon may be allowed by a
 * pharmacist or admin with a reason). A prescription entered from a prescription file links to its files.
 */
import type { RefillResponse } from '@pharmacy/shared/api/prescriptions.ts';
import { fillLabel } from '@pharmacy/shared/prescriptions/refills.ts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { RefillControls } from '../../../components/refill/refill-controls.tsx';
import type { PresentStaff } from '../hooks/use-prescription-presence.ts';
import { openInteractionAlert, type FillStatus, type QueuePrescription } from '../api/prescription-model.ts';

const STATUS_BADGE: Record<FillStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-800 border-yellow-300',
  processing: 'bg-blue-100 text-blue-800 border-blue-300',
  ready: 'bg-green-100 text-green-800 border-green-300',
  completed: 'bg-gray-100 text-gray-700 border-gray-300',
  // Never in a tab: a cancelled fill leaves the queue (queue-cache.ts).
  cancelled: 'bg-gray-100 text-gray-700 border-gray-300',
};

const TYPE_LABEL: Record<QueuePrescription['prescriptionType'], string> = {
  written: 'Written RX',
  fax: 'Fax RX',
  verbal: 'Verbal Order',
  electronic: 'E-Script',
};

export interface PrescriptionCardProps {
  prescription: QueuePrescription;
  canVerify: boolean;
  /** Whether its entry alert stops processing under the pharmacy's AI risk assessment (advisory: severe only). */
  alertBlocksProcessing: boolean;
  busy: boolean;
  printing: boolean;
  presentStaff: readonly PresentStaff[];
  onProcess: () => void;
  onVerify: () => void;
  onComplete: () => void;
  onPrintLabel: () => void;
  onReviewAlert: () => void;
  /** A refill of this completed prescription was entered (the new fill). */
  onRefilled: (fill: RefillResponse) => Promise<void> | void;
  /** The double counts recorded (Schedule II, processing, double count required); absent otherwise. */
  doubleCounts?: ReactNode;
  /** Opens the Double Count dialog; absent when no double count is asked for. */
  onDoubleCount?: () => void;
  /** Opens Return to stock for a ready fill (pharmacists and admins); absent for others. */
  onReturnToStock?: () => void;
}

export function PrescriptionCard({
  prescription,
  canVerify,
  alertBlocksProcessing,
  busy,
  printing,
  presentStaff,
  onProcess,
  onVerify,
  onComplete,
  onPrintLabel,
  onReviewAlert,
  onRefilled,
  doubleCounts,
  onDoubleCount,
  onReturnToStock,
}: PrescriptionCardProps) {
  const { status, aiFlags, patient, medication } = prescription;
  const alerted = openInteractionAlert(prescription) !== null;
  const title = `Prescription RX ${prescription.rxNumber}`;
  return (
    <article
      aria-label={title}
      className={`card border ${alerted ? 'border-orange-400 bg-orange-50' : 'border-base-300 bg-base-100'} shadow-sm`}
    >
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">RX {prescription.rxNumber}</h3>
          <div className="flex flex-wrap items-center justify-end gap-2">
            {presentStaff.map((staff) => (
              <span
                key={staff.userId}
                title={`${staff.name} has this prescription open`}
                aria-label={`Open by ${staff.name}`}
                className="flex h-7 w-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-content"
              >
                {staff.initials}
              </span>
            ))}
            {medication.deaSchedule ? <span className="badge badge-outline">Schedule {medication.deaSchedule}</span> : null}
            <span className="badge badge-outline">{TYPE_LABEL[prescription.prescriptionType]}</span>
            <span className="badge badge-outline">
              {fillLabel(prescription.fillNumber, prescription.refills)}
            </span>
            <span className={`badge border ${STATUS_BADGE[status]}`}>{status}</span>
          </div>
        </div>
        <p>
          <span className="font-medium">{patient.firstName} {patient.lastName}</span>
          {' · '}
          {medication.name}
          {medication.strength ? ` ${medication.strength}` : ''}
        </p>
        {prescription.directions ? <p className="text-sm text-base-content/80">{prescription.directions}</p> : null}
        <p className="text-xs text-base-content/70">
          Qty {prescription.quantity ?? '—'} · Refills {prescription.refills}
          {prescription.daysSupply !== null ? ` · ${prescription.daysSupply} days` : ''}
          {prescription.prescriberName ? ` · ${prescription.prescriberName}` : ''}
          {prescription.urgencyLevel ? ` · ${prescription.urgencyLevel}` : ''}
          {' · '}
          {new Date(prescription.createdAt).toLocaleString()}
        </p>
        {prescription.prescriptionFileId !== null ? (
          <p className="text-xs">
            <Link to={`/prescription-files?prescription=${encodeURIComponent(prescription.id)}`} className="link link-primary" aria-label={`Source file of RX ${prescription.rxNumber}`}>
              Source file
            </Link>
          </p>
        ) : null}
        {prescription.overrideReason ? (
          <p className="text-xs text-orange-800">Interaction alert overridden: {prescription.overrideReason}</p>
        ) : null}
        {prescription.verificationOverrideReason ? (
          <p className="text-xs text-orange-800">Verification alert overridden: {prescription.verificationOverrideReason}</p>
        ) : null}
        {alerted ? (
          <p role="alert" className="font-medium text-orange-700">
            AI Alert: Potential drug interaction detected
          </p>
        ) : null}
        {doubleCounts}
        <div className="card-actions justify-end">
          {onDoubleCount ? (
            <button type="button" className="btn btn-sm btn-outline" onClick={onDoubleCount}>
              Double Count
            </button>
          ) : null}
          {alerted ? (
            <button type="button" className="btn btn-sm btn-warning" onClick={onReviewAlert}>
              Review Alert
            </button>
          ) : null}
          {status === 'pending' && (!aiFlags.hasInteractions || !alertBlocksProcessing) ? (
            <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={onProcess}>
              Process
            </button>
          ) : null}
          {status === 'processing' && canVerify && !alerted ? (
            <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={onVerify}>
              Verify
            </button>
          ) : null}
          {status === 'ready' ? (
            <>
              <button type="button" className="btn btn-sm btn-outline" disabled={printing} onClick={onPrintLabel}>
                Print Label
              </button>
              <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={onComplete}>
                Complete Pickup
              </button>
              {onReturnToStock ? (
                <button type="button" className="btn btn-sm btn-ghost" disabled={busy} onClick={onReturnToStock} aria-label={`Return to stock RX ${prescription.rxNumber}`}>
                  Return to stock
                </button>
              ) : null}
            </>
          ) : null}
        </div>
        {status === 'completed' ? (
          <RefillControls prescriptionId={prescription.id} canAllowTooSoon={canVerify} onRefilled={onRefilled} small buttonLabel={`Refill RX ${prescription.rxNumber}`} />
        ) : null}
      </div>
    </article>
  );
}
