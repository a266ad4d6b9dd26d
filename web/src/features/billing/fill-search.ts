/**
 * What the fill picker's search asks for: an Rx number (digits, optionally "RX" or "#"), or up to four words of the
 * patient's name reduced to letters, digits, hyphens and apostrophes — nothing PostgREST's filter syntax reads, so a
 * typed comma or parenthesis can never change the query. Pure, so it is unit tested.
 */

/** The longest name words a search sends (more would only narrow a page that is already narrow). */
const MAX_NAME_WORDS = 4;

/**
 * How a search narrows the fills: an Rx number, name words, or nothing (null: every fill).
 */
export function billableFillSearch(search: string): { rxNumber: number } | { words: string[] } | null {
  const trimmed = search.trim();
  if (trimmed === '') return null;
  const rx = /^(?:rx\s*|#)?(\d{1,15})$/i.exec(trimmed);
  if (rx) return { rxNumber: Number(rx[1]) };
  const words = trimmed.split(/\s+/).map((word) => word.replace(/[^\p{L}\p{N}'-]/gu, '')).filter((word) => word !== '').slice(0, MAX_NAME_WORDS);
  // No words left (only punctuation was typed): nothing can match, and the caller asks nothing.
  return { words };
}
