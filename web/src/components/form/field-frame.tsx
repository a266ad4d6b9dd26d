/**
 * What every form field shares: its label (with the required mark outside it, so the accessible name is the label
 * alone), the control, and the message under it — an error, or else a hint — linked to the control through
 * aria-describedby. TextField, SelectField, TextAreaField and the Combobox draw their control inside it.
 */
import { useId, type ReactNode } from 'react';

export interface FieldIds {
  /** The control's id (the label's htmlFor). */
  controlId: string;
  /** The id of the message under the control. */
  messageId: string;
}

/** The control's id (the one given, or a generated one) and its message's id. */
export function useFieldIds(id?: string): FieldIds {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  return { controlId, messageId: `${controlId}-message` };
}

/** aria-invalid and aria-describedby for a control whose message (error or hint) sits in the frame. */
export function fieldMessageProps(ids: FieldIds, error: string | undefined, hint?: string) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? ids.messageId : undefined,
  } as const;
}

export interface FieldFrameProps {
  ids: FieldIds;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}

export function FieldFrame({ ids, label, required, error, hint, className, children }: FieldFrameProps) {
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <div className="text-sm font-medium">
        <label htmlFor={ids.controlId}>{label}</label>
        {required ? <span className="text-error" aria-hidden="true"> *</span> : null}
      </div>
      {children}
      {error ? (
        <p id={ids.messageId} className="text-sm text-error">
          {error}
        </p>
      ) : hint ? (
        <p id={ids.messageId} className="text-xs text-base-content/70">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
