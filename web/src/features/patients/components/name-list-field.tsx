/**
 * An editable list of names (allergies, current medications): one input per entry, each with its own
 * validation message and a Remove button, and an Add button that appends an empty entry and focuses it.
 */
import { useEffect, useId, useRef } from 'react';

export interface NameListFieldProps {
  /** Heading of the list ("Allergies"). */
  label: string;
  /** Name of one entry ("Allergy"); inputs are named "Allergy 1", "Allergy 2", … */
  entryLabel: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  onBlur: () => void;
  /** The message of each entry, by position. */
  entryErrors: readonly (string | undefined)[];
  /** A message about the list as a whole. */
  error?: string;
  placeholder?: string;
}

export function NameListField({ label, entryLabel, value, onChange, onBlur, entryErrors, error, placeholder }: NameListFieldProps) {
  const headingId = useId();
  const lastInput = useRef<HTMLInputElement>(null);
  const focusNewEntry = useRef(false);

  useEffect(() => {
    if (focusNewEntry.current) {
      focusNewEntry.current = false;
      lastInput.current?.focus();
    }
  }, [value.length]);

  function replaceAt(index: number, entry: string) {
    onChange(value.map((current, position) => (position === index ? entry : current)));
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-labelledby={headingId}>
      <legend id={headingId} className="text-sm font-medium">
        {label}
      </legend>
      {value.length === 0 ? <p className="text-sm text-base-content/70">None</p> : null}
      {value.map((entry, index) => {
        const entryError = entryErrors[index];
        const messageId = `${headingId}-${index}-message`;
        return (
          <div key={index} className="flex flex-col gap-1">
            <div className="flex gap-2">
              <input
                ref={index === value.length - 1 ? lastInput : undefined}
                className={`input input-sm w-full ${entryError ? 'input-error' : ''}`}
                aria-label={`${entryLabel} ${index + 1}`}
                aria-invalid={entryError ? true : undefined}
                aria-describedby={entryError ? messageId : undefined}
                placeholder={placeholder}
                value={entry}
                onChange={(event) => replaceAt(index, event.target.value)}
                onBlur={onBlur}
              />
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`Remove ${entryLabel.toLowerCase()} ${index + 1}`}
                onClick={() => onChange(value.filter((_, position) => position !== index))}
              >
                Remove
              </button>
            </div>
            {entryError ? (
              <p id={messageId} className="text-sm text-error">
                {entryError}
              </p>
            ) : null}
          </div>
        );
      })}
      <div>
        <button
          type="button"
          className="btn btn-outline btn-xs"
          onClick={() => {
            focusNewEntry.current = true;
            onChange([...value, '']);
          }}
        >
          Add {entryLabel.toLowerCase()}
        </button>
      </div>
      {error ? <p className="text-sm text-error">{error}</p> : null}
    </fieldset>
  );
}
