/**
 * The 'Patient Database' table (spec §2 Patient Management) on the kit's DataTable: Patient (initials
 * avatar, name, first 8 characters of the id; sortable A–Z / Z–A by the server), DOB, Phone, Insurance (badge or
 * 'No insurance'), Allergies (2 badges then '+N more', or 'None') and the View and Edit actions. Filtering,
 * sorting and paging happen in the database, so the table only lays out the page it is given.
 */
import { createColumnHelper, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable, type DataTablePaging } from '../../../components/ui/data-table.tsx';
import type { QueryStateQuery } from '../../../components/ui/query-state.tsx';
import type { PatientSort } from '../api/get-patients.ts';
import type { Patient } from '../api/patient-record.ts';
import { AllergyBadges } from './allergy-badges.tsx';
import { formatDateOfBirth, patientFullName, patientInitials, shortPatientId } from './patient-format.ts';

export interface PatientsTableProps {
  /** The page's rows and the state of the query that fetches them. */
  query: QueryStateQuery<readonly Patient[]>;
  sort: PatientSort;
  onSortChange: (sort: PatientSort) => void;
  paging: DataTablePaging;
  onView: (patient: Patient) => void;
  onEdit: (patient: Patient) => void;
}

const column = createColumnHelper<Patient>();

/** The table's sort state for the server's order, and back. */
function sortingOf(sort: PatientSort): SortingState {
  return [{ id: 'patient', desc: sort.descending }];
}

export function PatientsTable({ query, sort, onSortChange, paging, onView, onEdit }: PatientsTableProps) {
  const columns = useMemo(
    () =>
      [
        // Sorted by the server on last name, first name, id (the name index); the accessor only makes it sortable.
        column.accessor((patient) => patientFullName(patient), {
          id: 'patient',
          header: 'Patient',
          enableSorting: true,
          enableHiding: false,
          cell: ({ row }) => (
            <div className="flex items-center gap-3">
              <div className="avatar avatar-placeholder" aria-hidden="true">
                <div className="w-10 rounded-full bg-primary/15 text-primary">
                  <span className="text-sm font-semibold">{patientInitials(row.original)}</span>
                </div>
              </div>
              <div>
                <div className="whitespace-nowrap font-medium">{patientFullName(row.original)}</div>
                <div className="whitespace-nowrap text-xs text-base-content/70">ID: {shortPatientId(row.original.id)}</div>
              </div>
            </div>
          ),
        }),
        column.accessor('dateOfBirth', { header: 'DOB', enableSorting: false, cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDateOfBirth(getValue())}</span> }),
        column.accessor('phone', { header: 'Phone', enableSorting: false, cell: ({ getValue }) => <span className="whitespace-nowrap">{getValue() ?? '—'}</span> }),
        column.accessor('insuranceProvider', {
          header: 'Insurance',
          enableSorting: false,
          cell: ({ getValue }) => {
            const provider = getValue();
            return provider ? (
              <span className="badge badge-outline badge-sm h-auto py-0.5">{provider}</span>
            ) : (
              <span className="text-sm text-base-content/70">No insurance</span>
            );
          },
        }),
        column.accessor('allergies', { header: 'Allergies', enableSorting: false, cell: ({ getValue }) => <AllergyBadges allergies={getValue()} /> }),
        column.display({
          id: 'actions',
          header: 'Actions',
          enableHiding: false,
          cell: ({ row }) => {
            const name = patientFullName(row.original);
            return (
              <div className="flex gap-2">
                <button type="button" className="btn btn-ghost btn-xs" aria-label={`View ${name}`} onClick={() => onView(row.original)}>
                  View
                </button>
                <button type="button" className="btn btn-outline btn-xs" aria-label={`Edit ${name}`} onClick={() => onEdit(row.original)}>
                  Edit
                </button>
              </div>
            );
          },
        }),
      ] as ColumnDef<Patient, never>[],
    [onView, onEdit],
  );

  return (
    <DataTable
      columns={columns}
      query={query}
      errorText="The patients could not be loaded"
      emptyText="No patients found"
      loadingLabel="Loading patients"
      getRowId={(patient) => patient.id}
      sorting={sortingOf(sort)}
      onSortingChange={(sorting) => onSortChange({ column: 'name', descending: sorting[0]?.desc ?? false })}
      paging={paging}
    />
  );
}
