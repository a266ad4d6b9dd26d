/**
 * The controlled-substance rules' shared parts: the DEA registration banner (expired, warning within 90 days,
 * nothing otherwise) at each boundary, the double count's input schema, and when the queue offers the count.
 */
import { describe, expect, it } from 'vitest';
import { CONTROLLED_COUNT_MESSAGES, controlledSubstanceCountSchema } from '../../shared/src/prescriptions/controlled-substance-rules.ts';
import { DEA_EXPIRY_WARNING_DAYS, deaRegistrationNotice, needsDoubleCount } from '../../shared/src/prescriptions/controlled-substance-status.ts';

const ID = '6f1c4a36-2f6b-4c53-9d2c-6a1f0e9b7c11';

describe('deaRegistrationNotice', () => {
  it('nothing without an expiration date', () => {
    expect(deaRegistrationNotice({ deaExpirationDate: null, expired: false, daysLeft: null })).toBeNull();
  });

  it('expired: an error naming the date', () => {
    expect(deaRegistrationNotice({ deaExpirationDate: '2026-03-31', expired: true, daysLeft: -1 })).toEqual({
      level: 'error', text: 'DEA registration expired on 03/31/2026: controlled substances cannot be filled' });
  });

  it('a warning from the expiration day up to 90 days ahead, nothing beyond', () => {
    expect(deaRegistrationNotice({ deaExpirationDate: '2026-03-31', expired: false, daysLeft: 0 })).toEqual({
      level: 'warning', text: 'DEA registration expires today (03/31/2026): renew it to keep filling controlled substances' });
    expect(deaRegistrationNotice({ deaExpirationDate: '2026-04-01', expired: false, daysLeft: 1 })?.text).toBe(
      'DEA registration expires in 1 day (04/01/2026): renew it to keep filling controlled substances');
    expect(deaRegistrationNotice({ deaExpirationDate: '2026-06-29', expired: false, daysLeft: DEA_EXPIRY_WARNING_DAYS })).toEqual({
      level: 'warning', text: 'DEA registration expires in 90 days (06/29/2026): renew it to keep filling controlled substances' });
    expect(deaRegistrationNotice({ deaExpirationDate: '2026-06-30', expired: false, daysLeft: DEA_EXPIRY_WARNING_DAYS + 1 })).toBeNull();
  });
});

describe('controlledSubstanceCountSchema', () => {
  it('takes a positive quantity with at most two decimals, from a number or the form\'s text', () => {
    expect(controlledSubstanceCountSchema.parse({ prescriptionId: ID, quantityCounted: '30' })).toEqual({ prescriptionId: ID, quantityCounted: 30 });
    expect(controlledSubstanceCountSchema.parse({ prescriptionId: ID, quantityCounted: 12.5 })).toEqual({ prescriptionId: ID, quantityCounted: 12.5 });
  });

  it.each([['0'], [''], ['-3'], ['abc'], [100_000_000]])('refuses %j with the quantity message', (quantityCounted) => {
    const result = controlledSubstanceCountSchema.safeParse({ prescriptionId: ID, quantityCounted });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([CONTROLLED_COUNT_MESSAGES.quantity]);
  });

  it('refuses three decimals and a prescription that is not an id', () => {
    expect(controlledSubstanceCountSchema.safeParse({ prescriptionId: ID, quantityCounted: 1.005 }).error?.issues.map((issue) => issue.message))
      .toEqual([CONTROLLED_COUNT_MESSAGES.quantityDecimals]);
    expect(controlledSubstanceCountSchema.safeParse({ prescriptionId: 'RX 1001', quantityCounted: 1 }).error?.issues.map((issue) => issue.message))
      .toEqual([CONTROLLED_COUNT_MESSAGES.prescription]);
  });
});

describe('needsDoubleCount', () => {
  it('only a Schedule II prescription being processed, and only when the pharmacy requires it', () => {
    expect(needsDoubleCount({ requireDoubleCount: true }, 'II', 'processing')).toBe(true);
    expect(needsDoubleCount({ requireDoubleCount: false }, 'II', 'processing')).toBe(false);
    expect(needsDoubleCount(undefined, 'II', 'processing')).toBe(false);
    expect(needsDoubleCount({ requireDoubleCount: true }, 'III', 'processing')).toBe(false);
    expect(needsDoubleCount({ requireDoubleCount: true }, null, 'processing')).toBe(false);
    expect(needsDoubleCount({ requireDoubleCount: true }, 'II', 'pending')).toBe(false);
  });
});
