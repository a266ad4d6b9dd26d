/**
 * The Dashboard screen (spec §2 "Dashboard"): header, System Information, the four stat cards, Recent
 * E-Prescriptions, Quick Actions, Low Stock Alerts and the prescriber credential alerts, kept live through Realtime. The signed-in user and
 * the pharmacy record come from the caller (the route), so this feature reads no other feature's data.
 */
import { localDayOf } from '../local-day.ts';
import { DashboardHeader } from './dashboard-header.tsx';
import { LowStockAlertsCard } from './low-stock-alerts-card.tsx';
import { PrescriberCredentialAlertsCard } from './prescriber-credential-alerts-card.tsx';
import { QuickActionsCard } from './quick-actions-card.tsx';
import { RecentPrescriptionsCard } from './recent-prescriptions-card.tsx';
import { StatCards } from './stat-cards.tsx';
import { SystemInformationPanel, type DashboardPharmacy } from './system-information-panel.tsx';

export interface DashboardProps {
  userName: string;
  pharmacy: DashboardPharmacy;
}

export function Dashboard({ userName, pharmacy }: DashboardProps) {
  // Recomputed on every render: the query key carries the day's start, so after midnight a re-render reads the new day.
  const day = localDayOf();
  return (
    <section className="flex flex-col gap-6">
      <DashboardHeader userName={userName} />
      <SystemInformationPanel pharmacy={pharmacy} />
      <StatCards pharmacyId={pharmacy.id} day={day} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <RecentPrescriptionsCard pharmacyId={pharmacy.id} />
        </div>
        <div className="flex flex-col gap-6">
          <QuickActionsCard />
          <LowStockAlertsCard pharmacyId={pharmacy.id} />
          <PrescriberCredentialAlertsCard pharmacyId={pharmacy.id} />
        </div>
      </div>
    </section>
  );
}
