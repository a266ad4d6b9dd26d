/**
 * A fill picker as a search box (the Overview's calculator): the first few processing or ready fills an Rx number
 * or the patient's name finds, each named by Rx and fill, patient and medication.
 */
import { useState } from 'react';
import { ServerSearchField } from '../../../components/form/server-search-field.tsx';
import type { ComboboxOption } from '../../../components/ui/combobox.tsx';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { BILLABLE_STATUSES, useBillableFills, type BillableFill } from '../api/get-billable-fills.ts';
import { fillTitle } from '../billing-format.ts';

/** How many fills the box offers (the user narrows the search for more). */
const FILL_CHOICES = 8;

function fillOption(fill: BillableFill): ComboboxOption {
  return { value: fill.id, label: `${fillTitle(fill)} · ${fill.patientName}`, detail: `${fill.medicationName} · ${fill.status === 'ready' ? 'Ready' : 'Processing'}` };
}

export function FillSearchField({ pharmacyId, value, onSelect }: { pharmacyId: string; value: string; onSelect: (fillId: string | null) => void }) {
  const [query, setQuery] = useState('');
  const search = useSearchTerm(query);
  const fills = useBillableFills(pharmacyId, search.term, BILLABLE_STATUSES, 0, FILL_CHOICES);
  const options = search.term === '' ? undefined : fills.data?.fills.map(fillOption);
  return (
    <ServerSearchField
      label="Prescription"
      placeholder="Rx number or patient name…"
      query={query}
      onQueryChange={setQuery}
      value={value}
      onSelect={(option) => {
        if (option) setQuery(option.label);
        onSelect(option?.value ?? null);
      }}
      search={search}
      choices={{ data: options, error: fills.error, isFetching: fills.isFetching }}
      minQueryLength={1}
      hint="Type an Rx number or a patient's name"
      failedText="The prescriptions could not be searched"
      emptyText="No processing or ready prescription matches"
    />
  );
}
