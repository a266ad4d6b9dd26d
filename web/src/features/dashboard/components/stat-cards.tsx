/**
 * The four stat cards (spec §2): Pending Prescriptions, Completed Today, AI Alerts and Revenue Today (dollars
 * with two decimals, 0.00 when nothing was picked up). Each card is a labelled region whose value tests and
 * screen readers can find by the card's title.
 */
import { useDashboardStats, type DashboardStats } from '../api/get-dashboard-stats.ts';
import type { LocalDay } from '../local-day.ts';

interface StatCardSpec {
  title: string;
  caption: string;
  value: (stats: DashboardStats) => string;
  accent: string;
}

export function formatDollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

const CARDS: StatCardSpec[] = [
  { title: 'Pending Prescriptions', caption: 'Requires attention', value: (s) => String(s.pendingPrescriptions), accent: 'text-warning' },
  { title: 'Completed Today', caption: 'Great progress!', value: (s) => String(s.completedToday), accent: 'text-success' },
  { title: 'AI Alerts', caption: 'Drug interactions', value: (s) => String(s.aiAlerts), accent: 'text-error' },
  { title: 'Revenue Today', caption: 'Processing payments', value: (s) => formatDollars(s.revenueToday), accent: 'text-primary' },
];

export interface StatCardsProps {
  pharmacyId: string;
  day: LocalDay;
}

export function StatCards({ pharmacyId, day }: StatCardsProps) {
  const stats = useDashboardStats(pharmacyId, day);
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {CARDS.map((card) => {
        const titleId = `stat-${card.title.toLowerCase().replace(/\s+/g, '-')}`;
        return (
          <section key={card.title} aria-labelledby={titleId} className="card border border-base-300 bg-base-100">
            <div className="card-body gap-1">
              <h2 id={titleId} className="text-sm font-medium text-base-content/70">
                {card.title}
              </h2>
              {stats.isPending ? (
                <div className="skeleton h-9 w-20" aria-label="Loading" />
              ) : (
                <p className={`text-3xl font-bold ${card.accent}`} data-testid="stat-value">
                  {stats.isError ? '—' : card.value(stats.data)}
                </p>
              )}
              <p className="text-xs text-base-content/70">{card.caption}</p>
            </div>
          </section>
        );
      })}
    </div>
  );
}
