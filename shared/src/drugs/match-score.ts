/**
 * How well an external drug result matches what was searched (spec §3 External drug result: matchScore 0–1,
 * shown as a percent). The product computes it the same way for every provider, from the query and the result's
 * codes and names, never from a provider's own relevance figure:
 * - 1: the query is the result's package NDC (any format), or exactly its brand or generic name;
 * - 0.95: the query is the result's product NDC (labeler-product);
 * - 0.8–0.95: a name starts with the query (more of the name covered, higher);
 * - up to 0.7: the share of the query's words found at the start of a name's words;
 * - 0: nothing in common.
 */
import { parseNdc, parseProductNdc } from './ndc.ts';

export interface MatchCandidate {
  /** The package NDC's 11 digits, when the result is a package. */
  ndc11?: string | null;
  /** Labeler + product digits as in the 11-digit form (5 + 4). */
  productNdc9?: string | null;
  names: readonly (string | null | undefined)[];
}

/** Lower case, letters and digits only, single spaces. */
export function normaliseName(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, ' ')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function nameScore(query: string, name: string): number {
  if (query === '' || name === '') return 0;
  if (name === query) return 1;
  if (name.startsWith(query)) return 0.8 + 0.15 * (query.length / name.length);
  const queryWords = query.split(' ');
  const nameWords = name.split(' ');
  const found = queryWords.filter((word) => nameWords.some((nameWord) => nameWord.startsWith(word))).length;
  return 0.7 * (found / queryWords.length);
}

export function matchScore(query: string, candidate: MatchCandidate): number {
  const text = query.trim();
  const ndc = parseNdc(text);
  if (ndc.ok && candidate.ndc11 && ndc.ndc.ndc11 === candidate.ndc11) return 1;
  const product = parseProductNdc(text);
  if (product.ok && candidate.productNdc9 && product.product.ndc9 === candidate.productNdc9) return 0.95;
  if (candidate.ndc11 && /^\d[\d-]*$/.test(text)) {
    // Part of a code typed: how many of its digits lead the 11-digit or labeler-product form.
    const digits = text.replace(/-/g, '');
    if (digits.length >= 3 && (candidate.ndc11.startsWith(digits) || (candidate.productNdc9 ?? '').startsWith(digits))) {
      return round2(0.5 + 0.4 * Math.min(1, digits.length / 11));
    }
  }
  const normalisedQuery = normaliseName(text);
  let best = 0;
  for (const name of candidate.names) {
    if (name) best = Math.max(best, nameScore(normalisedQuery, normaliseName(name)));
  }
  return round2(Math.min(1, best));
}
