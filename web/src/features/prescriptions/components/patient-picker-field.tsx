/**
 * The prescription form's Patient field: the shared patient search (components/form/patient-search-field.tsx)
 * setting the form's patientId to the chosen one. Replaces a select that loaded every patient (and stopped at
 * PostgREST's 1,000 rows).
 */
import { useState } from 'react';
import { PatientSearchField } from '../../../components/form/patient-search-field.tsx';
import { PATIENT_SEARCH_MIN_LENGTH } from '../../../hooks/use-patient-choices.ts';

export interface PatientPickerFieldProps {
  pharmacyId: string;
  /** The chosen patient's id ('' for none), as the form holds it. */
  value: string;
  onChange: (patientId: string) => void;
  onBlur?: () => void;
  error?: string;
  name?: string;
  /** What the box shows at first (the name of a patient chosen elsewhere, e.g. matched from a prescription file). */
  initialQuery?: string;
}

export function PatientPickerField({ pharmacyId, value, onChange, onBlur, error, name, initialQuery = '' }: PatientPickerFieldProps) {
  const [query, setQuery] = useState(initialQuery);
  return (
    <PatientSearchField
      pharmacyId={pharmacyId}
      name={name}
      placeholder="Search patient by name, phone, or DOB"
      query={query}
      onQueryChange={setQuery}
      value={value}
      onSelect={(option) => {
        onChange(option?.value ?? '');
        if (option) setQuery(option.label);
      }}
      hint={`Type at least ${PATIENT_SEARCH_MIN_LENGTH} characters to search patients`}
      error={error}
      onBlur={onBlur}
      required
    />
  );
}
