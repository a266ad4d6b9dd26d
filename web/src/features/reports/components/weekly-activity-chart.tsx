/**
 * Weekly Activity: the pharmacy's last 7 days, new fills and refills per day, as grouped bars (recharts, loaded with
 * this screen only). The chart is a picture for sighted users; screen readers get the same figures as a table
 * (visually hidden), so nothing is only in the drawing.
 */
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useWeeklyActivity } from '../api/get-weekly-activity.ts';

/** "Mon 11/23": the weekday names the bar, the date tells which week. */
function dayLabel(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
  return `${weekday} ${usDate(day).slice(0, 5)}`;
}

export interface WeeklyActivityChartProps {
  pharmacyId: string;
  /** The pharmacy's local date (keys the query: a new day reads a new week). */
  today: string;
}

export function WeeklyActivityChart({ pharmacyId, today }: WeeklyActivityChartProps) {
  const activity = useWeeklyActivity(pharmacyId, today);
  return (
    <SectionCard title="Weekly Activity">
      <p className="text-sm text-base-content/70">Fills of the last 7 days: new prescriptions and refills.</p>
      <QueryState query={activity} errorText="The weekly activity could not be loaded" loadingLabel="Loading the weekly activity" skeletonRows={1} skeletonRowClassName="h-64">
        {(days) => {
          const rows = days.map((d) => ({ ...d, label: dayLabel(d.day) }));
          return (
            <>
              <div className="h-64 w-full" aria-hidden="true" data-testid="weekly-activity-chart">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                    <CartesianGrid strokeDasharray="3 3" vertical={false} />
                    <XAxis dataKey="label" tick={{ fontSize: 12 }} />
                    <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
                    <Tooltip />
                    <Legend />
                    <Bar dataKey="newFills" name="New" fill="var(--color-primary)" isAnimationActive={false} />
                    <Bar dataKey="refills" name="Refills" fill="var(--color-secondary)" isAnimationActive={false} />
                  </BarChart>
                </ResponsiveContainer>
              </div>
              <table className="sr-only">
                <caption>Weekly Activity: fills per day, last 7 days</caption>
                <thead>
                  <tr><th scope="col">Day</th><th scope="col">New</th><th scope="col">Refills</th></tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.day}><th scope="row">{row.label}</th><td>{row.newFills}</td><td>{row.refills}</td></tr>
                  ))}
                </tbody>
              </table>
            </>
          );
        }}
      </QueryState>
    </SectionCard>
  );
}
