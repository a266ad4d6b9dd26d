/**
 * Billing & Claims Transmission (spec part 2 §2; issue 25): five tabs on the pharmacy's own claims — Overview (the
 * database's counts and revenue, the calculator, the quick actions), Claims (every claim a page at a time, View and
 * the guided Resubmit), Transmission (the settings form, placed by the route, and each switch's last answer),
 * Billing (a real fill's price, coverage, copay, payments and receipt) and Reports (the six billing reports with their
 * CSV files, and the reconciliation of the payers' 835 remittances).
 * Leaving the Transmission tab (or the screen, or the page) with unsaved settings asks first.
 */
import type { ClaimStatusFilter } from '@pharmacy/shared/billing/claim.ts';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import { useGuardedTabs } from '../../../hooks/use-guarded-tabs.ts';
import { BillingTab } from './billing-tab.tsx';
import { ClaimsTab } from './claims-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { ReportsTab } from './reports-tab.tsx';
import { TransmissionTab } from './transmission-tab.tsx';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'claims', label: 'Claims' },
  { id: 'transmission', label: 'Transmission' },
  { id: 'billing', label: 'Billing' },
  { id: 'reports', label: 'Reports' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export interface TransmissionSettingsSlot {
  /** Whether the form holds changes not saved (the screen asks before they are lost). */
  onDirtyChange: (dirty: boolean) => void;
}

export interface BillingClaimsProps {
  pharmacyId: string;
  /** prescriptions:verify — a pharmacist or admin may override a rejected claim. */
  canOverride: boolean;
  /** The Transmission settings (the System Settings form for admins, a note for others), placed by the route. */
  transmissionSettings: (slot: TransmissionSettingsSlot) => ReactNode;
}

export function BillingClaims({ pharmacyId, canOverride, transmissionSettings }: BillingClaimsProps) {
  const baseId = useId();
  // Only the Transmission tab's form reports unsaved changes; leaving it with some asks first.
  const { tab, selectTab, setDirty: setTransmissionDirty, asking, stay, discard } = useGuardedTabs<TabId>(baseId, 'overview');
  const [claimsFilter, setClaimsFilter] = useState<ClaimStatusFilter>('all');
  const [billingFillId, setBillingFillId] = useState<string | null>(null);

  const showClaims = useCallback((filter: ClaimStatusFilter) => {
    setClaimsFilter(filter);
    selectTab('claims');
  }, [selectTab]);

  const openInBilling = useCallback((prescriptionId: string) => {
    setBillingFillId(prescriptionId);
    selectTab('billing');
  }, [selectTab]);

  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-bold">Billing &amp; Claims Transmission</h1>
        <p className="text-base-content/70">Third-party claims by NCPDP D.0 through your claims switch, what payers and patients paid, and each fill's balance.</p>
      </header>
      <TabList baseId={baseId} label="Billing sections" items={TABS} selected={tab} onSelect={selectTab} />
      <TabPanel baseId={baseId} selected={tab}>
        {tab === 'overview' ? (
          <OverviewTab pharmacyId={pharmacyId} onShowClaims={showClaims} onShowReports={() => selectTab('reports')} onOpenInBilling={openInBilling} />
        ) : null}
        {tab === 'claims' ? (
          <ClaimsTab pharmacyId={pharmacyId} canOverride={canOverride} filter={claimsFilter} onFilterChange={setClaimsFilter} onOpenInBilling={openInBilling} />
        ) : null}
        {tab === 'transmission' ? <TransmissionTab pharmacyId={pharmacyId} settings={transmissionSettings({ onDirtyChange: setTransmissionDirty })} /> : null}
        {tab === 'billing' ? <BillingTab pharmacyId={pharmacyId} fillId={billingFillId} onFillChange={setBillingFillId} /> : null}
        {tab === 'reports' ? <ReportsTab pharmacyId={pharmacyId} /> : null}
      </TabPanel>
      <Dialog open={asking} onClose={stay} title="Discard unsaved Transmission settings?" role="alertdialog">
        <p>The Transmission settings have changes that are not saved. Leave them and lose the changes?</p>
        <div className="modal-action">
          <button type="button" className="btn" data-autofocus onClick={stay}>Stay</button>
          <button type="button" className="btn btn-error" onClick={discard}>Discard changes</button>
        </div>
      </Dialog>
    </div>
  );
}
