/**
 * The Drug Interaction Alert dialog (spec §2, max width 2xl): each interaction with its severity badge (severe
 * destructive, moderate default, mild secondary — spec §9), interacting drugs, description and
 * recommendations, then the recommended actions. 'Override & Process' needs the override reason and the
 * 'interactions:override' permission (pharmacists and admins); the database enforces both as well. The same
 * dialog shows what verification found new since entry (prospective DUR), resolved by 'Override & Verify'.
 * 'Contact Physician' has no behaviour in the spec and is shown disabled rather than pretending to act.
 * The pharmacy's security policy shows here too (the database enforces it): notices for an advisory alert and
 * for dual approval, and — when the database refused the override of a severe alert for want of a step-up —
 * a password prompt ('Confirm & Override'; a code from the authenticator app instead when the staff member has a
 * verified TOTP factor) that confirms it and then sends the override again.
 */
import { STEP_UP_MESSAGES } from '@pharmacy/shared/security/step-up.ts';
import { useEffect, useRef, useState } from 'react';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { StepUpProof } from '../api/confirm-step-up.ts';
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
  /** What the pharmacy's policy says about this alert (advisory, dual approval), shown above the reason. */
  notices?: readonly string[];
  /** Set when the database asked for the password before this override (step-up): its message and the state. */
  stepUp?: StepUpPrompt | null;
}

export interface StepUpPrompt {
  message: string;
  /** The last confirmation's refusal (a wrong password), if any. */
  error: string | null;
  confirming: boolean;
  /** The staff member's verified TOTP factor, if any: a code from the authenticator app may stand for the password. */
  totpFactorId: string | null;
  onConfirm: (proof: StepUpProof, reason: string) => void;
}

export function InteractionAlertDialog({
  prescription, flags, resolvedBy, canOverride, overriding, onOverride, onClose, notices = [], stepUp = null,
}: InteractionAlertDialogProps) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const { interactions, recommendedActions } = flags;
  const busy = overriding || (stepUp?.confirming ?? false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirming = stepUp?.confirming ?? false;
  const stepUpError = stepUp?.error ?? null;
  // A refused confirmation: the button that had focus was disabled while it ran (focus fell to the page), so
  // focus goes back to the emptied password field — the next thing to type, as when the prompt first appears.
  useEffect(() => {
    if (!confirming && stepUpError !== null) passwordRef.current?.focus();
  }, [confirming, stepUpError]);

  const submitOverride = () => {
    if (reason.trim() === '') {
      setReasonError('Give a reason for overriding the interaction alert');
      return;
    }
    setReasonError(null);
    if (stepUp) {
      if (stepUp.totpFactorId !== null && code.trim() !== '') {
        setPasswordError(null);
        stepUp.onConfirm({ factorId: stepUp.totpFactorId, code: code.trim() }, reason.trim());
        setCode('');
        return;
      }
      if (password === '') {
        setPasswordError(STEP_UP_MESSAGES.passwordRequired);
        return;
      }
      setPasswordError(null);
      stepUp.onConfirm({ password }, reason.trim());
      setPassword('');
      return;
    }
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
      dismissible={!busy}
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
      {notices.map((notice) => (
        <p key={notice} className="mt-4 text-sm font-medium">
          {notice}
        </p>
      ))}
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
      {canOverride && stepUp ? (
        <section className="mt-4 rounded-box border border-warning p-3" aria-label="Confirm your password">
          <p role="alert" className="text-sm font-medium">
            {stepUp.message}
          </p>
          <TextField
            ref={passwordRef}
            label="Your password"
            type="password"
            autoComplete="current-password"
            className="mt-2"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={passwordError ?? stepUp.error ?? undefined}
            // The prompt appears in the open dialog, after the override was sent: the password is what comes next.
            autoFocus
          />
          {stepUp.totpFactorId !== null ? (
            <TextField
              label="Or a code from your authenticator app"
              inputMode="numeric"
              autoComplete="one-time-code"
              className="mt-2"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          ) : null}
        </section>
      ) : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
        <button type="button" className="btn btn-outline" disabled title="No physician contact channel is configured">
          Contact Physician
        </button>
        <button type="button" className="btn btn-warning" disabled={!canOverride || busy} onClick={submitOverride}>
          {stepUp ? 'Confirm & Override' : resolvedBy === 'ready' ? 'Override & Verify' : 'Override & Process'}
        </button>
      </div>
    </Dialog>
  );
}
