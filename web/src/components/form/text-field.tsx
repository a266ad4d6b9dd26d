/**
 * A labelled input with its validation message underneath. Works with react-hook-form's `register` (the
 * ref is forwarded); the message is linked to the input through aria-describedby and marks it invalid.
 */
import { useId, type InputHTMLAttributes, type Ref } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, id, className, ref, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      {/* The required mark sits outside the label, so the field's accessible name is the label alone. */}
      <div className="text-sm font-medium">
        <label htmlFor={inputId}>{label}</label>
        {inputProps.required ? <span className="text-error" aria-hidden="true"> *</span> : null}
      </div>
      <input
        ref={ref}
        id={inputId}
        className={`input w-full ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        {...inputProps}
        required={false}
      />
      {error ? (
        <p id={messageId} className="text-sm text-error">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-base-content/70">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
