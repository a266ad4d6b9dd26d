/**
 * A field that searches on the server as the user types and reports the chosen option: the one shape of every
 * picker over a server search (patients, the prescription form's medication). The caller runs the search
 * (`search`: the debounced term from useSearchTerm, `choices`: its query) so each picker keeps its own fetcher;
 * this decides what the combobox may offer: only the answer to what is typed now, so Enter never picks an option
 * of an earlier search.
 */
import { Combobox, type ComboboxOption } from '../ui/combobox.tsx';
import type { SearchTerm } from '../../hooks/use-debounced-value.ts';

export interface ServerSearchChoices<Option extends ComboboxOption> {
  data?: readonly Option[];
  error: Error | null;
  isFetching: boolean;
}

export interface ServerSearchFieldProps<Option extends ComboboxOption> {
  label: string;
  /** The typed text (or the chosen option's label). */
  query: string;
  onQueryChange: (query: string) => void;
  /** The chosen option's value ('' for none). */
  value: string;
  onSelect: (option: Option | null) => void;
  search: SearchTerm;
  choices: ServerSearchChoices<Option>;
  minQueryLength: number;
  placeholder: string;
  /** Said in the list before the search starts, e.g. "Type at least 2 characters". */
  hint: string;
  /** Said in the list when the search failed, before the reason: e.g. "The patients could not be searched". */
  failedText: string;
  emptyText: string;
  required?: boolean;
  error?: string;
  name?: string;
  className?: string;
  onBlur?: () => void;
}

export function ServerSearchField<Option extends ComboboxOption>({
  label, query, onQueryChange, value, onSelect, search, choices, minQueryLength, placeholder, hint, failedText, emptyText,
  required, error, name, className, onBlur,
}: ServerSearchFieldProps<Option>) {
  return (
    <Combobox
      label={label}
      name={name}
      className={className}
      placeholder={placeholder}
      query={query}
      onQueryChange={onQueryChange}
      value={value}
      // The options offered are the caller's Option objects, so the chosen one is one of them.
      onSelect={(option) => onSelect(option as Option | null)}
      options={!search.settling && search.term.length >= minQueryLength ? (choices.data ?? []) : []}
      minQueryLength={minQueryLength}
      hint={hint}
      loading={search.settling || choices.isFetching}
      searchError={choices.error ? `${failedText}: ${choices.error.message}` : undefined}
      emptyText={emptyText}
      error={error}
      onBlur={onBlur}
      required={required}
    />
  );
}
