/**
 * Reports and Analytics (spec part 2 "Reports and Analytics"; issue 26): the period picker, the four stat cards with
 * their change from the period before, Weekly Activity (last 7 days), Most Prescribed Medications (top 5) and the
 * system alerts; for staff who read reports, the Scheduled reports card (its runs and files). Every figure is the database's (reports_* functions, the caller's pharmacy, its days); the periods
 * end on the pharmacy's today, in its time zone. The exported reports (Sales, Inventory, Patient…) come with
 * /api/reports, not here.
 */
import { localDateIn, usDate } from '@pharmacy/shared/common/dates.ts';
import { useState } from 'react';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { usePharmacyTimeZone } from '../../../hooks/use-pharmacy-time-zone.ts';
import { presetRange, type DayRange, type PeriodPreset } from '../report-period.ts';
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

interface Access {
  /** reports:read (pharmacists and admins): the scheduled reports and their files. */
  canReadReports: boolean;
  isAdmin: boolean;
}

function ReportsBody({ pharmacyId, today, access }: { pharmacyId: string; today: string; access: Access }) {
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
      <SystemAlertsPanel pharmacyId={pharmacyId} />
      {access.canReadReports ? <ScheduledReportsCard pharmacyId={pharmacyId} isAdmin={access.isAdmin} /> : null}
    </>
  );
}

export function ReportsAnalytics({ pharmacyId, canReadReports, isAdmin }: { pharmacyId: string } & Access) {
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
        {(zone) => <ReportsBody pharmacyId={pharmacyId} today={localDateIn(zone, new Date())} access={{ canReadReports, isAdmin }} />}
      </QueryState>
    </div>
  );
}
