/**
 * A search box: a labelled type="search" input whose text the screen owns, with a "Searching" spinner while the
 * screen's search is catching up (`busy`: typing not settled yet — useSearchTerm — or the search still fetching).
 */
import { SEARCH_MAX_LENGTH } from '@pharmacy/shared/common/search.ts';

export interface SearchInputProps {
  /** The accessible name ("Search patients"). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The screen's search has not caught up with the text yet. */
  busy?: boolean;
  className?: string;
}

export function SearchInput({ label, placeholder, value, onChange, busy = false, className = 'w-full sm:w-96' }: SearchInputProps) {
  return (
    <label className={`input ${className}`}>
      <span className="sr-only">{label}</span>
      <input type="search" value={value} onChange={(event) => onChange(event.target.value)} placeholder={placeholder} aria-label={label} maxLength={SEARCH_MAX_LENGTH} />
      {busy ? <span className="loading loading-spinner loading-xs" aria-label="Searching" /> : null}
    </label>
  );
}
