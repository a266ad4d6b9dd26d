/**
 * Inventory Management & Wholesale Integration (spec part 2 §2; issue 24): the spec's six tabs and Counts. Overview,
 * Inventory, Returns and Analytics work on the pharmacy's stock ledger — every figure comes from the database; Orders
 * and Wholesalers order by X12 EDI and receive by scanning each package; Counts are cycle counts and the biennial
 * controlled-substance inventory. The Inventory tab's Order button opens Create New Order on the Orders tab.
 */
import { useCallback, useId, useState } from 'react';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import { AnalyticsTab } from './analytics-tab.tsx';
import { CountTab } from './count-tab.tsx';
import { InventoryTab } from './inventory-tab.tsx';
import { OrdersTab } from './orders-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';
import type { OrderStart } from './create-order-dialog.tsx';
import { productLabel } from './inventory-tab.tsx';
import { ReturnsTab } from './returns-tab.tsx';
import { WholesalersTab } from './wholesalers-tab.tsx';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'inventory', label: 'Inventory' },
  { id: 'orders', label: 'Orders' },
  { id: 'returns', label: 'Returns' },
  { id: 'wholesalers', label: 'Wholesalers' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'counts', label: 'Counts' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export interface InventoryManagementProps {
  pharmacyId: string;
  /** inventory:adjust — adjustments, the auto-order switch and prediction settings (pharmacists and admins). */
  canAdjust: boolean;
}

export function InventoryManagement({ pharmacyId, canAdjust }: InventoryManagementProps) {
  const baseId = useId();
  const [tab, setTab] = useState<TabId>('overview');
  const [orderStart, setOrderStart] = useState<OrderStart | null>(null);
  const startHandled = useCallback(() => setOrderStart(null), []);
  const showOrders = useCallback(() => setTab('orders'), []);
  const orderProduct = useCallback((item: { ndc: string | null; productName: string; strength: string | null }) => {
    setOrderStart({ ...(item.ndc ? { ndc: item.ndc } : {}), productName: productLabel(item) });
    setTab('orders');
  }, []);
  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-bold">Inventory Management &amp; Wholesale Integration</h1>
        <p className="text-base-content/70">Stock by lot and expiry from the pharmacy's own ledger, usage forecasts and reorder points.</p>
      </header>
      <TabList baseId={baseId} label="Inventory sections" items={TABS} selected={tab} onSelect={setTab} />
      <TabPanel baseId={baseId} selected={tab}>
        {tab === 'overview' ? <OverviewTab pharmacyId={pharmacyId} onShowInventory={() => setTab('inventory')} onShowOrders={showOrders} onShowReturns={() => setTab('returns')} /> : null}
        {tab === 'inventory' ? <InventoryTab pharmacyId={pharmacyId} canAdjust={canAdjust} onOrder={orderProduct} onShowOrders={showOrders} /> : null}
        {tab === 'orders' ? <OrdersTab pharmacyId={pharmacyId} canAdjust={canAdjust} start={orderStart} onStartHandled={startHandled} /> : null}
        {tab === 'returns' ? <ReturnsTab pharmacyId={pharmacyId} canAdjust={canAdjust} /> : null}
        {tab === 'wholesalers' ? <WholesalersTab pharmacyId={pharmacyId} canAdjust={canAdjust} /> : null}
        {tab === 'analytics' ? <AnalyticsTab pharmacyId={pharmacyId} canAdjust={canAdjust} /> : null}
        {tab === 'counts' ? <CountTab pharmacyId={pharmacyId} canAdjust={canAdjust} /> : null}
      </TabPanel>
    </div>
  );
}
