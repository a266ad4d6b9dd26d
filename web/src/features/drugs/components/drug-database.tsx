/**
 * The Drug Database (spec part 2 §2 "Drug Database Management"; all staff): the stat cards, then four tabs — Drug
 * Search (the local catalog or an external provider), Database Sync (NDCs typed or a file), Pricing Management
 * (AWP, WAC and NADAC, the price update and its schedule) and API Configuration (each provider's real state).
 * Pharmacists and admins change the catalog and its prices; technicians see those controls disabled with the reason
 * (the database refuses them anyway). A chosen local drug can show content the route supplies (the formulary). The
 * catalog's figures follow changes made at other terminals (their queries read `medications`: lib/live-tables.ts).
 */
import { useId, useState, type ReactNode } from 'react';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import type { LocalDrug } from '../api/local-drug.ts';
import { ApiConfigurationTab } from './api-configuration-tab.tsx';
import { DatabaseSyncTab } from './database-sync-tab.tsx';
import { DrugSearchTab } from './drug-search-tab.tsx';
import { PricingManagementTab } from './pricing-management-tab.tsx';
import { StatCards } from './stat-cards.tsx';

type DrugTab = 'search' | 'sync' | 'pricing' | 'api';

const TABS: { id: DrugTab; label: string }[] = [
  { id: 'search', label: 'Drug Search' },
  { id: 'sync', label: 'Database Sync' },
  { id: 'pricing', label: 'Pricing Management' },
  { id: 'api', label: 'API Configuration' },
];

export interface DrugDatabaseProps {
  pharmacyId: string;
  /** Pharmacists and admins add, sync and reprice catalog drugs; technicians read. */
  canManageCatalog: boolean;
  /** Content shown for a local drug the user opens (the route supplies it: another feature's). */
  renderDrugDetails?: (drug: LocalDrug) => ReactNode;
  /** The local search typed first, and the drug found by it shown open (a drug opened from the header's global search). */
  initialSearch?: string;
  initialOpenDrugId?: string;
}

export function DrugDatabase({ pharmacyId, canManageCatalog, renderDrugDetails, initialSearch, initialOpenDrugId }: DrugDatabaseProps) {
  const baseId = useId();
  const [tab, setTab] = useState<DrugTab>('search');

  return (
    <section className="flex flex-1 flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Drug Database</h1>
        <p className="text-base-content/70">Your pharmacy's drug catalog, external drug data, prices and their updates.</p>
      </header>
      <StatCards pharmacyId={pharmacyId} />
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4 p-4 sm:p-6">
          {/* Two rows of two on a phone: four labels do not fit one row there. */}
          <TabList baseId={baseId} label="Drug Database sections" items={TABS} selected={tab} onSelect={setTab} fill className="grid grid-cols-2 sm:flex" />
          <TabPanel baseId={baseId} selected={tab}>
            {tab === 'search' ? (
              <DrugSearchTab
                pharmacyId={pharmacyId}
                canManageCatalog={canManageCatalog}
                renderDrugDetails={renderDrugDetails}
                initialSearch={initialSearch}
                initialOpenDrugId={initialOpenDrugId}
              />
            ) : null}
            {tab === 'sync' ? <DatabaseSyncTab canManageCatalog={canManageCatalog} /> : null}
            {tab === 'pricing' ? <PricingManagementTab pharmacyId={pharmacyId} canManageCatalog={canManageCatalog} /> : null}
            {tab === 'api' ? <ApiConfigurationTab pharmacyId={pharmacyId} /> : null}
          </TabPanel>
        </div>
      </div>
    </section>
  );
}
