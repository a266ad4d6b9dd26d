/**
 * The global search's reading of a typed string (shared/src/search/global-search-terms.ts): the shared case table
 * (the database's private.global_search_terms answers the same, tests/integration/db-global-search.test.ts), and the
 * bounds.
 */
import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_LENGTH } from '../../shared/src/common/search.ts';
import { globalSearchTerms } from '../../shared/src/search/global-search-terms.ts';
import { GLOBAL_SEARCH_CASES, GLOBAL_SEARCH_CASES_TODAY } from '../support/global-search-cases.ts';

describe('globalSearchTerms', () => {
  it.each(GLOBAL_SEARCH_CASES)('$why: "$typed"', ({ typed, terms }) => {
    expect(globalSearchTerms(typed, GLOBAL_SEARCH_CASES_TODAY)).toEqual(terms);
  });

  it('takes two-digit years by the searcher\'s date', () => {
    expect(globalSearchTerms('06/15/30', '2026-12-01')).toMatchObject({ bornOn: '1930-06-15' });
    expect(globalSearchTerms('06/15/30', '2031-01-01')).toMatchObject({ bornOn: '2030-06-15' });
    expect(globalSearchTerms('02/29/00', '2026-12-01')).toMatchObject({ bornOn: '2000-02-29' });
    expect(globalSearchTerms('02/29/01', '2026-12-01')).toMatchObject({ bornOn: null });
  });

  it('refuses more than the longest search, after trimming', () => {
    expect(() => globalSearchTerms('x'.repeat(SEARCH_MAX_LENGTH + 1), GLOBAL_SEARCH_CASES_TODAY)).toThrow(RangeError);
    expect(globalSearchTerms(` ${'x'.repeat(SEARCH_MAX_LENGTH)} `, GLOBAL_SEARCH_CASES_TODAY)).toMatchObject({ searchable: true });
  });
});
