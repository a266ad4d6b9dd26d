/**
 * A titled card of a screen (daisyUI card): the section is named by its heading for assistive technology,
 * and an optional `headerAction` (a toggle, a Refresh button) sits to the heading's right.
 */
import { useId, type ReactNode } from 'react';

export interface SectionCardProps {
  title: ReactNode;
  headerAction?: ReactNode;
  /** Space between the card's parts. */
  gap?: 'gap-2' | 'gap-3' | 'gap-4';
  children: ReactNode;
}

export function SectionCard({ title, headerAction, gap = 'gap-3', children }: SectionCardProps) {
  const titleId = useId();
  const heading = (
    <h2 id={titleId} className="card-title text-lg">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={titleId} className="card border border-base-300 bg-base-100">
      <div className={`card-body ${gap}`}>
        {headerAction ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            {heading}
            {headerAction}
          </div>
        ) : (
          heading
        )}
        {children}
      </div>
    </section>
  );
}
