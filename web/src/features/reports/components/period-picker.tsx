/**
 * The period the cards and Most Prescribed Medications cover: This week, This month, Last 30 days (each ending on the
 * pharmacy's today) or a custom range, checked as the database checks it before it is asked.
 */
import { useId, useState, type FormEvent } from 'react';
import { customRangeError, PERIOD_PRESETS, type DayRange, type PeriodPreset } from '../report-period.ts';

export interface PeriodPickerProps {
  preset: PeriodPreset;
  /** The range shown now (a preset's, or the custom range last applied). */
  range: DayRange;
  onPreset: (preset: Exclude<PeriodPreset, 'custom'>) => void;
  onCustom: (range: DayRange) => void;
}

export function PeriodPicker({ preset, range, onPreset, onCustom }: PeriodPickerProps) {
  const id = useId();
  const [customOpen, setCustomOpen] = useState(preset === 'custom');
  const [draft, setDraft] = useState<DayRange>(range);
  const [error, setError] = useState<string | null>(null);

  function apply(event: FormEvent) {
    event.preventDefault();
    const problem = customRangeError(draft);
    setError(problem);
    if (problem === null) onCustom(draft);
  }

  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label="Period" className="join flex-wrap">
        {PERIOD_PRESETS.map((option) => {
          const selected = option.id === 'custom' ? customOpen : !customOpen && preset === option.id;
          return (
            <button
              key={option.id}
              type="button"
              className={`btn join-item btn-sm ${selected ? 'btn-primary' : 'btn-outline'}`}
              aria-pressed={selected}
              onClick={() => {
                if (option.id === 'custom') {
                  setDraft(range);
                  setCustomOpen(true);
                } else {
                  setCustomOpen(false);
                  setError(null);
                  onPreset(option.id);
                }
              }}
            >
              {option.label}
            </button>
          );
        })}
      </div>
      {customOpen ? (
        <form className="flex flex-wrap items-end gap-3" onSubmit={apply} noValidate aria-label="Custom period">
          <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-from`}>
            First day
            <input id={`${id}-from`} type="date" className="input input-sm" value={draft.from}
              aria-invalid={error !== null} aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setDraft((current) => ({ ...current, from: event.target.value }))} />
          </label>
          <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-to`}>
            Last day
            <input id={`${id}-to`} type="date" className="input input-sm" value={draft.to}
              aria-invalid={error !== null} aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setDraft((current) => ({ ...current, to: event.target.value }))} />
          </label>
          <button type="submit" className="btn btn-sm btn-primary">Apply</button>
          {error ? <p id={`${id}-error`} role="alert" className="w-full text-sm text-error">{error}</p> : null}
        </form>
      ) : null}
    </div>
  );
}
