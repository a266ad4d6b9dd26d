/**
 * The Returns tab (spec §3 Return; Returns: Create Return, Process Pending Returns): the pharmacy's returns a page
 * at a time from the database, newest first, filtered by status. Pharmacists and admins create a return (its units
 * leave the lot at once), process the chosen pending returns — or, with none chosen, the pending ones — recording
 * each credit, and cancel a pending return (its units go back on the shelf). Technicians see the list.
 */
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { formatCents } from '@pharmacy/shared/common/money.ts';
import {
  RETURN_FILTERS, RETURN_MESSAGES, RETURN_REASON_LABELS, RETURN_STATUS_LABELS, returnDestinationText,
  type InventoryReturn, type ReturnFilter, type ReturnStatus,
} from '@pharmacy/shared/inventory/inventory-return.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QueryErrorNotice, withQueryData } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { lastPage, pageSummary } from '../../../lib/paging.ts';
import { useCancelInventoryReturn } from '../api/cancel-inventory-return.ts';
import { getInventoryReturnsQueryOptions, useInventoryReturns } from '../api/get-inventory-returns.ts';
import { CreateReturnDialog } from './create-return-dialog.tsx';
import { ProcessReturnsDialog, PROCESS_AT_ONCE } from './process-returns-dialog.tsx';

export const RETURNS_PAGE_SIZE = 25;

const FILTER_LABELS: Record<ReturnFilter, string> = { all: 'All', ...RETURN_STATUS_LABELS };
const STATUS_BADGE: Record<ReturnStatus, string> = { pending: 'badge-warning', processed: 'badge-success', cancelled: 'badge-neutral' };

/** A timestamp as the terminal's calendar date, MM/DD/YYYY. */
function localDate(timestamp: string): string {
  return new Date(timestamp).toLocaleDateString('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' });
}

function productText(item: InventoryReturn): string {
  return [item.productName, item.strength].filter(Boolean).join(' ');
}

export function ReturnsTab({ pharmacyId, canAdjust }: { pharmacyId: string; canAdjust: boolean }) {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<ReturnFilter>('all');
  const [paging, setPaging] = useState({ filter: 'all' as ReturnFilter, page: 0 });
  const page = paging.filter === filter ? paging.page : 0;
  const returns = useInventoryReturns(pharmacyId, filter, page, RETURNS_PAGE_SIZE);
  const total = returns.data?.total ?? 0;
  const [chosen, setChosen] = useState<ReadonlyMap<string, InventoryReturn>>(new Map());
  const [creating, setCreating] = useState(false);
  const [processing, setProcessing] = useState<{ returns: InventoryReturn[]; pendingTotal: number } | null>(null);
  const [loadingPending, setLoadingPending] = useState(false);
  const [cancelling, setCancelling] = useState<InventoryReturn | null>(null);

  const pageTooFar = returns.data !== undefined && !returns.isPlaceholderData && page > lastPage(total, RETURNS_PAGE_SIZE);
  useEffect(() => {
    if (pageTooFar) setPaging({ filter, page: lastPage(total, RETURNS_PAGE_SIZE) });
  }, [pageTooFar, filter, total]);

  function toggle(item: InventoryReturn) {
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(item.id)) next.delete(item.id);
      else next.set(item.id, item);
      return next;
    });
  }

  /** The chosen returns, or (none chosen) the pending ones, oldest first, as many as one processing takes. */
  async function startProcessing() {
    if (chosen.size > 0) {
      setProcessing({ returns: [...chosen.values()], pendingTotal: chosen.size });
      return;
    }
    setLoadingPending(true);
    try {
      const pending = await queryClient.fetchQuery(getInventoryReturnsQueryOptions(pharmacyId, 'pending', 0, PROCESS_AT_ONCE));
      if (pending.total === 0) toast({ title: 'No pending returns', description: 'Every return has been processed or cancelled.' });
      else setProcessing({ returns: [...pending.returns].reverse(), pendingTotal: pending.total });
    } catch (error) {
      toast({ title: 'The pending returns could not be loaded', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setLoadingPending(false);
    }
  }

  const columns = useMemo<ColumnDef<InventoryReturn>[]>(() => [
    ...(canAdjust ? [{
      id: 'choose',
      header: () => <span className="sr-only">Choose</span>,
      cell: ({ row }) => row.original.status === 'pending' ? (
        <input type="checkbox" className="checkbox checkbox-sm" checked={chosen.has(row.original.id)}
          aria-label={`Choose the return of ${row.original.quantity} ${productText(row.original)}`} onChange={() => toggle(row.original)} />
      ) : null,
    } satisfies ColumnDef<InventoryReturn>] : []),
    { id: 'product', header: 'Product', cell: ({ row }) => (
      <span className="flex flex-col">
        <span className="font-medium">{productText(row.original)}</span>
        <span className="text-xs text-base-content/70">
          {[row.original.ndc ? `NDC ${row.original.ndc}` : null, row.original.deaSchedule ? `C${row.original.deaSchedule}` : null,
            row.original.lotNumber === '' ? 'No lot recorded' : `Lot ${row.original.lotNumber}`,
            row.original.expirationDate ? `exp ${usDate(row.original.expirationDate)}` : null].filter(Boolean).join(' · ')}
        </span>
      </span>
    ) },
    { id: 'reason', header: 'Reason', cell: ({ row }) => (
      <span className="flex flex-col text-sm">
        <span>{RETURN_REASON_LABELS[row.original.reason]}</span>
        {row.original.reasonDetail ? <span className="text-xs text-base-content/70">{row.original.reasonDetail}</span> : null}
      </span>
    ) },
    { id: 'quantity', header: 'Quantity', cell: ({ row }) => row.original.quantity.toLocaleString('en-US') },
    { id: 'value', header: 'Value', cell: ({ row }) => (
      <span className="flex flex-col text-sm">
        <span>{formatCents(row.original.totalValueCents)}</span>
        <span className="text-xs text-base-content/70">{formatCents(row.original.unitCostCents)} a unit</span>
      </span>
    ) },
    { id: 'destination', header: 'Wholesaler', cell: ({ row }) => (
      <span className="flex flex-col text-sm">
        <span>{returnDestinationText(row.original)}</span>
        {row.original.rmaNumber ? <span className="text-xs text-base-content/70">RMA {row.original.rmaNumber}</span> : null}
        {row.original.deaForm222Number ? <span className="text-xs text-base-content/70">DEA Form 222 {row.original.deaForm222Number}</span> : null}
      </span>
    ) },
    { id: 'returnDate', header: 'Returned', cell: ({ row }) => (
      <span className="flex flex-col text-sm">
        <span>{localDate(row.original.returnDate)}</span>
        {row.original.createdByName ? <span className="text-xs text-base-content/70">{row.original.createdByName}</span> : null}
      </span>
    ) },
    { id: 'status', header: 'Status and credit', cell: ({ row }) => (
      <span className="flex flex-col gap-0.5">
        <span className={`badge badge-sm ${STATUS_BADGE[row.original.status]}`}>{RETURN_STATUS_LABELS[row.original.status]}</span>
        {row.original.creditCents !== null ? <span className="text-sm">Credit {formatCents(row.original.creditCents)}</span> : null}
        {row.original.processedAt ? <span className="text-xs text-base-content/70">{localDate(row.original.processedAt)}{row.original.processedByName ? `, ${row.original.processedByName}` : ''}</span> : null}
        {row.original.cancelReason ? <span className="text-xs text-base-content/70">{row.original.cancelReason}</span> : null}
      </span>
    ) },
    ...(canAdjust ? [{
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => row.original.status === 'pending' ? (
        <button type="button" className="btn btn-xs btn-ghost" aria-label={`Cancel the return of ${row.original.quantity} ${productText(row.original)}`}
          onClick={() => setCancelling(row.original)}>Cancel</button>
      ) : null,
    } satisfies ColumnDef<InventoryReturn>] : []),
  ], [canAdjust, chosen]);

  return (
    <SectionCard title="Returns">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="group" aria-label="Return status" className="join">
          {RETURN_FILTERS.map((option) => (
            <button key={option} type="button" className={`btn join-item btn-sm ${filter === option ? 'btn-active btn-primary' : ''}`} aria-pressed={filter === option} onClick={() => setFilter(option)}>
              {FILTER_LABELS[option]}
            </button>
          ))}
        </div>
        {canAdjust ? (
          <div className="flex gap-2">
            <button type="button" className="btn btn-sm" disabled={loadingPending} onClick={() => void startProcessing()}>
              {loadingPending ? 'Loading…' : chosen.size > 0 ? `Process ${chosen.size} Chosen Return${chosen.size === 1 ? '' : 's'}` : 'Process Pending Returns'}
            </button>
            <button type="button" className="btn btn-sm btn-primary" onClick={() => setCreating(true)}>Create Return</button>
          </div>
        ) : <p className="text-sm text-base-content/70">Pharmacists and admins create and process returns.</p>}
      </div>
      {returns.data ? <QueryErrorNotice query={returns} errorText="The returns could not be loaded" /> : null}
      <DataTable
        columns={columns}
        query={withQueryData(returns, returns.data?.returns)}
        errorText="The returns could not be loaded"
        emptyText={filter === 'all' ? 'No returns yet.' : `No ${FILTER_LABELS[filter].toLowerCase()} returns.`}
        loadingLabel="Loading returns"
        getRowId={(item) => item.id}
        sorting={[]}
        onSortingChange={() => undefined}
        paging={{
          pageIndex: page,
          pageSize: RETURNS_PAGE_SIZE,
          total,
          onPageChange: (next) => setPaging({ filter, page: Math.max(0, Math.min(next, lastPage(total, RETURNS_PAGE_SIZE))) }),
          summary: pageSummary(page, returns.data?.returns.length ?? 0, total, RETURNS_PAGE_SIZE),
          label: 'Return pages',
          disabled: returns.isPlaceholderData,
        }}
      />
      <CreateReturnDialog pharmacyId={pharmacyId} open={creating} onClose={() => setCreating(false)} />
      <ProcessReturnsDialog
        batch={processing}
        onClose={() => setProcessing(null)}
        onProcessed={() => {
          setChosen(new Map());
          setProcessing(null);
        }}
      />
      <CancelReturnDialog item={cancelling} onClose={() => setCancelling(null)} onCancelled={(id) => {
        setChosen((current) => {
          const next = new Map(current);
          next.delete(id);
          return next;
        });
        setCancelling(null);
      }} />
    </SectionCard>
  );
}

function CancelReturnDialog({ item, onClose, onCancelled }: { item: InventoryReturn | null; onClose: () => void; onCancelled: (id: string) => void }) {
  const cancel = useCancelInventoryReturn();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  function close() {
    setReason('');
    setError(undefined);
    cancel.reset();
    onClose();
  }

  return (
    <Dialog open={item !== null} onClose={close} title="Cancel Return">
      <form className="flex flex-col gap-3" noValidate onSubmit={(event) => {
        event.preventDefault();
        if (!item) return;
        const trimmed = reason.trim();
        if (trimmed === '' || trimmed.length > 500) {
          setError(RETURN_MESSAGES.cancelReason);
          return;
        }
        cancel.mutate({ returnId: item.id, reason: trimmed }, {
          onSuccess: () => {
            toast({ title: 'Return cancelled', description: `${item.quantity} ${item ? productText(item) : ''} went back into lot ${item.lotNumber || '(no lot recorded)'}.` });
            setReason('');
            setError(undefined);
            onCancelled(item.id);
          },
        });
      }}>
        {item ? <p className="text-sm">The {item.quantity} units of {productText(item)} go back on the shelf, into the lot they left.</p> : null}
        <TextAreaField label="Reason for cancelling" required rows={2} value={reason} error={error} onChange={(event) => setReason(event.target.value)} />
        {cancel.error ? <p role="alert" className="alert alert-error alert-soft">{cancel.error.message}</p> : null}
        <div className="modal-action">
          <button type="button" className="btn" onClick={close}>Keep the return</button>
          <button type="submit" className="btn btn-primary" disabled={cancel.isPending}>{cancel.isPending ? 'Cancelling…' : 'Cancel Return'}</button>
        </div>
      </form>
    </Dialog>
  );
}
