/**
 * Reports and Analytics (spec part 2 "Reports and Analytics"; issue 26): the period picker, the four stat cards with
 * their change from the period before, Weekly Activity (last 7 days), Most Prescribed Medications (top 5) and the
 * system alerts. Every figure is the database's (reports_* functions, the caller's pharmacy, its days); the periods
 * end on the pharmacy's today, in its time zone. Below, for pharmacists and admins, the reports themselves (Sales,
 * Inventory, Patient, the dispensing and controlled-substance logs) for the same period, on screen and exported, and
 * the Scheduled reports card (its runs and files).
 */
import { localDateIn, usDate } from '@pharmacy/shared/common/dates.ts';
import { useState } from 'react';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { usePharmacyTimeZone } from '../../../hooks/use-pharmacy-time-zone.ts';
import { presetRange, type DayRange, type PeriodPreset } from '../report-period.ts';
import { ReportViewer } from './report-viewer.tsx';
import { PeriodPicker } from './period-picker.tsx';
import { ReportStatCards } from './report-stat-cards.tsx';
import { ScheduledReportsCard } from './scheduled-reports-card.tsx';
import { SystemAlertsPanel } from './system-alerts-panel.tsx';
import { TopMedicationsChart } from './top-medications-chart.tsx';
import { WeeklyActivityChart } from './weekly-activity-chart.tsx';

interface Period {
  preset: PeriodPreset;
  /** Set for a custom period; a preset's range follows today. */
  custom: DayRange | null;
}

/** What the signed-in staff member may do here (the route says, from their permissions and screens). */
export interface ReportsAccess {
  /** Pharmacists and admins (reports:read) read the reports; everyone sees the cards, charts and alerts. */
  canReadReports: boolean;
  /** Whoever may verify fills signs off the dispensing log and writes the PMP file. */
  canSignOff: boolean;
  /** The screens the person may open: an alert about another screen links there only when they may. */
  openablePaths: ReadonlySet<string>;
}

function ReportsBody({ pharmacyId, today, access }: { pharmacyId: string; today: string; access: ReportsAccess }) {
  const [period, setPeriod] = useState<Period>({ preset: 'month', custom: null });
  const range = period.preset === 'custom' && period.custom ? period.custom : presetRange(period.preset === 'custom' ? 'month' : period.preset, today);
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PeriodPicker
          preset={period.preset}
          range={range}
          onPreset={(preset) => setPeriod({ preset, custom: null })}
          onCustom={(custom) => setPeriod({ preset: 'custom', custom })}
        />
        <p className="text-sm text-base-content/70" aria-live="polite" data-testid="report-period">
          {usDate(range.from)} – {usDate(range.to)}
        </p>
      </div>
      <ReportStatCards pharmacyId={pharmacyId} range={range} />
      <div className="grid gap-4 xl:grid-cols-2">
        <WeeklyActivityChart pharmacyId={pharmacyId} today={today} />
        <TopMedicationsChart pharmacyId={pharmacyId} range={range} />
      </div>
      <SystemAlertsPanel pharmacyId={pharmacyId} openablePaths={access.openablePaths} />
      {access.canReadReports ? <ReportViewer pharmacyId={pharmacyId} range={range} canSignOff={access.canSignOff} /> : null}
      {access.canReadReports ? <ScheduledReportsCard pharmacyId={pharmacyId} canOpenSettings={access.openablePaths.has('/system-settings')} /> : null}
    </>
  );
}

export function ReportsAnalytics({ pharmacyId, access }: { pharmacyId: string; access: ReportsAccess }) {
  const timeZone = usePharmacyTimeZone(pharmacyId);
  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-bold">Reports and Analytics</h1>
        <p className="text-base-content/70">Your pharmacy's fills, revenue, patients and stock for a period, compared with the period before.</p>
      </header>
      <QueryState
        query={timeZone}
        errorText="The pharmacy's time zone could not be read"
        loadingLabel="Loading the reports"
        skeletonRows={4}
        skeletonRowClassName="h-28"
      >
        {(zone) => <ReportsBody pharmacyId={pharmacyId} today={localDateIn(zone, new Date())} access={access} />}
      </QueryState>
    </div>
  );
}
