/**
 * Most Prescribed Medications: the 5 medications filled most in the period, as horizontal bars (recharts, loaded
 * with this screen only), with the same figures as a visually hidden table for screen readers.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useTopMedications } from '../api/get-top-medications.ts';
import type { DayRange } from '../report-period.ts';

export interface TopMedicationsChartProps {
  pharmacyId: string;
  range: DayRange;
}

export function TopMedicationsChart({ pharmacyId, range }: TopMedicationsChartProps) {
  const top = useTopMedications(pharmacyId, range);
  return (
    <SectionCard title="Most Prescribed Medications">
      <p className="text-sm text-base-content/70">The 5 medications filled most in the period.</p>
      <QueryState
        query={top}
        errorText="The most prescribed medications could not be loaded"
        loadingLabel="Loading the most prescribed medications"
        skeletonRows={1}
        skeletonRowClassName="h-64"
        isEmpty={(rows) => rows.length === 0}
        emptyText="No prescriptions were filled in this period."
      >
        {(medications) => {
          const rows = medications.map((m) => ({ ...m, label: m.strength ? `${m.name} ${m.strength}` : m.name }));
          return (
            <div className={top.isPlaceholderData ? 'opacity-60' : undefined}>
              <div className="h-64 w-full" aria-hidden="true" data-testid="top-medications-chart">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={rows} layout="vertical" accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
                    <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                    <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
                    <YAxis type="category" dataKey="label" width={160} tick={{ fontSize: 12 }} />
                    <Tooltip />
                    <Bar dataKey="fills" name="Fills" fill="var(--color-accent)" isAnimationActive={false} />
                  </BarChart>
                </ResponsiveContainer>
              </div>
              <table className="sr-only">
                <caption>Most Prescribed Medications: fills in the period</caption>
                <thead>
                  <tr><th scope="col">Medication</th><th scope="col">Fills</th></tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.medicationId}><th scope="row">{row.label}</th><td>{row.fills}</td></tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        }}
      </QueryState>
    </SectionCard>
  );
}
