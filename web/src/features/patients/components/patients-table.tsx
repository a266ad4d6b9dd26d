/**
 * The 'Patient Database' table (spec §2 Patient Management) with @tanstack/react-table: Patient (initials
 * avatar, name, first 8 characters of the id), DOB, Phone, Insurance (badge or 'No insurance'), Allergies
 * (2 badges then '+N more', or 'None') and the View and Edit actions. Filtering happens in the database, so
 * the table only lays out the rows it is given.
 */
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { Patient } from '../api/patient-record.ts';
import { AllergyBadges } from './allergy-badges.tsx';
import { formatDateOfBirth, patientFullName, patientInitials, shortPatientId } from './patient-format.ts';

export interface PatientsTableProps {
  patients: readonly Patient[];
  /** Shown in the body instead of rows: loading or failure text. */
  status?: 'loading' | { error: string };
  onView: (patient: Patient) => void;
  onEdit: (patient: Patient) => void;
}

const column = createColumnHelper<Patient>();

export function PatientsTable({ patients, status, onView, onEdit }: PatientsTableProps) {
  const columns = useMemo(
    () => [
      column.display({
        id: 'patient',
        header: 'Patient',
        cell: ({ row }) => (
          <div className="flex items-center gap-3">
            <div className="avatar avatar-placeholder" aria-hidden="true">
              <div className="w-10 rounded-full bg-primary/15 text-primary">
                <span className="text-sm font-semibold">{patientInitials(row.original)}</span>
              </div>
            </div>
            <div>
              <div className="font-medium">{patientFullName(row.original)}</div>
              <div className="text-xs text-base-content/60">ID: {shortPatientId(row.original.id)}</div>
            </div>
          </div>
        ),
      }),
      column.accessor('dateOfBirth', { header: 'DOB', cell: ({ getValue }) => formatDateOfBirth(getValue()) }),
      column.accessor('phone', { header: 'Phone', cell: ({ getValue }) => getValue() ?? '—' }),
      column.accessor('insuranceProvider', {
        header: 'Insurance',
        cell: ({ getValue }) => {
          const provider = getValue();
          return provider ? (
            <span className="badge badge-outline badge-sm h-auto py-0.5">{provider}</span>
          ) : (
            <span className="text-sm text-base-content/60">No insurance</span>
          );
        },
      }),
      column.accessor('allergies', { header: 'Allergies', cell: ({ getValue }) => <AllergyBadges allergies={getValue()} /> }),
      column.display({
        id: 'actions',
        header: 'Actions',
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
    ],
    [onView, onEdit],
  );

  const table = useReactTable({ data: patients as Patient[], columns, getCoreRowModel: getCoreRowModel(), getRowId: (patient) => patient.id });
  const columnCount = columns.length;

  return (
    <div className="overflow-x-auto">
      <table className="table">
        <thead>
          {table.getHeaderGroups().map((headerGroup) => (
            <tr key={headerGroup.id}>
              {headerGroup.headers.map((header) => (
                <th key={header.id} scope="col">
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {status === 'loading' ? (
            <tr>
              <td colSpan={columnCount} className="py-8 text-center text-base-content/70">
                <span className="loading loading-spinner loading-sm mr-2 align-middle" aria-hidden="true" />
                Loading patients…
              </td>
            </tr>
          ) : status !== undefined ? (
            <tr>
              <td colSpan={columnCount} className="py-8 text-center text-error" role="alert">
                The patients could not be loaded: {status.error}
              </td>
            </tr>
          ) : table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className="py-8 text-center text-base-content/70">
                No patients found
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="hover:bg-base-200/60">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
