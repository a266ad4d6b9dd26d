/**
 * The prescription form's Prescriber field: the shared server search field over the pharmacy's prescribers
 * (api/search-prescriber-choices.ts), reporting the chosen prescriber with its DEA number, verification and OIG
 * exclusion. Replaces a select that loaded every prescriber.
 */
import { useState } from 'react';
import { ServerSearchField } from '../../../components/form/server-search-field.tsx';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { PRESCRIBER_SEARCH_MIN_LENGTH, type PrescriberChoice, usePrescriberChoices } from '../api/search-prescriber-choices.ts';

export interface PrescriberPickerFieldProps {
  pharmacyId: string;
  /** The chosen prescriber's id ('' for none), as the form holds it. */
  value: string;
  onChange: (prescriber: PrescriberChoice | null) => void;
  onBlur?: () => void;
  error?: string;
  name?: string;
  className?: string;
  /** What the box shows at first (the label of a prescriber chosen elsewhere, e.g. one just added). */
  initialQuery?: string;
}

export function PrescriberPickerField({ pharmacyId, value, onChange, onBlur, error, name, className, initialQuery = '' }: PrescriberPickerFieldProps) {
  const [query, setQuery] = useState(initialQuery);
  const search = useSearchTerm(query);
  const choices = usePrescriberChoices(pharmacyId, search.term);
  return (
    <ServerSearchField
      label="Prescriber"
      name={name}
      className={className}
      placeholder="Search by name, specialty or NPI"
      query={query}
      onQueryChange={setQuery}
      value={value}
      onSelect={(option) => {
        onChange(option);
        if (option) setQuery(option.label);
      }}
      search={search}
      choices={choices}
      minQueryLength={PRESCRIBER_SEARCH_MIN_LENGTH}
      hint={`Type at least ${PRESCRIBER_SEARCH_MIN_LENGTH} characters to search prescribers`}
      failedText="The prescribers could not be searched"
      emptyText="No prescribers found"
      error={error}
      onBlur={onBlur}
    />
  );
}
