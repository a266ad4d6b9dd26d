/**
 * The Overview tab: the cards (total products, low stock items, out of stock, pending orders, total value at cost)
 * and the utilisation metrics (30-day turnover, utilisation rate against the threshold, auto-order items, predicted
 * stockouts within 7 days), all from the database (public.inventory_overview; the pending orders' exact count from
 * public.wholesale_order_page); the quick actions: Submit Daily Wholesale Orders (the suggested orders, to review and
 * submit on the Orders tab), Sync Wholesale Invoices (every wholesaler's new 855/856/810), Process Returns and
 * Generate Usage Predictions.
 */
import { formatCents } from '@pharmacy/shared/common/money.ts';
import { QueryErrorNotice } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useBuildSuggestedOrders } from '../api/build-suggested-orders.ts';
import { useInventoryOverview } from '../api/get-inventory-overview.ts';
import { useWholesaleOrders } from '../api/get-wholesale-orders.ts';
import { useRefreshForecasts } from '../api/refresh-forecasts.ts';
import { useSyncAllWholesalers } from '../hooks/use-sync-all-wholesalers.ts';

function Card({ title, value, caption, tone = '' }: { title: string; value: string | null; caption: string; tone?: string }) {
  return (
    <section aria-label={title} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-1 p-4">
        <h2 className="text-sm font-medium text-base-content/70">{title}</h2>
        <p data-testid="card-value" className={`text-2xl font-bold ${tone}`}>{value ?? <span className="loading loading-dots loading-sm" aria-label="Loading" />}</p>
        <p className="text-xs text-base-content/70">{caption}</p>
      </div>
    </section>
  );
}

export interface OverviewTabProps {
  pharmacyId: string;
  onShowInventory: () => void;
  onShowOrders: () => void;
  onShowReturns: () => void;
}

export function OverviewTab({ pharmacyId, onShowInventory, onShowOrders, onShowReturns }: OverviewTabProps) {
  const overview = useInventoryOverview(pharmacyId);
  const pending = useWholesaleOrders(pharmacyId, '', 'pending', 0, 1);
  const suggest = useBuildSuggestedOrders();
  const { syncAll: syncInvoices, syncing } = useSyncAllWholesalers(pharmacyId, 'Wholesalers synced');
  const refresh = useRefreshForecasts();
  const data = overview.data;
  const count = (value: number | undefined) => (value === undefined ? null : value.toLocaleString('en-US'));

  function predict() {
    refresh.mutate(undefined, {
      onSuccess: (products) => toast({ title: 'Predictions updated', description: `Usage predictions updated for ${products.toLocaleString('en-US')} products.` }),
      onError: (error) => toast({ title: 'Predictions failed', description: error.message, variant: 'destructive' }),
    });
  }

  function dailyOrders() {
    suggest.mutate(undefined, {
      onSuccess: (built) => {
        toast({
          title: built.orders.length > 0 ? 'Daily orders ready for review' : 'Nothing to reorder',
          description: built.orders.length > 0
            ? `${built.orders.map((order) => `${order.poNumber} to ${order.wholesaler}`).join('; ')}: a pharmacist reviews and submits each on the Orders tab.`
            : 'No auto-order product is at its reorder point.',
        });
        onShowOrders();
      },
      onError: (error) => toast({ title: 'Daily orders failed', description: error.message, variant: 'destructive' }),
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <QueryErrorNotice query={overview} errorText="The inventory overview could not be loaded" />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        <Card title="Total Products" value={count(data?.totalProducts)} caption="Active products in the catalog" />
        <Card title="Low Stock Items" value={count(data?.lowStockItems)} caption="At or below the reorder point" tone="text-warning" />
        <Card title="Out of Stock" value={count(data?.outOfStockItems)} caption="Nothing on the shelf" tone="text-error" />
        <Card title="Pending Orders" value={count(pending.data?.total)} caption="Sent or drafted, not yet received" />
        <Card title="Total Value" value={data ? formatCents(data.totalValueCents) : null} caption="On hand at acquisition cost" />
      </div>
      <SectionCard title="Quick actions">
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn" disabled={suggest.isPending} onClick={dailyOrders}>
            {suggest.isPending ? 'Building orders…' : 'Submit Daily Wholesale Orders'}
          </button>
          <button type="button" className="btn" disabled={syncing} onClick={() => void syncInvoices()}>
            {syncing ? 'Syncing…' : 'Sync Wholesale Invoices'}
          </button>
          <button type="button" className="btn" onClick={onShowReturns}>Process Returns</button>
          <button type="button" className="btn btn-primary" disabled={refresh.isPending} onClick={predict}>
            {refresh.isPending ? 'Generating predictions…' : 'Generate Usage Predictions'}
          </button>
        </div>
      </SectionCard>
      <SectionCard title="Utilization">
        <dl className="grid gap-4 text-sm sm:grid-cols-2 xl:grid-cols-4">
          <div>
            <dt className="text-base-content/70">Monthly turnover</dt>
            <dd className="text-lg font-semibold">{data ? (data.monthlyTurnover === null ? 'n/a' : `${data.monthlyTurnover.toFixed(2)}×`) : '…'}</dd>
          </div>
          <div>
            <dt className="text-base-content/70">Utilization rate</dt>
            <dd className={`text-lg font-semibold ${data && data.utilizationRate !== null && data.utilizationRate < data.utilizationThreshold ? 'text-error' : ''}`}>
              {data ? (data.utilizationRate === null ? 'n/a' : `${data.utilizationRate}%`) : '…'}
              {data ? <span className="ml-1 text-xs font-normal text-base-content/70">(threshold {data.utilizationThreshold}%)</span> : null}
            </dd>
          </div>
          <div>
            <dt className="text-base-content/70">Auto-order items</dt>
            <dd className="text-lg font-semibold">{count(data?.autoOrderItems) ?? '…'}</dd>
          </div>
          <div>
            <dt className="text-base-content/70">Predicted stockouts in 7 days</dt>
            <dd className="text-lg font-semibold">{count(data?.predictedStockouts7Days) ?? '…'}</dd>
          </div>
        </dl>
        <p className="text-xs text-base-content/70">
          {data?.forecastAt ? `Predictions from ${new Date(data.forecastAt).toLocaleString('en-US')}, over ${data.predictionWindowDays} days.` : 'No predictions yet: generate them.'}
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn" onClick={onShowInventory}>
            Review low stock
          </button>
        </div>
      </SectionCard>
    </div>
  );
}
