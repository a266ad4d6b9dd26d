/** A labelled select with its validation message, for react-hook-form's `register` like TextField. */
import { useId, type Ref, type SelectHTMLAttributes } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: readonly SelectOption[];
  /** Text of the first, empty choice ("Select state"). */
  placeholder: string;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({ label, options, placeholder, error, id, className, ref, ...selectProps }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const messageId = `${selectId}-message`;
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      {/* The required mark sits outside the label, so the field's accessible name is the label alone. */}
      <div className="text-sm font-medium">
        <label htmlFor={selectId}>{label}</label>
        {selectProps.required ? <span className="text-error" aria-hidden="true"> *</span> : null}
      </div>
      <select
        ref={ref}
        id={selectId}
        className={`select w-full ${error ? 'select-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        {...selectProps}
        required={false}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={messageId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
