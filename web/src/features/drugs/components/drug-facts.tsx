/** A drug card's facts as a description list: label and value per line, 'n/a' never invented for a missing value. */
import type { ReactNode } from 'react';

export interface DrugFact {
  label: string;
  value: ReactNode;
}

export function DrugFacts({ facts }: { facts: readonly DrugFact[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {facts.map((fact) => (
        <div key={fact.label} className="contents">
          <dt className="text-base-content/70">{fact.label}</dt>
          <dd className="min-w-0 break-words">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Dollars with 2 decimals ("$12.50"). */
export function dollars(value: number): string {
  return `$${value.toFixed(2)}`;
}
