import { describe, expect, it } from 'vitest';
import { US_STATES, US_STATE_CODES, isUsStateCode } from '../../shared/src/common/us-states.ts';
import { CHAIN_AFFILIATIONS } from '../../shared/src/onboarding/chain-affiliations.ts';

describe('US states (spec §5: the 50 state codes, no DC)', () => {
  it('has the 50 states, each once, without DC or territories', () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATE_CODES).size).toBe(50);
    expect(US_STATE_CODES).not.toContain('DC');
    expect(US_STATE_CODES).not.toContain('PR');
    expect(US_STATE_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    expect(US_STATES.find((state) => state.code === 'NY')?.name).toBe('New York');
  });

  it('isUsStateCode knows the codes', () => {
    expect(isUsStateCode('CA')).toBe(true);
    expect(isUsStateCode('DC')).toBe(false);
    expect(isUsStateCode('ca')).toBe(false);
  });
});

describe('chain affiliations (spec §3)', () => {
  it('offers Independent, Other and several national chains', () => {
    expect(CHAIN_AFFILIATIONS[0]).toBe('Independent');
    expect(CHAIN_AFFILIATIONS).toContain('Other');
    expect(CHAIN_AFFILIATIONS.length).toBeGreaterThanOrEqual(5);
  });
});
