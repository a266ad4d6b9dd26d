/**
 * A search box: a labelled type="search" input whose text the screen owns, with a "Searching" spinner while
 * the screen's search is catching up. With `debounceMs` it also reports the text once typing stops
 * (`useDebouncedValue`, spec §9: 300 ms), so the server is asked once per word, and spins until then.
 */
import { SEARCH_MAX_LENGTH } from '@pharmacy/shared/search.ts';
import { useEffect, useRef } from 'react';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';

export interface SearchInputProps {
  /** The accessible name ("Search patients"). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Reports the trimmed text once it stopped changing for `debounceMs`. */
  onSettledChange?: (value: string) => void;
  debounceMs?: number;
  /** The screen is still fetching for the settled text. */
  busy?: boolean;
  className?: string;
}

export function SearchInput({ label, placeholder, value, onChange, onSettledChange, debounceMs = 0, busy = false, className = 'w-full sm:w-96' }: SearchInputProps) {
  const trimmed = value.trim();
  const settled = useDebouncedValue(trimmed, debounceMs);
  const onSettledRef = useRef(onSettledChange);
  onSettledRef.current = onSettledChange;
  useEffect(() => {
    onSettledRef.current?.(settled);
  }, [settled]);
  const searching = busy || (onSettledChange !== undefined && trimmed !== settled);

  return (
    <label className={`input ${className}`}>
      <span className="sr-only">{label}</span>
      <input type="search" value={value} onChange={(event) => onChange(event.target.value)} placeholder={placeholder} aria-label={label} maxLength={SEARCH_MAX_LENGTH} />
      {searching ? <span className="loading loading-spinner loading-xs" aria-label="Searching" /> : null}
    </label>
  );
}
