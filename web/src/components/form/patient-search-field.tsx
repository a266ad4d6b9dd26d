/**
 * A Patient field that searches the pharmacy's patients on the server as the user types (two characters or more,
 * debounced by the spec's 300 ms patient-search delay; hooks/use-patient-choices.ts) and reports the chosen one:
 * the shared server search field (server-search-field.tsx) over search_patients. The caller holds the typed text,
 * so it can show a choice's name or clear the box.
 */
import type { ComboboxOption } from '../ui/combobox.tsx';
import { useSearchTerm } from '../../hooks/use-debounced-value.ts';
import { PATIENT_SEARCH_MIN_LENGTH, usePatientChoices } from '../../hooks/use-patient-choices.ts';
import { ServerSearchField } from './server-search-field.tsx';

export interface PatientSearchFieldProps {
  pharmacyId: string;
  /** The typed text (or the chosen patient's name). */
  query: string;
  onQueryChange: (query: string) => void;
  /** The chosen patient's id ('' for none). */
  value: string;
  onSelect: (option: ComboboxOption | null) => void;
  placeholder: string;
  /** Said in the list before the search starts, e.g. "Type at least 2 characters". */
  hint: string;
  required?: boolean;
  error?: string;
  name?: string;
  onBlur?: () => void;
}

export function PatientSearchField({ pharmacyId, query, onQueryChange, value, onSelect, placeholder, hint, required, error, name, onBlur }: PatientSearchFieldProps) {
  const search = useSearchTerm(query);
  const choices = usePatientChoices(pharmacyId, search.term);
  return (
    <ServerSearchField
      label="Patient"
      name={name}
      placeholder={placeholder}
      query={query}
      onQueryChange={onQueryChange}
      value={value}
      onSelect={onSelect}
      search={search}
      choices={choices}
      minQueryLength={PATIENT_SEARCH_MIN_LENGTH}
      hint={hint}
      failedText="The patients could not be searched"
      emptyText="No patients found"
      error={error}
      onBlur={onBlur}
      required={required}
    />
  );
}
