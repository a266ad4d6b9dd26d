/**
 * System Settings (spec part 2 §2; admins only — shared/src/staff/screens.ts, and the database refuses the writes to
 * anyone else): the summary cards, then eleven tabs (Pharmacy first, §2), each a form over its group. Changes not
 * saved are not lost silently: leaving the tab, the screen or the page asks first. Other features' pieces (the
 * logo upload, test and queue tools, the system status) come from the route.
 */
import { DEFAULT_SETTINGS_GROUP, SETTINGS_GROUP_KEYS, SETTINGS_GROUPS, type SettingsGroupKey } from '@pharmacy/shared/settings/groups.ts';
import { useId, type ReactNode } from 'react';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import { useGuardedTabs } from '../../../hooks/use-guarded-tabs.ts';
import { BillingTab } from './billing-tab.tsx';
import { ControlledTab } from './controlled-tab.tsx';
import { EmailTab } from './email-tab.tsx';
import { FaxTab } from './fax-tab.tsx';
import { LabelsTab } from './labels-tab.tsx';
import { PharmacyTab } from './pharmacy-tab.tsx';
import { PrintingTab } from './printing-tab.tsx';
import { ProfitLossTab } from './profit-loss-tab.tsx';
import { RefillsTab } from './refills-tab.tsx';
import { ReportsTab } from './reports-tab.tsx';
import { SettingsSummaryCards } from './settings-summary-cards.tsx';
import type { SettingsTabProps } from './settings-tab-props.ts';
import { TransmissionTab } from './transmission-tab.tsx';
import { UnsavedChangesDialog } from './unsaved-changes-dialog.tsx';

const TAB_ITEMS = SETTINGS_GROUP_KEYS.map((key) => ({ id: key, label: SETTINGS_GROUPS[key].label }));

const TABS: Record<Exclude<SettingsGroupKey, 'pharmacy'>, (props: SettingsTabProps) => ReactNode> = {
  transmission: TransmissionTab,
  reports: ReportsTab,
  'profit-loss': ProfitLossTab,
  printing: PrintingTab,
  controlled: ControlledTab,
  refills: RefillsTab,
  billing: BillingTab,
  labels: LabelsTab,
  fax: FaxTab,
  email: EmailTab,
};

export interface SystemSettingsProps {
  pharmacyId: string;
  /** The System Status card's content: a health check's outcome, drawn by the route's choice of component. */
  systemStatus: ReactNode;
  /** The Pharmacy tab's logo upload. */
  pharmacyLogo?: ReactNode;
  /**
   * Each tab's tools from other features (Test Print All Labels, Send Test Email, View Fax Queue, …); a function
   * is told whether the tab has unsaved changes (a test uses what is saved).
   */
  actions?: Partial<Record<SettingsGroupKey, ReactNode | ((tab: { dirty: boolean }) => ReactNode)>>;
}

export function SystemSettings({ pharmacyId, systemStatus, pharmacyLogo, actions = {} }: SystemSettingsProps) {
  const baseId = useId();
  const { tab, selectTab, dirty, setDirty, asking, stay, discard } = useGuardedTabs<SettingsGroupKey>(baseId, DEFAULT_SETTINGS_GROUP);

  const tabActions = actions[tab];
  const tabProps: SettingsTabProps = { pharmacyId, onDirtyChange: setDirty, actions: typeof tabActions === 'function' ? tabActions({ dirty }) : tabActions };
  const OtherTab = tab === 'pharmacy' ? null : TABS[tab];

  return (
    <section className="flex flex-1 flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">System Settings</h1>
        <p className="text-base-content/70">Your pharmacy's configuration: pharmacy record, transmission, reports, printing, controlled substances, refills, billing, fax and email.</p>
      </header>
      <SettingsSummaryCards pharmacyId={pharmacyId} systemStatus={systemStatus} />
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4 p-4 sm:p-6">
          <TabList baseId={baseId} label="Settings groups" items={TAB_ITEMS} selected={tab} onSelect={selectTab} />
          <TabPanel baseId={baseId} selected={tab} className="flex flex-col gap-6">
            {/* Keyed by the tab: each tab's form starts from its group as loaded. */}
            {OtherTab ? <OtherTab key={tab} {...tabProps} /> : <PharmacyTab key={tab} {...tabProps} logo={pharmacyLogo} />}
          </TabPanel>
        </div>
      </div>
      <UnsavedChangesDialog
        open={asking}
        groupLabel={SETTINGS_GROUPS[tab].label}
        onStay={stay}
        onDiscard={discard}
      />
    </section>
  );
}
