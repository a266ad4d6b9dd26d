/**
 * One external result (spec §3 External drug result): name, generic name, strength, form, the NDC, manufacturer,
 * package, the match score as a percent, AWP and WAC with 2 decimals or 'n/a' (the free providers publish neither),
 * DEA schedule and the provider's status. Pharmacists and admins can add it to the catalog (a sync of its NDC).
 */
import { formatDrugPrice, formatMatchScore, type ExternalDrugResult } from '@pharmacy/shared/drugs/external-drug.ts';
import { useId } from 'react';
import { DrugFacts } from './drug-facts.tsx';

export interface ExternalDrugCardProps {
  drug: ExternalDrugResult;
  /** null: the viewer may not change the catalog. */
  onAdd: ((drug: ExternalDrugResult) => void) | null;
  adding: boolean;
  /** What adding it did, when it was tried. */
  outcome?: string;
}

export function ExternalDrugCard({ drug, onAdd, adding, outcome }: ExternalDrugCardProps) {
  const titleId = useId();
  const heading = [drug.name, drug.strength].filter(Boolean).join(' ');
  return (
    <article aria-labelledby={titleId} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={titleId} className="font-semibold break-words">
              {heading}
            </h3>
            <p className="text-sm text-base-content/70">{drug.dosageForm ?? 'Form not reported'}</p>
          </div>
          <span className="badge badge-sm badge-outline" title="How well this record matches the search">
            Match {formatMatchScore(drug.matchScore)}
          </span>
        </div>
        <DrugFacts
          facts={[
            { label: 'Generic', value: drug.genericName ?? 'n/a' },
            { label: 'NDC', value: drug.ndcNumber },
            { label: 'Manufacturer', value: drug.manufacturer ?? 'n/a' },
            { label: 'Package', value: drug.packageDescription ?? 'n/a' },
            { label: 'AWP', value: formatDrugPrice(drug.pricing.awp) },
            { label: 'WAC', value: formatDrugPrice(drug.pricing.wac) },
            { label: 'DEA schedule', value: drug.deaSchedule ?? 'Not controlled' },
            ...(drug.status ? [{ label: 'Status', value: drug.status }] : []),
          ]}
        />
        {onAdd ? (
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={adding}
              aria-label={`Add to catalog: ${heading} (NDC ${drug.ndcNumber})`}
              onClick={() => onAdd(drug)}
            >
              {adding ? 'Adding…' : 'Add to catalog'}
            </button>
            {outcome ? <span className="text-sm" role="status">{outcome}</span> : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
