/**
 * A labelled input with its validation message underneath. Works with react-hook-form's `register` (the
 * ref is forwarded); the message is linked to the input through aria-describedby and marks it invalid.
 */
import type { InputHTMLAttributes, Ref } from 'react';
import { FieldFrame, fieldMessageProps, useFieldIds } from './field-frame.tsx';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, id, className, ref, ...inputProps }: TextFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame ids={ids} label={label} required={inputProps.required} error={error} hint={hint} className={className}>
      <input
        ref={ref}
        id={ids.controlId}
        className={`input w-full ${error ? 'input-error' : ''}`}
        {...fieldMessageProps(ids, error, hint)}
        {...inputProps}
        required={false}
      />
    </FieldFrame>
  );
}
