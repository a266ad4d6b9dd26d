/**
 * One table of typed strings and what the global search reads in each (issue 28), run through the TypeScript rule
 * (shared/src/search/global-search-terms.ts, tests/unit/global-search-terms.test.ts) and the database's
 * (private.global_search_terms, tests/integration/db-global-search.test.ts): the two must answer the same.
 */
import type { GlobalSearchTerms } from '../../shared/src/search/global-search-terms.ts';

/** The searcher's date the cases are read on (it decides two-digit years). */
export const GLOBAL_SEARCH_CASES_TODAY = '2026-12-01';

const plain = { bornOn: null, rxNumber: null, rxOnly: false, npi: null } as const;

function text(typed: string, extra: Partial<Extract<GlobalSearchTerms, { searchable: true }>> = {}): GlobalSearchTerms {
  return { searchable: true, text: typed, ...plain, medicationText: typed, ...extra };
}

export const GLOBAL_SEARCH_CASES: ReadonlyArray<{ typed: string; terms: GlobalSearchTerms; why: string }> = [
  { typed: '', terms: { searchable: false }, why: 'blank' },
  { typed: '  a ', terms: { searchable: false }, why: 'one character' },
  { typed: 'ho', terms: text('ho'), why: 'two characters search' },
  { typed: '  Margaret   Holl ', terms: text('Margaret Holl'), why: 'trimmed, spaces made one' },
  // Dates of birth in common US forms.
  { typed: '03/14/1948', terms: text('03/14/1948', { bornOn: '1948-03-14' }), why: 'MM/DD/YYYY' },
  { typed: '3/4/1948', terms: text('3/4/1948', { bornOn: '1948-03-04' }), why: 'M/D/YYYY' },
  { typed: '03-14-1948', terms: text('03-14-1948', { bornOn: '1948-03-14' }), why: 'MM-DD-YYYY' },
  { typed: '03.14.1948', terms: text('03.14.1948', { bornOn: '1948-03-14' }), why: 'MM.DD.YYYY' },
  { typed: '1948-03-14', terms: text('1948-03-14', { bornOn: '1948-03-14' }), why: 'YYYY-MM-DD' },
  { typed: '03/14/48', terms: text('03/14/48', { bornOn: '1948-03-14' }), why: 'a two-digit year after this year is last century' },
  { typed: '01/02/05', terms: text('01/02/05', { bornOn: '2005-01-02' }), why: 'a two-digit year up to this year is this century' },
  { typed: '12/01/26', terms: text('12/01/26', { bornOn: '2026-12-01' }), why: "this year's two digits are this year" },
  { typed: '03141948', terms: text('03141948', { bornOn: '1948-03-14', rxNumber: 3141948 }), why: 'MMDDYYYY, also an Rx number' },
  { typed: '03142099', terms: text('03142099', { rxNumber: 3142099 }), why: 'eight digits with a future year: no date' },
  { typed: '02/30/1990', terms: text('02/30/1990'), why: 'not a calendar date' },
  { typed: '03/14-1948', terms: text('03/14-1948'), why: 'mixed separators are no date' },
  { typed: '1948', terms: text('1948', { rxNumber: 1948 }), why: 'a year: the patient rule reads it; also an Rx number' },
  // Rx numbers.
  { typed: '100234', terms: text('100234', { rxNumber: 100234 }), why: 'digits are also an Rx number' },
  { typed: 'RX100234', terms: text('RX100234', { rxNumber: 100234, rxOnly: true }), why: 'RX prefix: only an Rx number' },
  { typed: 'rx 100234', terms: text('rx 100234', { rxNumber: 100234, rxOnly: true }), why: 'rx prefix and a space' },
  { typed: '#100234', terms: text('#100234', { rxNumber: 100234, rxOnly: true }), why: '# prefix' },
  { typed: 'Rx #42', terms: text('Rx #42', { rxNumber: 42, rxOnly: true }), why: 'Rx and #' },
  { typed: 'rx', terms: text('rx'), why: 'the prefix alone is a word' },
  // Phones and NDCs are the patient and catalog rules' own reading; they stay text here.
  { typed: '(217) 555-0301', terms: text('(217) 555-0301'), why: 'a phone' },
  { typed: '0071-0155-23', terms: text('0071-0155-23'), why: 'an NDC with hyphens' },
  { typed: '00071015523', terms: text('00071015523', { rxNumber: 71015523 }), why: 'an 11-digit NDC is also an Rx number' },
  // NPIs.
  { typed: '1234567893', terms: text('1234567893', { rxNumber: 1234567893, npi: '1234567893' }), why: 'a valid NPI' },
  { typed: '1234567890', terms: text('1234567890', { rxNumber: 1234567890 }), why: 'ten digits with a wrong check digit' },
  // Strengths as typed.
  { typed: 'lisinopril 10mg', terms: text('lisinopril 10mg', { medicationText: 'lisinopril 10 mg' }), why: 'a unit against its number' },
  { typed: 'Amoxicillin 250MG/5ML', terms: text('Amoxicillin 250MG/5ML', { medicationText: 'Amoxicillin 250 MG/5 ML' }), why: 'per volume, any case' },
  { typed: 'hydrocortisone 1%', terms: text('hydrocortisone 1%', { medicationText: 'hydrocortisone 1 %' }), why: 'a percentage' },
  { typed: 'b12 1000mcg', terms: text('b12 1000mcg', { medicationText: 'b12 1000 mcg' }), why: 'a digit in a name is left alone' },
  { typed: '10mgx', terms: text('10mgx'), why: 'a unit must end the word' },
];
