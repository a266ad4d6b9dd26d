/**
 * What a string typed in the header's global search means (issue 28): the database's private.global_search_terms
 * in TypeScript. The database decides what is searched; the web reads the same terms to know which result Enter
 * opens (an Rx number typed whole opens that prescription). tests/support/global-search-cases.ts is run through both
 * (the unit test here, tests/integration/db-global-search.test.ts there), so the two cannot drift apart.
 */
import { SEARCH_MAX_LENGTH } from '../common/search.ts';
import { isValidNpi } from '../prescribers/npi.ts';

/** Shorter searches answer nothing: one character matches too much to be of use. */
export const GLOBAL_SEARCH_MIN_LENGTH = 2;

export type GlobalSearchTerms =
  | { searchable: false }
  | {
      searchable: true;
      /** Trimmed, runs of spaces made one. */
      text: string;
      /** A date of birth typed in a common US form, as YYYY-MM-DD. */
      bornOn: string | null;
      /** Digits, optionally after RX or #. */
      rxNumber: number | null;
      /** The Rx number had its RX or # prefix: nothing else is searched. */
      rxOnly: boolean;
      /** Ten digits with a valid NPI check digit. */
      npi: string | null;
      /** The text with a strength's unit set apart from its number (10mg → 10 mg), as the catalog writes it. */
      medicationText: string;
    };

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A date of birth: YYYY-MM-DD; M/D/YYYY, M-D-YYYY or M.D.YYYY (one separator throughout); the same with a two-digit
 * year, taken as the latest such year not after today's; MMDDYYYY with a year from 1900 to today's.
 */
function bornOnOf(text: string, todayYear: number): string | null {
  let month: string;
  let day: string;
  let year: string;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const us = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})$/.exec(text);
  const bare = /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  if (iso) [, year, month, day] = iso as unknown as [string, string, string, string];
  else if (us) [, month, , day, year] = us as unknown as [string, string, string, string, string];
  else if (bare && Number(bare[3]) >= 1900 && Number(bare[3]) <= todayYear) [, month, day, year] = bare as unknown as [string, string, string, string];
  else return null;
  let yearNumber = Number(year);
  if (year.length === 2) {
    yearNumber += Math.floor(todayYear / 100) * 100;
    if (yearNumber > todayYear) yearNumber -= 100;
  }
  return isoDate(yearNumber, Number(month), Number(day));
}

/** `today` is the searcher's date as YYYY-MM-DD (it decides two-digit years). Over 100 characters throws, as the database refuses them. */
export function globalSearchTerms(query: string, today: string): GlobalSearchTerms {
  const text = query.trim().replace(/\s+/g, ' ');
  if (text.length > SEARCH_MAX_LENGTH) throw new RangeError(`A search is at most ${SEARCH_MAX_LENGTH} characters`);
  if (text.length < GLOBAL_SEARCH_MIN_LENGTH) return { searchable: false };
  const rx = /^(?:[Rr][Xx])?\s*#?\s*([0-9]{1,18})$/.exec(text);
  return {
    searchable: true,
    text,
    bornOn: bornOnOf(text, Number(today.slice(0, 4))),
    // Number keeps Rx numbers exactly up to 2^53; the counter issuing them is far below.
    rxNumber: rx ? Number(rx[1]) : null,
    rxOnly: rx !== null && !/^[0-9]+$/.test(text),
    npi: /^[0-9]{10}$/.test(text) && isValidNpi(text) ? text : null,
    medicationText: text.replace(/([0-9])(mg|mcg|g|ml|meq|iu|units?|%)(?=[ /]|$)/gi, '$1 $2'),
  };
}
