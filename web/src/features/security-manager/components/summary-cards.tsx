/**
 * The four summary cards (spec part 2 §2 "AI Security Manager"): Total Users, Active Sessions, Security Alerts,
 * 2FA Enabled, counted by security-summary.ts. Each card is a region named by its title.
 */
import type { StaffUser } from '@pharmacy/shared/staff/staff-user.ts';
import type { QueryStateQuery } from '../../../components/ui/query-state.tsx';
import { securitySummary, type SecuritySummary } from '../security-summary.ts';

const CARDS: { title: string; caption: string; value: (summary: SecuritySummary) => number; accent: string }[] = [
  { title: 'Total Users', caption: 'Staff accounts of your pharmacy', value: (s) => s.totalUsers, accent: 'text-primary' },
  { title: 'Active Sessions', caption: 'Signed in within 24 hours', value: (s) => s.activeSessions, accent: 'text-success' },
  { title: 'Security Alerts', caption: 'Risk score above 40', value: (s) => s.securityAlerts, accent: 'text-error' },
  { title: '2FA Enabled', caption: 'Two-factor authentication on', value: (s) => s.twoFactorEnabled, accent: 'text-info' },
];

export interface SummaryCardsProps {
  users: QueryStateQuery<readonly StaffUser[]>;
  now: Date;
}

export function SummaryCards({ users, now }: SummaryCardsProps) {
  const summary = users.data ? securitySummary(users.data, now) : null;
  return (
    <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
      {CARDS.map((card) => {
        const titleId = `security-card-${card.title.toLowerCase().replace(/\W+/g, '-')}`;
        return (
          <section key={card.title} aria-labelledby={titleId} className="card border border-base-300 bg-base-100">
            <div className="card-body gap-1">
              <h2 id={titleId} className="text-sm font-medium text-base-content/70">
                {card.title}
              </h2>
              {summary ? (
                <p className={`text-3xl font-bold ${card.accent}`} data-testid="card-value">
                  {card.value(summary)}
                </p>
              ) : users.error ? (
                <p className="text-3xl font-bold" data-testid="card-value">—</p>
              ) : (
                <div className="skeleton h-9 w-16">
                  <span className="sr-only">Loading</span>
                </div>
              )}
              <p className="text-xs text-base-content/70">{card.caption}</p>
            </div>
          </section>
        );
      })}
    </div>
  );
}
