/**
 * The Orders tab (spec §3 Wholesale order): the pharmacy's orders a page at a time from the database, newest first,
 * with the filters All, Pending (every open status), Delivered, Cancelled and a search; Create New Order, Sync All
 * Orders (each wholesaler's new 855/856/810). Per order: Submit (a pharmacist reviews a draft and sends the X12 850),
 * Receive (scan packages), Cancel a draft, Details.
 */
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { formatCents } from '@pharmacy/shared/common/money.ts';
import { ORDER_FILTERS, ORDER_STATUS_LABELS, type OrderFilter, type OrderStatus } from '@pharmacy/shared/inventory/wholesale.ts';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { QueryErrorNotice, withQueryData } from '../../../components/ui/query-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { lastPage, pageSummary } from '../../../lib/paging.ts';
import { useCancelWholesaleOrder } from '../api/cancel-wholesale-order.ts';
import { type WholesaleOrderRow, useWholesaleOrders } from '../api/get-wholesale-orders.ts';
import { useSubmitWholesaleOrder } from '../api/submit-wholesale-order.ts';
import { useSyncAllWholesalers } from '../hooks/use-sync-all-wholesalers.ts';
import { CreateOrderDialog, type OrderStart } from './create-order-dialog.tsx';
import { OrderDetailDialog } from './order-detail-dialog.tsx';
import { ReceiveOrderDialog } from './receive-order-dialog.tsx';

export const ORDERS_PAGE_SIZE = 25;

const FILTER_LABELS: Record<OrderFilter, string> = { all: 'All', pending: 'Pending', delivered: 'Delivered', cancelled: 'Cancelled' };
const STATUS_BADGE: Partial<Record<OrderStatus, string>> = {
  draft: 'badge-ghost', delivered: 'badge-success', cancelled: 'badge-neutral', rejected: 'badge-error', backordered: 'badge-warning',
  partially_received: 'badge-warning', shipped: 'badge-info', acknowledged: 'badge-info', submitted: 'badge-info',
};
const RECEIVABLE: readonly OrderStatus[] = ['submitted', 'acknowledged', 'backordered', 'shipped', 'partially_received'];

export function OrdersTab({ pharmacyId, canAdjust, start, onStartHandled }: {
  pharmacyId: string;
  canAdjust: boolean;
  /** An order to start (the Inventory tab's Order button). */
  start: OrderStart | null;
  onStartHandled: () => void;
}) {
  const [text, setText] = useState('');
  const { term, settling } = useSearchTerm(text);
  const [filter, setFilter] = useState<OrderFilter>('all');
  const [paging, setPaging] = useState({ key: '', page: 0 });
  const key = `${term}\u0000${filter}`;
  const page = paging.key === key ? paging.page : 0;
  const orders = useWholesaleOrders(pharmacyId, term, filter, page, ORDERS_PAGE_SIZE);
  const total = orders.data?.total ?? 0;
  const submit = useSubmitWholesaleOrder();
  const cancel = useCancelWholesaleOrder();
  const [creating, setCreating] = useState<OrderStart | null>(null);
  const [receiving, setReceiving] = useState<WholesaleOrderRow | null>(null);
  const [showing, setShowing] = useState<WholesaleOrderRow | null>(null);
  const { syncAll, syncing: syncingAll } = useSyncAllWholesalers(pharmacyId, 'Orders synced');

  useEffect(() => {
    if (start) {
      setCreating(start);
      onStartHandled();
    }
  }, [start, onStartHandled]);

  const pageTooFar = orders.data !== undefined && !orders.isPlaceholderData && page > lastPage(total, ORDERS_PAGE_SIZE);
  useEffect(() => {
    if (pageTooFar) setPaging({ key, page: lastPage(total, ORDERS_PAGE_SIZE) });
  }, [pageTooFar, key, total]);

  const columns = useMemo<ColumnDef<WholesaleOrderRow>[]>(() => [
    { id: 'po', header: 'Order', cell: ({ row }) => (
      <button type="button" className="link font-mono" onClick={() => setShowing(row.original)} aria-label={`Details of ${row.original.poNumber}`}>{row.original.poNumber}</button>
    ) },
    { id: 'wholesaler', header: 'Wholesaler', cell: ({ row }) => row.original.wholesalerName },
    { id: 'orderDate', header: 'Order date', cell: ({ row }) => usDate(row.original.orderDate) },
    { id: 'delivery', header: 'Delivery', cell: ({ row }) => row.original.deliveredAt ? usDate(row.original.deliveredAt) : row.original.expectedDeliveryDate ? `Expected ${usDate(row.original.expectedDeliveryDate)}` : '—' },
    { id: 'status', header: 'Status', cell: ({ row }) => (
      <span className="flex flex-col gap-0.5">
        <span className={`badge badge-sm ${STATUS_BADGE[row.original.status] ?? ''}`}>{ORDER_STATUS_LABELS[row.original.status]}</span>
        {row.original.source === 'auto_reorder' && row.original.status === 'draft' ? <span className="text-xs text-base-content/70">Suggested</span> : null}
      </span>
    ) },
    { id: 'items', header: 'Items', cell: ({ row }) => row.original.itemCount },
    { id: 'total', header: 'Total', cell: ({ row }) => row.original.totalCents === null ? 'Contract' : formatCents(row.original.totalCents) },
    { id: 'references', header: 'Invoice / wholesaler order', cell: ({ row }) => (
      <span className="flex flex-col text-xs">
        <span>{row.original.invoiceNumber ? `Invoice ${row.original.invoiceNumber}` : 'Not invoiced'}</span>
        <span className="text-base-content/70">{row.original.apiOrderId ?? (row.original.controlledOrderNumber ? `Form ${row.original.controlledOrderNumber}` : '—')}</span>
      </span>
    ) },
    { id: 'actions', header: () => <span className="sr-only">Actions</span>, cell: ({ row }) => {
      const order = row.original;
      return (
        <div className="flex flex-wrap gap-1">
          {/* A submission that never came back may be tried again (the database allows it after two minutes). */}
          {(order.status === 'draft' || order.status === 'submitting') && canAdjust ? (
            <button type="button" className="btn btn-xs btn-primary" disabled={submit.isPending} aria-label={`Submit ${order.poNumber}`}
              onClick={() => submit.mutate(order.id, {
                onSuccess: (result) => toast({ title: result.ok ? 'Order submitted' : 'Order not accepted', description: result.message, ...(result.ok ? {} : { variant: 'destructive' as const }) }),
                onError: (error) => toast({ title: 'Order not submitted', description: error.message, variant: 'destructive' }),
              })}>{order.status === 'submitting' ? 'Submit again' : 'Submit'}</button>
          ) : null}
          {RECEIVABLE.includes(order.status) ? (
            <button type="button" className="btn btn-xs" aria-label={`Receive ${order.poNumber}`} onClick={() => setReceiving(order)}>Receive</button>
          ) : null}
          {['draft', 'rejected', 'backordered'].includes(order.status) ? (
            <button type="button" className="btn btn-xs btn-ghost" aria-label={`Cancel ${order.poNumber}`} disabled={cancel.isPending}
              onClick={() => cancel.mutate(order.id, { onError: (error) => toast({ title: 'Order not cancelled', description: error.message, variant: 'destructive' }) })}>Cancel</button>
          ) : null}
        </div>
      );
    } },
  ], [canAdjust, submit, cancel]);

  return (
    <SectionCard
      title="Orders"
      headerAction={<SearchInput label="Search orders" placeholder="PO, wholesaler or invoice number…" value={text} onChange={setText} busy={settling} />}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="group" aria-label="Order status" className="join">
          {ORDER_FILTERS.map((option) => (
            <button key={option} type="button" className={`btn join-item btn-sm ${filter === option ? 'btn-active btn-primary' : ''}`} aria-pressed={filter === option} onClick={() => setFilter(option)}>
              {FILTER_LABELS[option]}
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn btn-sm" disabled={syncingAll} onClick={() => void syncAll()}>{syncingAll ? 'Syncing…' : 'Sync All Orders'}</button>
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setCreating({})}>Create New Order</button>
        </div>
      </div>
      {orders.data ? <QueryErrorNotice query={orders} errorText="The orders could not be loaded" /> : null}
      <DataTable
        columns={columns}
        query={withQueryData(orders, orders.data?.orders)}
        errorText="The orders could not be loaded"
        emptyText={term ? `No order matches “${term}”.` : filter === 'all' ? 'No orders yet: create one, or use Auto-Reorder All on the Inventory tab.' : `No ${FILTER_LABELS[filter].toLowerCase()} orders.`}
        loadingLabel="Loading orders"
        getRowId={(order) => order.id}
        sorting={[]}
        onSortingChange={() => undefined}
        paging={{
          pageIndex: page,
          pageSize: ORDERS_PAGE_SIZE,
          total,
          onPageChange: (next) => setPaging({ key, page: Math.max(0, Math.min(next, lastPage(total, ORDERS_PAGE_SIZE))) }),
          summary: pageSummary(page, orders.data?.orders.length ?? 0, total, ORDERS_PAGE_SIZE),
          label: 'Order pages',
          disabled: orders.isPlaceholderData,
        }}
      />
      <CreateOrderDialog pharmacyId={pharmacyId} start={creating} onClose={() => setCreating(null)} />
      <ReceiveOrderDialog pharmacyId={pharmacyId} order={receiving} onClose={() => setReceiving(null)} />
      <OrderDetailDialog pharmacyId={pharmacyId} order={showing} onClose={() => setShowing(null)} />
    </SectionCard>
  );
}
