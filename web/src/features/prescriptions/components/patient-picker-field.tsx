/**
 * The prescription form's Patient field: a combobox that searches the pharmacy's patients on the server as the user
 * types (two characters or more, debounced by the spec's 300 ms patient-search delay) and sets the form's patientId
 * to the chosen one. Replaces a select that loaded every patient (and stopped at PostgREST's 1,000 rows).
 */
import { useState } from 'react';
import { Combobox, type ComboboxOption } from '../../../components/ui/combobox.tsx';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { PATIENT_SEARCH_MIN_LENGTH, usePatientChoices } from '../api/search-patient-choices.ts';

export interface PatientPickerFieldProps {
  pharmacyId: string;
  /** The chosen patient's id ('' for none), as the form holds it. */
  value: string;
  onChange: (patientId: string) => void;
  onBlur?: () => void;
  error?: string;
  name?: string;
}

export function PatientPickerField({ pharmacyId, value, onChange, onBlur, error, name }: PatientPickerFieldProps) {
  const [query, setQuery] = useState('');
  const { term: search, settling } = useSearchTerm(query);
  const choices = usePatientChoices(pharmacyId, search);

  function onSelect(option: ComboboxOption | null) {
    onChange(option?.value ?? '');
    if (option) setQuery(option.label);
  }

  return (
    <Combobox
      label="Patient"
      name={name}
      placeholder="Search patient by name, phone, or DOB"
      query={query}
      onQueryChange={setQuery}
      value={value}
      onSelect={onSelect}
      // Only the answer to what is typed now is offered, so Enter never picks a patient of an earlier search.
      options={!settling && search.length >= PATIENT_SEARCH_MIN_LENGTH ? (choices.data ?? []) : []}
      minQueryLength={PATIENT_SEARCH_MIN_LENGTH}
      hint={`Type at least ${PATIENT_SEARCH_MIN_LENGTH} characters to search patients`}
      loading={settling || choices.isFetching}
      searchError={choices.error ? `The patients could not be searched: ${choices.error.message}` : undefined}
      emptyText="No patients found"
      error={error}
      onBlur={onBlur}
      required
    />
  );
}
