/** Previous / "Page n of m" / Next under a server-paged list, with "Showing 1–20 of 50,000". */
import { lastPage } from '../../lib/paging.ts';

export interface PagerProps {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  summary: string | null;
  disabled?: boolean;
  onPageChange: (page: number) => void;
}

export function Pager({ label, page, pageSize, total, summary, disabled = false, onPageChange }: PagerProps) {
  const last = lastPage(total, pageSize);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <span className="text-base-content/70">{summary}</span>
      <div className="join">
        <button type="button" className="btn join-item btn-sm" disabled={disabled || page <= 0} onClick={() => onPageChange(page - 1)}>
          Previous
        </button>
        <span className="btn join-item btn-sm btn-disabled pointer-events-none bg-base-100 text-base-content" aria-current="page">
          Page {page + 1} of {last + 1}
        </span>
        <button type="button" className="btn join-item btn-sm" disabled={disabled || page >= last} onClick={() => onPageChange(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}
