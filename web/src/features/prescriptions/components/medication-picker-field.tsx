/**
 * The prescription form's Medication field: the shared server search field (components/form/server-search-field.tsx)
 * over the catalogue's active products (api/search-medication-choices.ts), reporting the chosen product with its
 * DEA schedule. Replaces a select that loaded every medication (useless at 50,000 products).
 */
import { useState } from 'react';
import { ServerSearchField } from '../../../components/form/server-search-field.tsx';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { MEDICATION_SEARCH_MIN_LENGTH, type MedicationChoice, useMedicationChoices } from '../api/search-medication-choices.ts';

export interface MedicationPickerFieldProps {
  pharmacyId: string;
  /** The chosen medication's id ('' for none), as the form holds it. */
  value: string;
  onChange: (medication: MedicationChoice | null) => void;
  onBlur?: () => void;
  error?: string;
  name?: string;
  className?: string;
  /** What the box shows at first (the name of a product chosen elsewhere, e.g. matched from a prescription file). */
  initialQuery?: string;
}

export function MedicationPickerField({ pharmacyId, value, onChange, onBlur, error, name, className, initialQuery = '' }: MedicationPickerFieldProps) {
  const [query, setQuery] = useState(initialQuery);
  const search = useSearchTerm(query);
  const choices = useMedicationChoices(pharmacyId, search.term);
  return (
    <ServerSearchField
      label="Medication"
      name={name}
      className={className}
      placeholder="Search medication by name or NDC"
      query={query}
      onQueryChange={setQuery}
      value={value}
      onSelect={(option) => {
        onChange(option);
        if (option) setQuery(option.label);
      }}
      search={search}
      choices={choices}
      minQueryLength={MEDICATION_SEARCH_MIN_LENGTH}
      hint={`Type at least ${MEDICATION_SEARCH_MIN_LENGTH} characters to search medications`}
      failedText="The medications could not be searched"
      emptyText="No medications found"
      error={error}
      onBlur={onBlur}
      required
    />
  );
}
