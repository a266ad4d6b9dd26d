/**
 * The Overview tab: the four cards (total products, low stock items, out of stock, total value at cost) and the
 * utilisation metrics (30-day turnover, utilisation rate against the threshold, auto-order items, predicted
 * stockouts within 7 days), all from public.inventory_overview; Generate Usage Predictions recomputes them.
 */
import { formatCents } from '@pharmacy/shared/inventory/inventory-item.ts';
import { QueryErrorNotice } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useInventoryOverview } from '../api/get-inventory-overview.ts';
import { useRefreshForecasts } from '../api/refresh-forecasts.ts';

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

export function OverviewTab({ pharmacyId, onShowInventory }: { pharmacyId: string; onShowInventory: () => void }) {
  const overview = useInventoryOverview(pharmacyId);
  const refresh = useRefreshForecasts();
  const data = overview.data;
  const count = (value: number | undefined) => (value === undefined ? null : value.toLocaleString('en-US'));

  function predict() {
    refresh.mutate(undefined, {
      onSuccess: (products) => toast({ title: 'Predictions updated', description: `Usage predictions updated for ${products.toLocaleString('en-US')} products.` }),
      onError: (error) => toast({ title: 'Predictions failed', description: error.message, variant: 'destructive' }),
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <QueryErrorNotice query={overview} errorText="The inventory overview could not be loaded" />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Card title="Total Products" value={count(data?.totalProducts)} caption="Active products in the catalog" />
        <Card title="Low Stock Items" value={count(data?.lowStockItems)} caption="At or below the reorder point" tone="text-warning" />
        <Card title="Out of Stock" value={count(data?.outOfStockItems)} caption="Nothing on the shelf" tone="text-error" />
        <Card title="Total Value" value={data ? formatCents(data.totalValueCents) : null} caption="On hand at acquisition cost" />
      </div>
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
          <button type="button" className="btn btn-primary" disabled={refresh.isPending} onClick={predict}>
            {refresh.isPending ? 'Generating predictions…' : 'Generate Usage Predictions'}
          </button>
          <button type="button" className="btn" onClick={onShowInventory}>
            Review low stock
          </button>
        </div>
      </SectionCard>
    </div>
  );
}
