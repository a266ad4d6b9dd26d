/** A labelled select with its validation message, for react-hook-form's `register` like TextField. */
import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame, fieldMessageProps, useFieldIds } from './field-frame.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: readonly SelectOption[];
  /**
   * Text of a first, empty choice ("Select state") for a field that may start unchosen; without it the select
   * offers only the options (spec part 2 §5: a choice among fixed options never has an empty value).
   */
  placeholder?: string;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({ label, options, placeholder, error, id, className, ref, ...selectProps }: SelectFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame ids={ids} label={label} required={selectProps.required} error={error} className={className}>
      <select
        ref={ref}
        id={ids.controlId}
        className={`select w-full ${error ? 'select-error' : ''}`}
        {...fieldMessageProps(ids, error)}
        {...selectProps}
        required={false}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
