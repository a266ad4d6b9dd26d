/**
 * One product of the local catalog (spec §2 Drug Search, one card per drug): name with strength and form, generic
 * name, the NDC as stored, manufacturer, package, price, stock — low stock (at or below the threshold) in red and
 * said in words, not by colour alone — AWP and WAC with 2 decimals or 'n/a', DEA schedule, and whether it is inactive.
 * "Details" opens the content the screen was given for a drug (the formulary) inside the card; the list makes the open
 * card span its row so that content has room.
 */
import { formatDrugPrice } from '@pharmacy/shared/drugs/external-drug.ts';
import { useId, type ReactNode } from 'react';
import type { LocalDrug } from '../api/local-drug.ts';
import { DrugFacts, dollars } from './drug-facts.tsx';

export function packageText(drug: Pick<LocalDrug, 'packageDescription' | 'packageSize' | 'packageUnit'>): string {
  if (drug.packageDescription) return drug.packageDescription;
  if (drug.packageSize !== null) return `${drug.packageSize} ${drug.packageUnit ?? ''}`.trim();
  return 'n/a';
}

export interface LocalDrugCardProps {
  drug: LocalDrug;
  /** The drug's extra content while open; undefined when the screen has none to offer. */
  details?: { open: boolean; onToggle: () => void; render: (drug: LocalDrug) => ReactNode };
}

export function LocalDrugCard({ drug, details }: LocalDrugCardProps) {
  const titleId = useId();
  const detailsId = useId();
  const open = details?.open ?? false;
  const heading = [drug.name, drug.strength].filter(Boolean).join(' ');
  return (
    <article aria-labelledby={titleId} className={`card border bg-base-100 ${drug.isLowStock ? 'border-error' : 'border-base-300'}`}>
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={titleId} className="font-semibold break-words">
              {heading}
            </h3>
            <p className="text-sm text-base-content/70">{drug.dosageForm ?? 'Form not recorded'}</p>
          </div>
          <div className="flex flex-wrap gap-1">
            {drug.deaSchedule ? <span className="badge badge-sm badge-warning">Schedule {drug.deaSchedule}</span> : null}
            {!drug.active ? <span className="badge badge-sm badge-ghost">Inactive</span> : null}
          </div>
        </div>
        <DrugFacts
          facts={[
            { label: 'Generic', value: drug.genericName ?? 'n/a' },
            { label: 'NDC', value: drug.ndcNumber ?? 'n/a' },
            { label: 'Manufacturer', value: drug.manufacturer ?? 'n/a' },
            { label: 'Package', value: packageText(drug) },
            { label: 'Price', value: dollars(drug.price) },
            {
              label: 'Stock',
              value: drug.isLowStock ? (
                <span className="font-semibold text-error" data-testid="low-stock">
                  {drug.stock} — Low stock (threshold {drug.lowStockThreshold})
                </span>
              ) : (
                <span>{drug.stock}</span>
              ),
            },
            { label: 'AWP', value: formatDrugPrice(drug.awpPrice) },
            { label: 'WAC', value: formatDrugPrice(drug.wacPrice) },
            { label: 'DEA schedule', value: drug.deaSchedule ?? 'Not controlled' },
          ]}
        />
        {details ? (
          <div>
            <button
              type="button"
              className="btn btn-sm btn-outline"
              aria-expanded={open}
              aria-controls={detailsId}
              aria-label={`${open ? 'Hide' : 'Show'} details of ${heading}`}
              onClick={details.onToggle}
            >
              {open ? 'Hide details' : 'Details'}
            </button>
            <div id={detailsId} hidden={!open} className="mt-3">
              {open ? details.render(drug) : null}
            </div>
          </div>
        ) : null}
      </div>
    </article>
  );
}
