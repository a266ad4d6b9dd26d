/**
 * The Inventory tab (spec part 2 §2): the products a page at a time from the database — stock level with its lots,
 * usage over 30 days and trend, predicted stockout, supplier, auto-order switch, Receive (every role) and Adjust
 * (pharmacists and admins), Order (a new wholesale order with the product's NDC), the status badge; search; the filters
 * All Items, Low Stock, Out of Stock, Adequate; Update Predictions; Auto-Reorder All (suggested orders per wholesaler
 * from the auto-order products, for a pharmacist to review on the Orders tab).
 */
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { formatCents } from '@pharmacy/shared/common/money.ts';
import {
  INVENTORY_FILTER_LABELS, INVENTORY_STATUS_FILTERS, INVENTORY_STATUS_LABELS, type InventoryItem, type InventoryStatusFilter,
} from '@pharmacy/shared/inventory/inventory-item.ts';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { QueryErrorNotice, withQueryData } from '../../../components/ui/query-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { lastPage, pageSummary } from '../../../lib/paging.ts';
import { useInventoryItems } from '../api/get-inventory-items.ts';
import { useBuildSuggestedOrders } from '../api/build-suggested-orders.ts';
import { useRefreshForecasts } from '../api/refresh-forecasts.ts';
import { useSetAutoOrder } from '../api/set-auto-order.ts';
import { useWholesalers } from '../api/get-wholesalers.ts';
import { useSetPreferredWholesaler } from '../api/set-preferred-wholesaler.ts';
import { AdjustStockDialog } from './adjust-stock-dialog.tsx';
import { ReceiveStockDialog } from './receive-stock-dialog.tsx';

export const INVENTORY_PAGE_SIZE = 25;

const STATUS_BADGE: Record<string, string> = { adequate: 'badge-success', low: 'badge-warning', out_of_stock: 'badge-error' };
const TREND_TEXT: Record<string, string> = { increasing: '↑ Increasing', decreasing: '↓ Decreasing', stable: '→ Stable' };

export function productLabel(item: Pick<InventoryItem, 'productName' | 'strength'>): string {
  return [item.productName, item.strength].filter(Boolean).join(' ');
}

export interface InventoryTabProps {
  pharmacyId: string;
  canAdjust: boolean;
  /** Order: a new wholesale order for this product (the Orders tab's Create New Order). */
  onOrder: (item: InventoryItem) => void;
  /** After Auto-Reorder All: show the suggested orders. */
  onShowOrders: () => void;
}

export function InventoryTab({ pharmacyId, canAdjust, onOrder, onShowOrders }: InventoryTabProps) {
  const [text, setText] = useState('');
  const { term, settling } = useSearchTerm(text);
  const [status, setStatus] = useState<InventoryStatusFilter>('all');
  const [paging, setPaging] = useState({ key: '', page: 0 });
  const key = `${term}\u0000${status}`;
  const page = paging.key === key ? paging.page : 0;
  const items = useInventoryItems(pharmacyId, term, status, page, INVENTORY_PAGE_SIZE);
  const total = items.data?.total ?? 0;
  const refresh = useRefreshForecasts();
  const suggest = useBuildSuggestedOrders();
  const { mutate: switchAutoOrder, isPending: switchingAutoOrder } = useSetAutoOrder();
  const wholesalers = useWholesalers(pharmacyId);
  const { mutate: choosePreferred, isPending: choosingPreferred } = useSetPreferredWholesaler();
  const wholesalerChoices = wholesalers.data;
  const [receiving, setReceiving] = useState<InventoryItem | null>(null);
  const [adjusting, setAdjusting] = useState<InventoryItem | null>(null);

  const pageTooFar = items.data !== undefined && !items.isPlaceholderData && page > lastPage(total, INVENTORY_PAGE_SIZE);
  useEffect(() => {
    if (pageTooFar) setPaging({ key, page: lastPage(total, INVENTORY_PAGE_SIZE) });
  }, [pageTooFar, key, total]);

  function updatePredictions() {
    refresh.mutate(undefined, {
      onSuccess: (products) => toast({ title: 'Predictions updated', description: `Usage predictions updated for ${products.toLocaleString('en-US')} products.` }),
      onError: (error) => toast({ title: 'Predictions failed', description: error.message, variant: 'destructive' }),
    });
  }

  function autoReorderAll() {
    suggest.mutate(undefined, {
      onSuccess: (built) => {
        const orders = built.orders.map((order) => `${order.poNumber} to ${order.wholesaler} (${order.lines} line${order.lines === 1 ? '' : 's'})`);
        const left = [
          built.scheduleIiSkipped > 0 ? `${built.scheduleIiSkipped} Schedule II product(s) need a DEA Form 222 or CSOS order` : null,
          built.withoutWholesaler > 0 ? `${built.withoutWholesaler} product(s) have no preferred wholesaler` : null,
        ].filter(Boolean);
        toast({
          title: orders.length > 0 ? 'Suggested orders ready for review' : 'Nothing to reorder',
          description: [orders.length > 0 ? orders.join('; ') + '.' : 'No auto-order product is at its reorder point.', ...left].join(' '),
        });
        if (orders.length > 0) onShowOrders();
      },
      onError: (error) => toast({ title: 'Auto-Reorder failed', description: error.message, variant: 'destructive' }),
    });
  }

  const columns = useMemo<ColumnDef<InventoryItem, never>[]>(
    () => [
      {
        id: 'product',
        header: 'Product',
        enableHiding: false,
        cell: ({ row }) => (
          <span className="flex min-w-44 flex-col">
            <span className="font-medium">{productLabel(row.original)}</span>
            <span className="text-xs text-base-content/70">
              {[row.original.genericName, row.original.ndc ? `NDC ${row.original.ndc}` : null, row.original.deaSchedule ? `C-${row.original.deaSchedule}` : null].filter(Boolean).join(' · ')}
            </span>
          </span>
        ),
      },
      {
        id: 'stock',
        header: 'Stock level',
        cell: ({ row }) => (
          <span className="flex flex-col whitespace-nowrap">
            <span className="font-semibold">{row.original.currentStock.toLocaleString('en-US')}</span>
            <span className="text-xs text-base-content/70">reorder at {row.original.reorderPoint.toLocaleString('en-US')}</span>
            {row.original.lots.filter((lot) => lot.lotNumber !== '').slice(0, 3).map((lot) => (
              <span key={lot.lotId} className="text-xs text-base-content/70">
                Lot {lot.lotNumber}: {lot.onHand}
                {lot.expirationDate ? `, exp ${usDate(lot.expirationDate)}` : ''}
              </span>
            ))}
          </span>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => <span className={`badge badge-soft whitespace-nowrap ${STATUS_BADGE[row.original.status] ?? ''}`}>{INVENTORY_STATUS_LABELS[row.original.status]}</span>,
      },
      {
        id: 'actions',
        header: 'Actions',
        enableHiding: false,
        cell: ({ row }) => (
          <span className="flex gap-1">
            <button type="button" className="btn btn-xs" aria-label={`Order ${productLabel(row.original)}`} onClick={() => onOrder(row.original)}>
              Order
            </button>
            <button type="button" className="btn btn-xs" aria-label={`Receive ${productLabel(row.original)}`} onClick={() => setReceiving(row.original)}>
              Receive
            </button>
            <button
              type="button"
              className="btn btn-xs"
              aria-label={`Adjust ${productLabel(row.original)}`}
              disabled={!canAdjust}
              title={canAdjust ? undefined : 'Only a pharmacist or admin can adjust stock'}
              onClick={() => setAdjusting(row.original)}
            >
              Adjust
            </button>
          </span>
        ),
      },
      {
        id: 'usage',
        header: 'Usage (30 days)',
        cell: ({ row }) => (
          <span className="flex flex-col whitespace-nowrap">
            <span>{row.original.monthlyUsage.toLocaleString('en-US')}</span>
            <span className="text-xs text-base-content/70">{row.original.utilizationTrend ? TREND_TEXT[row.original.utilizationTrend] : 'No prediction yet'}</span>
          </span>
        ),
      },
      {
        id: 'stockout',
        header: 'Predicted stockout',
        cell: ({ row }) => <span className="whitespace-nowrap">{row.original.predictedStockout ? usDate(row.original.predictedStockout) : '—'}</span>,
      },
      { id: 'value', header: 'Value', cell: ({ row }) => <span className="whitespace-nowrap">{formatCents(row.original.totalValueCents)}</span> },
      {
        id: 'auto',
        header: 'Auto-order',
        cell: ({ row }) => (
          <input
            type="checkbox"
            className="toggle toggle-sm toggle-primary"
            aria-label={`Auto-order ${productLabel(row.original)}`}
            checked={row.original.autoOrderEnabled}
            disabled={!canAdjust || switchingAutoOrder}
            onChange={(event) =>
              switchAutoOrder(
                { medicationId: row.original.id, autoOrder: event.target.checked },
                { onError: (error) => toast({ title: 'Auto-order not changed', description: error.message, variant: 'destructive' }) },
              )
            }
          />
        ),
      },
      {
        id: 'supplier',
        header: 'Supplier',
        // With more than one wholesaler a pharmacist chooses each product's; with one, it is that one.
        cell: ({ row }) => canAdjust && wholesalerChoices && wholesalerChoices.length > 1 ? (
          <select
            className="select select-xs w-40"
            aria-label={`Supplier of ${productLabel(row.original)}`}
            value={row.original.supplierId ?? ''}
            disabled={choosingPreferred}
            onChange={(event) => choosePreferred(
              { medicationId: row.original.id, wholesalerId: event.target.value === '' ? null : event.target.value },
              { onError: (error) => toast({ title: 'Supplier not changed', description: error.message, variant: 'destructive' }) },
            )}
          >
            <option value="">Not set</option>
            {wholesalerChoices.map((wholesaler) => <option key={wholesaler.id} value={wholesaler.id}>{wholesaler.name}</option>)}
          </select>
        ) : (row.original.supplier ?? 'Not set'),
      },
    ],
    [canAdjust, switchAutoOrder, switchingAutoOrder, onOrder, wholesalerChoices, choosePreferred, choosingPreferred],
  );

  return (
    <SectionCard
      title="Inventory"
      headerAction={<SearchInput label="Search inventory" placeholder="Brand, generic name or NDC…" value={text} onChange={setText} busy={settling} />}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="group" aria-label="Stock status" className="join">
          {INVENTORY_STATUS_FILTERS.map((filter) => (
            <button
              key={filter}
              type="button"
              className={`btn join-item btn-sm ${status === filter ? 'btn-active btn-primary' : ''}`}
              aria-pressed={status === filter}
              onClick={() => setStatus(filter)}
            >
              {INVENTORY_FILTER_LABELS[filter]}
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn btn-sm" disabled={suggest.isPending} onClick={autoReorderAll}>
            {suggest.isPending ? 'Building orders…' : 'Auto-Reorder All'}
          </button>
          <button type="button" className="btn btn-sm" disabled={refresh.isPending} onClick={updatePredictions}>
            {refresh.isPending ? 'Updating predictions…' : 'Update Predictions'}
          </button>
        </div>
      </div>
      {items.data ? <QueryErrorNotice query={items} errorText="The inventory could not be loaded" /> : null}
      <DataTable
        columns={columns}
        query={withQueryData(items, items.data?.items)}
        errorText="The inventory could not be loaded"
        emptyText={term ? `No product matches “${term}”.` : status === 'all' ? 'Your catalog has no active products yet.' : `No product is ${INVENTORY_FILTER_LABELS[status].toLowerCase()}.`}
        loadingLabel="Loading inventory"
        getRowId={(item) => item.id}
        sorting={[]}
        onSortingChange={() => undefined}
        paging={{
          pageIndex: page,
          pageSize: INVENTORY_PAGE_SIZE,
          total,
          onPageChange: (next) => setPaging({ key, page: Math.max(0, Math.min(next, lastPage(total, INVENTORY_PAGE_SIZE))) }),
          summary: pageSummary(page, items.data?.items.length ?? 0, total, INVENTORY_PAGE_SIZE),
          label: 'Inventory pages',
          disabled: items.isPlaceholderData,
        }}
      />
      <ReceiveStockDialog item={receiving} onClose={() => setReceiving(null)} />
      <AdjustStockDialog item={adjusting} onClose={() => setAdjusting(null)} />
    </SectionCard>
  );
}
