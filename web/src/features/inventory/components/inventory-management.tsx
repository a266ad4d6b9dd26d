/**
 * Inventory Management & Wholesale Integration (spec part 2 §2; issue 24): six tabs. Overview, Inventory and
 * Analytics work on the pharmacy's stock ledger — every figure comes from the database. Orders, Returns and
 * Wholesalers (X12 ordering, receiving against ship notices, returns) are being built and say so; stock is received
 * by hand on the Inventory tab meanwhile.
 */
import { useId, useState } from 'react';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import { AnalyticsTab } from './analytics-tab.tsx';
import { CountTab } from './count-tab.tsx';
import { InventoryTab } from './inventory-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';

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

const NOT_YET: Partial<Record<TabId, string>> = {
  orders: 'Wholesale orders (X12 850 purchase orders, acknowledgements, ship notices and invoices) are not available yet. Receive stock by hand on the Inventory tab.',
  returns: 'Returns to wholesalers and reverse distributors are not available yet. A ready fill that was not picked up is returned to stock by a pharmacist.',
  wholesalers: 'Wholesaler connections are not available yet.',
};

export interface InventoryManagementProps {
  pharmacyId: string;
  /** inventory:adjust — adjustments, the auto-order switch and prediction settings (pharmacists and admins). */
  canAdjust: boolean;
}

export function InventoryManagement({ pharmacyId, canAdjust }: InventoryManagementProps) {
  const baseId = useId();
  const [tab, setTab] = useState<TabId>('overview');
  const notYet = NOT_YET[tab];
  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-bold">Inventory Management &amp; Wholesale Integration</h1>
        <p className="text-base-content/70">Stock by lot and expiry from the pharmacy's own ledger, usage forecasts and reorder points.</p>
      </header>
      <TabList baseId={baseId} label="Inventory sections" items={TABS} selected={tab} onSelect={setTab} />
      <TabPanel baseId={baseId} selected={tab}>
        {tab === 'overview' ? <OverviewTab pharmacyId={pharmacyId} onShowInventory={() => setTab('inventory')} /> : null}
        {tab === 'inventory' ? <InventoryTab pharmacyId={pharmacyId} canAdjust={canAdjust} /> : null}
        {tab === 'analytics' ? <AnalyticsTab pharmacyId={pharmacyId} canAdjust={canAdjust} /> : null}
        {tab === 'counts' ? <CountTab pharmacyId={pharmacyId} canAdjust={canAdjust} /> : null}
        {notYet ? <p className="rounded-box border border-base-300 bg-base-100 p-6 text-base-content/80">{notYet}</p> : null}
      </TabPanel>
    </div>
  );
}
