/**
 * A labelled text box that suggests options as the user types (WAI-ARIA combobox pattern, list autocomplete):
 * role=combobox on the input with aria-expanded, aria-controls and aria-activedescendant; role=listbox and
 * role=option for the suggestions. ArrowDown/ArrowUp move the active option (ArrowDown opens the list), Enter
 * selects it, Escape closes the list (a second Escape is left to the surrounding dialog), a click selects too.
 * The options come from the caller (typically a server search of the typed query): the combobox only shows and
 * picks them. Typing after a choice clears it, so what is shown is always what is chosen.
 */
import { SEARCH_MAX_LENGTH } from '@pharmacy/shared/common/search.ts';
import { useState, type KeyboardEvent, type Ref } from 'react';
import { FieldFrame, fieldMessageProps, useFieldIds } from '../form/field-frame.tsx';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line (e.g. date of birth and phone), part of the option's accessible name. */
  detail?: string;
}

export interface ComboboxProps {
  label: string;
  /** What the box shows: the typed query, or the chosen option's label. */
  query: string;
  onQueryChange: (query: string) => void;
  /** The chosen option's value ('' when none). */
  value: string;
  onSelect: (option: ComboboxOption | null) => void;
  options: readonly ComboboxOption[];
  /** Below it the list says `hint` instead of searching ("Type at least 2 letters"). */
  minQueryLength?: number;
  hint?: string;
  loading?: boolean;
  /** Shown in the list when a search failed. */
  searchError?: string;
  emptyText?: string;
  placeholder?: string;
  required?: boolean;
  /** The field's validation message. */
  error?: string;
  className?: string;
  name?: string;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
}

export function Combobox({
  label,
  query,
  onQueryChange,
  value,
  onSelect,
  options,
  minQueryLength = 0,
  hint,
  loading = false,
  searchError,
  emptyText = 'No matches',
  placeholder,
  required,
  error,
  className,
  name,
  onBlur,
  ref,
}: ComboboxProps) {
  const ids = useFieldIds();
  const inputId = ids.controlId;
  const listId = `${inputId}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const searchable = query.trim().length >= minQueryLength;
  const showOptions = searchable && !searchError && options.length > 0;
  const activeIndex = showOptions && active < options.length ? active : -1;
  const optionId = (index: number) => `${inputId}-option-${index}`;

  function choose(option: ComboboxOption) {
    onSelect(option);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (showOptions) setActive((activeIndex + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (showOptions) setActive(activeIndex <= 0 ? options.length - 1 : activeIndex - 1);
        break;
      case 'Enter':
        if (open && activeIndex >= 0) {
          event.preventDefault();
          choose(options[activeIndex]!);
        }
        break;
      case 'Escape':
        if (open) {
          // Closes the list only; the dialog around it closes on the next Escape.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  }

  let status: string | null = null;
  if (!searchable) status = hint ?? null;
  else if (searchError) status = searchError;
  else if (loading && options.length === 0) status = 'Searching…';
  else if (options.length === 0) status = emptyText;

  return (
    <FieldFrame ids={ids} label={label} required={required} error={error} className={`relative ${className ?? ''}`}>
      <input
        ref={ref}
        id={inputId}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        className={`input w-full ${error ? 'input-error' : ''}`}
        placeholder={placeholder}
        value={query}
        maxLength={SEARCH_MAX_LENGTH}
        aria-autocomplete="list"
        aria-expanded={open && showOptions}
        aria-controls={listId}
        aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        {...fieldMessageProps(ids, error)}
        onChange={(event) => {
          if (value !== '') onSelect(null);
          onQueryChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          onBlur?.();
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!open || !showOptions}
        className="absolute top-full z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
      >
        {showOptions
          ? options.map((option, index) => (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                className={`cursor-pointer rounded px-3 py-2 ${index === activeIndex ? 'bg-primary text-primary-content' : 'hover:bg-base-200'}`}
                // Chosen before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span className="block">{option.label}</span>
                {option.detail ? <span className={`block text-xs ${index === activeIndex ? '' : 'text-base-content/70'}`}>{option.detail}</span> : null}
              </li>
            ))
          : null}
      </ul>
      {open && status !== null ? (
        <p role="status" className="absolute top-full z-20 mt-1 w-full rounded-box border border-base-300 bg-base-100 px-3 py-2 text-sm shadow-lg">
          {status}
        </p>
      ) : null}
    </FieldFrame>
  );
}
