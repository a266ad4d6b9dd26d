/** A checkbox with its label and validation message, for react-hook-form's `register`. */
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ label, error, id, ref, ...inputProps }: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="flex cursor-pointer items-start gap-3">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          className={`checkbox checkbox-primary mt-0.5 ${error ? 'checkbox-error' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          {...inputProps}
        />
        <span className="text-sm">{label}</span>
      </label>
      {error ? (
        <p id={messageId} className="ml-8 text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
