/**
 * The Audit Log's filters: user (the pharmacy's staff), action (the actions its log holds), patient (the shared
 * patient search, components/form/patient-search-field.tsx) and from/to dates; Clear filters resets them.
 */
import type { StaffUser } from '@pharmacy/shared/staff/staff-user.ts';
import { useState } from 'react';
import { PatientSearchField } from '../../../components/form/patient-search-field.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { PATIENT_SEARCH_MIN_LENGTH } from '../../../hooks/use-patient-choices.ts';
import { NO_AUDIT_LOG_FILTERS, type AuditLogFilters } from '../api/audit-log-filters.ts';
import { useAuditLogActions } from '../api/get-audit-log-actions.ts';
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
    <div className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6">
      <SelectField label="User" placeholder="All users" options={userOptions} value={filters.userId} onChange={(event) => set({ userId: event.target.value })} />
      <SelectField
        label="Action"
        placeholder={actions.isError ? 'All actions (list unavailable)' : 'All actions'}
        options={actionOptions}
        value={filters.action}
        onChange={(event) => set({ action: event.target.value })}
      />
      <PatientSearchField
        pharmacyId={pharmacyId}
        placeholder="Search patient"
        query={patientQuery}
        onQueryChange={setPatientQuery}
        value={filters.patientId}
        onSelect={(option) => {
          set({ patientId: option?.value ?? '' });
          if (option) setPatientQuery(option.label);
        }}
        hint={`Type at least ${PATIENT_SEARCH_MIN_LENGTH} characters`}
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
