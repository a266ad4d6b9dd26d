/**
 * The value as it was once it stopped changing for `delayMs` (spec §5, §9: the patient search debounce, 300 ms; the queue search too).
 * Every change restarts the wait, so typing a word asks the server once, for the whole word.
 */
import { useEffect, useState } from 'react';

/** Spec §9: a search asks the server once typing has stopped for 300 ms (patients, the queue, the patient picker). */
export const SEARCH_DEBOUNCE_MS = 300;

export function useDebouncedValue<Value>(value: Value, delayMs: number): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export interface SearchTerm {
  /** The trimmed text once typing stopped for SEARCH_DEBOUNCE_MS: what the server is asked for. */
  term: string;
  /** The typed text differs from `term` (the search is still catching up with the typing). */
  settling: boolean;
}

/** A search box's typed text as the server search it feeds: trimmed, debounced, and whether it is still settling. */
export function useSearchTerm(text: string): SearchTerm {
  const trimmed = text.trim();
  const term = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  return { term, settling: trimmed !== term };
}
