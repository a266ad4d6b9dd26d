/**
 * The external result's match score (shared/src/drugs/match-score.ts) and how prices and scores are shown
 * (shared/src/drugs/external-drug.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  EXTERNAL_SEARCH_MESSAGES, externalDrugId, externalSearchQuerySchema, formatDrugPrice, formatMatchScore, parseExternalDrugId,
} from '../../shared/src/drugs/external-drug.ts';
import { matchScore, normaliseName } from '../../shared/src/drugs/match-score.ts';

const lipitor = { ndc11: '00071015523', productNdc9: '000710155', names: ['Lipitor', 'Atorvastatin Calcium'] };

describe('matchScore', () => {
  it('is 1 for the package NDC in any format and for an exact brand or generic name', () => {
    for (const query of ['0071-0155-23', '00071-0155-23', '00071015523', 'LIPITOR', ' lipitor ', 'atorvastatin calcium']) {
      expect(matchScore(query, lipitor)).toBe(1);
    }
  });

  it('is 0.95 for its product NDC', () => {
    expect(matchScore('0071-0155', lipitor)).toBe(0.95);
    expect(matchScore('0071-0156', lipitor)).toBe(0);
  });

  it('ranks a name prefix above word overlap, a longer prefix higher', () => {
    const prefixShort = matchScore('lip', lipitor);
    const prefixLong = matchScore('lipito', lipitor);
    const overlap = matchScore('calcium atorvastatin', lipitor);
    const partialOverlap = matchScore('atorvastatin tablets', lipitor);
    expect(prefixShort).toBeGreaterThanOrEqual(0.8);
    expect(prefixLong).toBeGreaterThan(prefixShort);
    expect(prefixLong).toBeLessThan(1);
    expect(overlap).toBe(0.7);
    expect(partialOverlap).toBe(0.35);
    expect(prefixShort).toBeGreaterThan(overlap);
  });

  it('gives part of a code typed a score by how much of it matches, and 0 for nothing in common', () => {
    expect(matchScore('00071', lipitor)).toBeCloseTo(0.68, 2);
    expect(matchScore('0007101', lipitor)).toBeGreaterThan(matchScore('00071', lipitor));
    expect(matchScore('simvastatin', lipitor)).toBe(0);
    expect(matchScore('99999-9999-99', lipitor)).toBe(0);
  });

  it('stays within 0 and 1 with two decimals', () => {
    for (const query of ['lip', 'lipitor 10', 'a', 'atorvastatin calcium trihydrate extra']) {
      const score = matchScore(query, lipitor);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
      expect(Math.round(score * 100) / 100).toBe(score);
    }
  });

  it('compares names in lower case, letters and digits only, keeping decimal points', () => {
    expect(normaliseName('  Atorvastatin-Calcium 2.5mg (Tablet). ')).toBe('atorvastatin calcium 2.5mg tablet');
  });
});

describe('display and ids', () => {
  it('shows AWP and WAC with 2 decimals, n/a when unknown, and the score as a percent', () => {
    expect([formatDrugPrice(12.3), formatDrugPrice(0), formatDrugPrice(null), formatDrugPrice(undefined)]).toEqual(['12.30', '0.00', 'n/a', 'n/a']);
    expect([formatMatchScore(1), formatMatchScore(0.853), formatMatchScore(0)]).toEqual(['100%', '85%', '0%']);
  });

  it('names a result by provider and 11-digit NDC', () => {
    expect(externalDrugId('openfda', '00071015523')).toBe('openfda:00071015523');
    expect(parseExternalDrugId('rxnorm:59011041010')).toEqual({ provider: 'rxnorm', ndc11: '59011041010' });
    for (const id of ['nadac:00071015523', 'openfda:0071-0155-23', 'openfda:', ':id']) expect(parseExternalDrugId(id)).toBeNull();
  });

  it('the search query needs 3 to 100 characters and a known provider (openFDA by default)', () => {
    expect(externalSearchQuerySchema.parse({ query: ' lip ' })).toEqual({ query: 'lip', provider: 'openfda' });
    expect(externalSearchQuerySchema.parse({ query: 'lipitor', provider: 'rxnorm' })).toEqual({ query: 'lipitor', provider: 'rxnorm' });
    const messages = (value: unknown) => externalSearchQuerySchema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(messages({})).toEqual([EXTERNAL_SEARCH_MESSAGES.queryTooShort]);
    expect(messages({ query: ' li ' })).toEqual([EXTERNAL_SEARCH_MESSAGES.queryTooShort]);
    expect(messages({ query: 'x'.repeat(101) })).toEqual([EXTERNAL_SEARCH_MESSAGES.queryTooLong]);
    expect(messages({ query: 'lipitor', provider: 'nadac' })).toEqual([EXTERNAL_SEARCH_MESSAGES.provider]);
  });
});
