/**
 * The Billing tab's fill picker: the pharmacy's processing and ready fills a page at a time (a search by Rx number
 * or the patient's name, a status filter, the exact total), each with Select.
 */
import { usDate } from '@pharmacy/shared/common/dates.ts';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { QueryErrorNotice, withQueryData } from '../../../components/ui/query-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { lastPage, pageSummary } from '../../../lib/paging.ts';
import { BILLABLE_STATUSES, useBillableFills, type BillableFill, type BillableStatus } from '../api/get-billable-fills.ts';
import { fillTitle } from '../billing-format.ts';

export const FILL_PAGE_SIZE = 10;

const STATUS_CHOICES: ReadonlyArray<{ id: string; label: string; statuses: readonly BillableStatus[] }> = [
  { id: 'all', label: 'Processing and ready', statuses: BILLABLE_STATUSES },
  { id: 'ready', label: 'Ready', statuses: ['ready'] },
  { id: 'processing', label: 'Processing', statuses: ['processing'] },
];

export function FillPicker({ pharmacyId, selectedId, onSelect }: { pharmacyId: string; selectedId: string | null; onSelect: (fillId: string) => void }) {
  const [text, setText] = useState('');
  const { term, settling } = useSearchTerm(text);
  const [choice, setChoice] = useState(STATUS_CHOICES[0]!);
  const [paging, setPaging] = useState({ key: '', page: 0 });
  const key = `${term}\u0000${choice.id}`;
  const page = paging.key === key ? paging.page : 0;
  const fills = useBillableFills(pharmacyId, term, choice.statuses, page, FILL_PAGE_SIZE);
  const total = fills.data?.total ?? 0;

  const pageTooFar = fills.data !== undefined && !fills.isPlaceholderData && page > lastPage(total, FILL_PAGE_SIZE);
  useEffect(() => {
    if (pageTooFar) setPaging({ key, page: lastPage(total, FILL_PAGE_SIZE) });
  }, [pageTooFar, key, total]);

  const columns = useMemo<ColumnDef<BillableFill>[]>(() => [
    { id: 'rx', header: 'Rx', cell: ({ row }) => <span className="whitespace-nowrap font-mono">{fillTitle(row.original)}</span> },
    { id: 'patient', header: 'Patient', cell: ({ row }) => (
      <span className="flex flex-col">
        <span>{row.original.patientName}</span>
        {row.original.patientDateOfBirth ? <span className="text-xs text-base-content/70">DOB {usDate(row.original.patientDateOfBirth)}</span> : null}
      </span>
    ) },
    { id: 'medication', header: 'Medication', cell: ({ row }) => row.original.medicationName },
    { id: 'status', header: 'Status', cell: ({ row }) => (row.original.status === 'ready' ? 'Ready' : 'Processing') },
    { id: 'filled', header: 'Filled', cell: ({ row }) => (row.original.dateFilled ? usDate(row.original.dateFilled) : '—') },
    { id: 'select', header: () => <span className="sr-only">Select</span>, cell: ({ row }) => (
      <button type="button" className={`btn btn-xs ${row.original.id === selectedId ? 'btn-primary' : ''}`} aria-pressed={row.original.id === selectedId}
        aria-label={`Select ${fillTitle(row.original)} for ${row.original.patientName}`} onClick={() => onSelect(row.original.id)}>
        {row.original.id === selectedId ? 'Selected' : 'Select'}
      </button>
    ) },
  ], [selectedId, onSelect]);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <SearchInput label="Search prescriptions to bill" placeholder="Rx number or patient name…" value={text} onChange={setText} busy={settling} />
        <div role="group" aria-label="Prescription status" className="join">
          {STATUS_CHOICES.map((option) => (
            <button key={option.id} type="button" className={`btn join-item btn-sm ${choice.id === option.id ? 'btn-active btn-primary' : ''}`}
              aria-pressed={choice.id === option.id} onClick={() => setChoice(option)}>{option.label}</button>
          ))}
        </div>
      </div>
      {fills.data ? <QueryErrorNotice query={fills} errorText="The prescriptions could not be loaded" /> : null}
      <DataTable
        columns={columns}
        query={withQueryData(fills, fills.data?.fills)}
        errorText="The prescriptions could not be loaded"
        emptyText={term ? `No processing or ready prescription matches “${term}”.` : 'No prescription is processing or ready.'}
        loadingLabel="Loading prescriptions"
        getRowId={(fill) => fill.id}
        sorting={[]}
        onSortingChange={() => undefined}
        paging={{
          pageIndex: page,
          pageSize: FILL_PAGE_SIZE,
          total,
          onPageChange: (next) => setPaging({ key, page: Math.max(0, Math.min(next, lastPage(total, FILL_PAGE_SIZE))) }),
          summary: pageSummary(page, fills.data?.fills.length ?? 0, total, FILL_PAGE_SIZE),
          label: 'Prescription pages',
          disabled: fills.isPlaceholderData,
        }}
      />
    </div>
  );
}
