/** A checkbox with its label and validation message, for react-hook-form's `register`. */
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { fieldMessageProps, useFieldIds } from './field-frame.tsx';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ label, error, id, ref, ...inputProps }: CheckboxFieldProps) {
  const ids = useFieldIds(id);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={ids.controlId} className="flex cursor-pointer items-start gap-3">
        <input
          ref={ref}
          id={ids.controlId}
          type="checkbox"
          className={`checkbox checkbox-primary mt-0.5 ${error ? 'checkbox-error' : ''}`}
          {...fieldMessageProps(ids, error)}
          {...inputProps}
        />
        <span className="text-sm">{label}</span>
      </label>
      {error ? (
        <p id={ids.messageId} className="ml-8 text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
