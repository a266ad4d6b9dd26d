/**
 * System Settings → Billing: the schema's bounds and messages (the fee in whole cents $0.00–$1,000.00, coverage
 * 0–100 percent, return to stock 1–60 days), the defaults (§9's $12.50 and 80%, 14 days), and the Billing tab's
 * dollars ↔ cents conversion of the fee (web money-setting-text.ts) as the schema then judges it.
 */
import { describe, expect, it } from 'vitest';
import { BILLING_SETTINGS_DEFAULTS, billingSettingsReadSchema, billingSettingsSchema } from '../../shared/src/settings/billing.ts';
import { settingsWithDefaults } from '../../shared/src/settings/groups.ts';
import { moneySettingCents, moneySettingText } from '../../web/src/features/system-settings/money-setting-text.ts';
import { expectRange, expectValid, messagesAt, withValue } from '../support/settings-cases.ts';
import { FULL_SETTINGS_WRITES } from '../support/settings-writes.ts';

const schema = billingSettingsSchema;
const fullBilling = () => FULL_SETTINGS_WRITES.billing();
const FEE_MESSAGE = 'Dispensing fee must be an amount in dollars and cents from $0.00 to $1,000.00';
const COVERAGE_MESSAGE = 'Default insurance coverage must be a whole number from 0 to 100 percent';
const RETURN_MESSAGE = 'Return to stock must be a whole number of days from 1 to 60';

describe('billing settings', () => {
  it('accepts a full valid group and the defaults, as a write and as a read', () => {
    expectValid(schema, fullBilling());
    expect(schema.parse(BILLING_SETTINGS_DEFAULTS)).toEqual(BILLING_SETTINGS_DEFAULTS);
    expect(billingSettingsReadSchema.parse(BILLING_SETTINGS_DEFAULTS)).toEqual(BILLING_SETTINGS_DEFAULTS);
  });

  it('defaults to §9 and the database (private.billing_settings): $12.50, 80%, 14 days', () => {
    expect(BILLING_SETTINGS_DEFAULTS).toEqual({ dispensingFeeCents: 1250, defaultCoveragePercent: 80, returnToStockDays: 14 });
    expect(settingsWithDefaults('billing', null)).toEqual(BILLING_SETTINGS_DEFAULTS);
    // A stored value out of bounds reads as its default, as the database reads it; the others stay.
    expect(settingsWithDefaults('billing', { dispensingFeeCents: 100_001, returnToStockDays: 30 }))
      .toEqual({ dispensingFeeCents: 1250, defaultCoveragePercent: 80, returnToStockDays: 30 });
  });

  it('takes a dispensing fee of 0 to 100,000 whole cents', () => {
    expectRange(schema, fullBilling(), 'dispensingFeeCents', 0, 100_000, FEE_MESSAGE);
    for (const bad of [12.5, '1250', null, Number.NaN]) {
      expect(messagesAt(schema, withValue(fullBilling(), 'dispensingFeeCents', bad), 'dispensingFeeCents'), String(bad)).toEqual([FEE_MESSAGE]);
    }
    expect(messagesAt(schema, withValue(fullBilling(), 'dispensingFeeCents', undefined), 'dispensingFeeCents')).toEqual([FEE_MESSAGE]);
  });

  it('takes a default coverage of 0 to 100 percent, whole numbers only', () => {
    expectRange(schema, fullBilling(), 'defaultCoveragePercent', 0, 100, COVERAGE_MESSAGE);
    expect(messagesAt(schema, withValue(fullBilling(), 'defaultCoveragePercent', 79.5), 'defaultCoveragePercent')).toEqual([COVERAGE_MESSAGE]);
  });

  it('takes a return to stock of 1 to 60 days, whole numbers only', () => {
    expectRange(schema, fullBilling(), 'returnToStockDays', 1, 60, RETURN_MESSAGE);
    expect(messagesAt(schema, withValue(fullBilling(), 'returnToStockDays', 7.5), 'returnToStockDays')).toEqual([RETURN_MESSAGE]);
  });
});

describe('the Billing tab\'s fee box: dollars as typed ↔ the form\'s cents', () => {
  it('reads typed dollars as whole cents, digit by digit', () => {
    expect(moneySettingCents('10.75')).toBe(1075);
    expect(moneySettingCents('12.5')).toBe(1250);
    expect(moneySettingCents('12')).toBe(1200);
    expect(moneySettingCents('0.07')).toBe(7);
    expect(moneySettingCents('1000.00')).toBe(100_000);
    // As floats 0.29 * 100 and 1.15 * 100 are 28.999999999999996 and 114.99999999999999.
    expect(moneySettingCents('0.29')).toBe(29);
    expect(moneySettingCents('1.15')).toBe(115);
  });

  it('holds NaN for text that is no amount, which the schema refuses with the fee message', () => {
    for (const bad of ['', '12.345', '-1', '1e3', '.5', 'twelve']) {
      expect(moneySettingCents(bad), bad).toBeNaN();
      expect(messagesAt(schema, withValue(fullBilling(), 'dispensingFeeCents', moneySettingCents(bad)), 'dispensingFeeCents'), bad).toEqual([FEE_MESSAGE]);
    }
    expect(messagesAt(schema, withValue(fullBilling(), 'dispensingFeeCents', moneySettingCents('1000.01')), 'dispensingFeeCents')).toEqual([FEE_MESSAGE]);
    expectValid(schema, withValue(fullBilling(), 'dispensingFeeCents', moneySettingCents('1000')));
    expectValid(schema, withValue(fullBilling(), 'dispensingFeeCents', moneySettingCents('0')));
  });

  it('shows the form\'s cents as dollars, and keeps what is typed while it means the same value', () => {
    expect(moneySettingText(null, 1250)).toBe('12.50');
    expect(moneySettingText(null, 5)).toBe('0.05');
    expect(moneySettingText(null, 100_000)).toBe('1000.00');
    // Mid-typing "12.5" is not rewritten to "12.50"; a refused "12.345" stays to be corrected.
    expect(moneySettingText('12.5', 1250)).toBe('12.5');
    expect(moneySettingText('12.345', Number.NaN)).toBe('12.345');
    expect(moneySettingText('', Number.NaN)).toBe('');
    // The form was reset to other values (a save, another admin's change): the box follows them.
    expect(moneySettingText('12.5', 1075)).toBe('10.75');
    expect(moneySettingText(null, undefined)).toBe('');
  });
});
