/**
 * The four stat cards: Prescriptions Filled, Revenue, Patients Served and Inventory Value of the period, each with its
 * change from the period of equal length before (up, down or the same, and by how much). Loading shows 4 skeletons
 * (spec §9). Each card is a region named by its title, so tests and screen readers find its value.
 */
import { formatCents } from '@pharmacy/shared/common/money.ts';
import { usDate } from '@pharmacy/shared/common/dates.ts';
import type { ReportFigures } from '@pharmacy/shared/reports/overview.ts';
import { QueryErrorNotice } from '../../../components/ui/query-state.tsx';
import { useReportsOverview } from '../api/get-reports-overview.ts';
import { changeFrom, type DayRange } from '../report-period.ts';

interface CardSpec {
  title: string;
  caption: string;
  value: (figures: ReportFigures) => number;
  format: (value: number) => string;
}

const CARDS: CardSpec[] = [
  { title: 'Prescriptions Filled', caption: 'Fills verified, not returned to stock', value: (f) => f.prescriptionsFilled, format: (v) => v.toLocaleString('en-US') },
  { title: 'Revenue', caption: 'Paid by payers and patients', value: (f) => f.revenueCents, format: (v) => formatCents(v) },
  { title: 'Patients Served', caption: 'Patients with a fill', value: (f) => f.patientsServed, format: (v) => v.toLocaleString('en-US') },
  { title: 'Inventory Value', caption: 'Stock on hand at cost, at the end of the period', value: (f) => f.inventoryValueCents, format: (v) => formatCents(v) },
];

const CHANGE_STYLE = { up: 'text-success', down: 'text-error', same: 'text-base-content/70' } as const;
const CHANGE_WORD = { up: 'Up', down: 'Down', same: 'No change' } as const;

export interface ReportStatCardsProps {
  pharmacyId: string;
  range: DayRange;
}

export function ReportStatCards({ pharmacyId, range }: ReportStatCardsProps) {
  const overview = useReportsOverview(pharmacyId, range);
  const data = overview.data;
  return (
    <div className="flex flex-col gap-2">
      {data === undefined ? <QueryErrorNotice query={overview} errorText="The report figures could not be loaded" /> : null}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={overview.isFetching}>
        {CARDS.map((card) => {
          const titleId = `report-stat-${card.title.toLowerCase().replace(/\s+/g, '-')}`;
          const current = data ? card.value(data.current) : null;
          const previous = data ? card.value(data.previous) : null;
          const change = current !== null && previous !== null ? changeFrom(previous, current) : null;
          return (
            <section key={card.title} aria-labelledby={titleId} className="card border border-base-300 bg-base-100">
              <div className={`card-body gap-1 ${overview.isPlaceholderData ? 'opacity-60' : ''}`}>
                <h2 id={titleId} className="text-sm font-medium text-base-content/70">{card.title}</h2>
                {overview.isPending ? (
                  <div className="skeleton h-9 w-24" aria-label="Loading" data-testid="report-stat-skeleton" />
                ) : (
                  <p className="text-3xl font-bold" data-testid="report-stat-value">{current === null ? '—' : card.format(current)}</p>
                )}
                {change && data && previous !== null ? (
                  <p className={`text-sm ${CHANGE_STYLE[change.direction]}`} data-testid="report-stat-change">
                    <span className="sr-only">{CHANGE_WORD[change.direction]}: </span>
                    <span aria-hidden="true">{change.direction === 'up' ? '▲ ' : change.direction === 'down' ? '▼ ' : ''}</span>
                    {change.text} vs {usDate(data.previousFrom)}–{usDate(data.previousTo)} ({card.format(previous)})
                  </p>
                ) : null}
                <p className="text-xs text-base-content/70">{card.caption}</p>
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}
