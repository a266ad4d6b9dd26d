/**
 * The Drug Interaction Alert dialog (spec §2, max width 2xl): each interaction with its severity badge (severe
 * destructive, moderate default, mild secondary — spec §9), interacting drugs, description and
 * recommendations, then the recommended actions. 'Override & Process' needs the override reason and the
 * 'interactions:override' permission (pharmacists and admins); the database enforces both as well. The same
 * dialog shows what verification found new since entry (prospective DUR), resolved by 'Override & Verify'.
 * 'Contact Physician' has no behaviour in the spec and is shown disabled rather than pretending to act.
 */
import { useState } from 'react';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { InteractionFlags, InteractionItem, QueuePrescription } from '../api/prescription-model.ts';

const SEVERITY_BADGE: Record<InteractionItem['severity'], string> = {
  severe: 'badge-error',
  moderate: 'badge-primary',
  mild: 'badge-secondary',
};

export interface InteractionAlertDialogProps {
  prescription: QueuePrescription;
  /** The findings to review: the entry check's, or what verification found new. */
  flags: InteractionFlags;
  /** The step the override takes the prescription to: processing (entry alert) or ready (verification alert). */
  resolvedBy: 'processing' | 'ready';
  canOverride: boolean;
  overriding: boolean;
  onOverride: (reason: string) => void;
  onClose: () => void;
}

export function InteractionAlertDialog({ prescription, flags, resolvedBy, canOverride, overriding, onOverride, onClose }: InteractionAlertDialogProps) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const { interactions, recommendedActions } = flags;

  const submitOverride = () => {
    if (reason.trim() === '') {
      setReasonError('Give a reason for overriding the interaction alert');
      return;
    }
    setReasonError(null);
    onOverride(reason.trim());
  };

  return (
    <Dialog
      open
      title="Drug Interaction Alert"
      titleClassName="text-orange-700"
      onClose={onClose}
      size="lg"
      // Once the override is sent, its outcome decides: the dialog closes on success.
      dismissible={!overriding}
    >
      <p className="text-sm text-base-content/70">
        RX {prescription.rxNumber} · {prescription.patient.firstName} {prescription.patient.lastName} · {prescription.medication.name}{' '}
        {prescription.medication.strength ?? ''}
      </p>
      {resolvedBy === 'ready' ? (
        <p className="mt-2 text-sm font-medium">Found at verification: the patient's medications or allergies changed since entry.</p>
      ) : null}
      <ul className="mt-4 flex flex-col gap-3" aria-label="Interactions">
        {interactions.map((item, index) => (
          <li key={index} className="rounded-box border border-base-300 p-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className={`badge ${SEVERITY_BADGE[item.severity]}`}>{item.severity}</span>
              <span className="font-medium">{item.interactingDrugs.join(' + ')}</span>
            </div>
            <p className="mt-2 text-sm">{item.description}</p>
            {item.recommendations.length > 0 ? (
              <ul className="mt-2 list-disc pl-5 text-sm">
                {item.recommendations.map((recommendation) => (
                  <li key={recommendation}>{recommendation}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {recommendedActions.length > 0 ? (
        <section className="mt-4" aria-label="Recommended actions">
          <h3 className="font-semibold">Recommended actions</h3>
          <ul className="list-disc pl-5 text-sm">
            {recommendedActions.map((action) => (
              <li key={action}>{action}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {canOverride ? (
        <TextAreaField
          label="Override reason"
          className="mt-4"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={reasonError ?? undefined}
        />
      ) : (
        <p className="mt-4 text-sm text-base-content/70">Only a pharmacist or admin can override an interaction alert.</p>
      )}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
        <button type="button" className="btn btn-outline" disabled title="No physician contact channel is configured">
          Contact Physician
        </button>
        <button type="button" className="btn btn-warning" disabled={!canOverride || overriding} onClick={submitOverride}>
          {resolvedBy === 'ready' ? 'Override & Verify' : 'Override & Process'}
        </button>
      </div>
    </Dialog>
  );
}
