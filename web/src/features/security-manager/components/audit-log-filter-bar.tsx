/**
 * The Audit Log's filters: user (the pharmacy's staff), action (the actions its log holds), patient (a combobox
 * over the pharmacy's patient search) and from/to dates; Clear filters resets them.
 */
import type { StaffUser } from '@pharmacy/shared/schemas/staff-user.ts';
import { useState } from 'react';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Combobox, type ComboboxOption } from '../../../components/ui/combobox.tsx';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { NO_AUDIT_LOG_FILTERS, type AuditLogFilters } from '../api/audit-log-filters.ts';
import { useAuditLogActions } from '../api/get-audit-log-actions.ts';
import { PATIENT_SEARCH_MIN_LENGTH, usePatientChoices } from '../api/search-patient-choices.ts';
import { staffFullName } from './staff-format.ts';

export interface AuditLogFilterBarProps {
  pharmacyId: string;
  staff: readonly StaffUser[];
  filters: AuditLogFilters;
  onChange: (filters: AuditLogFilters) => void;
}

export function AuditLogFilterBar({ pharmacyId, staff, filters, onChange }: AuditLogFilterBarProps) {
  const actions = useAuditLogActions(pharmacyId);
  const [patientQuery, setPatientQuery] = useState('');
  const set = (changes: Partial<AuditLogFilters>) => onChange({ ...filters, ...changes });
  const userOptions = staff.map((user) => ({ value: user.id, label: staffFullName(user) }));
  const actionOptions = (actions.data ?? []).map((action) => ({ value: action, label: action }));
  const isFiltered = Object.values(filters).some((value) => value !== '');

  return (
    <div className="grid items-start gap-3 sm:grid-cols-2 xl:grid-cols-6">
      <SelectField label="User" placeholder="All users" options={userOptions} value={filters.userId} onChange={(event) => set({ userId: event.target.value })} />
      <SelectField
        label="Action"
        placeholder={actions.isError ? 'All actions (list unavailable)' : 'All actions'}
        options={actionOptions}
        value={filters.action}
        onChange={(event) => set({ action: event.target.value })}
      />
      <PatientFilter
        pharmacyId={pharmacyId}
        query={patientQuery}
        onQueryChange={setPatientQuery}
        value={filters.patientId}
        onSelect={(option) => {
          set({ patientId: option?.value ?? '' });
          if (option) setPatientQuery(option.label);
        }}
      />
      <TextField label="From" type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => set({ from: event.target.value })} />
      <TextField label="To" type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => set({ to: event.target.value })} />
      <div className="flex h-full items-end">
        <button
          type="button"
          className="btn btn-ghost"
          disabled={!isFiltered}
          onClick={() => {
            setPatientQuery('');
            onChange(NO_AUDIT_LOG_FILTERS);
          }}
        >
          Clear filters
        </button>
      </div>
    </div>
  );
}

interface PatientFilterProps {
  pharmacyId: string;
  query: string;
  onQueryChange: (query: string) => void;
  value: string;
  onSelect: (option: ComboboxOption | null) => void;
}

function PatientFilter({ pharmacyId, query, onQueryChange, value, onSelect }: PatientFilterProps) {
  const { term: search, settling } = useSearchTerm(query);
  const choices = usePatientChoices(pharmacyId, search);
  return (
    <Combobox
      label="Patient"
      placeholder="Search patient"
      query={query}
      onQueryChange={onQueryChange}
      value={value}
      onSelect={onSelect}
      // Only the answer to what is typed now is offered, so Enter never picks a patient of an earlier search.
      options={!settling && search.length >= PATIENT_SEARCH_MIN_LENGTH ? (choices.data ?? []) : []}
      minQueryLength={PATIENT_SEARCH_MIN_LENGTH}
      hint={`Type at least ${PATIENT_SEARCH_MIN_LENGTH} characters`}
      loading={settling || choices.isFetching}
      searchError={choices.error ? `The patients could not be searched: ${choices.error.message}` : undefined}
      emptyText="No patients found"
    />
  );
}
