import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REFILLS_SETTINGS_DEFAULTS, refillsSettingsReadSchema, refillsSettingsSchema } from '../../shared/src/settings/refills.ts';
import { expectRange, expectValid, messagesAt, withValue } from '../support/settings-cases.ts';
import { FULL_SETTINGS_WRITES } from '../support/settings-writes.ts';

const schema = refillsSettingsSchema;
const fullRefills = () => FULL_SETTINGS_WRITES.refills();
const TOO_SOON_MESSAGE = 'Refill too soon percent must be a whole number from 50 to 100';
const EXPIRY_MESSAGE = 'Prescription expiry must be a whole number of months from 1 to 24';

describe('refills settings (issue 21)', () => {
  it('accepts a full valid group and the defaults, as a write and as a read', () => {
    expectValid(schema, fullRefills());
    expect(schema.parse(REFILLS_SETTINGS_DEFAULTS)).toEqual(REFILLS_SETTINGS_DEFAULTS);
    expect(refillsSettingsReadSchema.parse(REFILLS_SETTINGS_DEFAULTS)).toEqual(REFILLS_SETTINGS_DEFAULTS);
  });

  it('takes a too-soon percent from 50 to 100, whole numbers only', () => {
    expectRange(schema, fullRefills(), 'refillTooSoonPercent', 50, 100, TOO_SOON_MESSAGE);
    for (const bad of [75.5, '75', null]) {
      expect(messagesAt(schema, withValue(fullRefills(), 'refillTooSoonPercent', bad), 'refillTooSoonPercent')).toEqual([TOO_SOON_MESSAGE]);
    }
  });

  it('takes a non-controlled expiry from 1 to 24 months, whole numbers only', () => {
    expectRange(schema, fullRefills(), 'nonControlledExpiryMonths', 1, 24, EXPIRY_MESSAGE);
    expect(messagesAt(schema, withValue(fullRefills(), 'nonControlledExpiryMonths', 6.5), 'nonControlledExpiryMonths')).toEqual([EXPIRY_MESSAGE]);
  });

  it('defaults to what the database enforces when nothing is saved (private.refill_settings: 75 and 12)', () => {
    expect(REFILLS_SETTINGS_DEFAULTS).toEqual({ refillTooSoonPercent: 75, nonControlledExpiryMonths: 12 });
    // The database function's own fallbacks, read from its migration, are the same numbers.
    const migration = readFileSync(new URL('../../supabase/migrations/20261128002000_refills.sql', import.meta.url), 'utf8');
    const fn = migration.slice(migration.indexOf('create function private.refill_settings'), migration.indexOf('comment on function private.refill_settings'));
    expect(fn).toMatch(/between 50 and 100[\s\S]*else 75 end/);
    expect(fn).toMatch(/between 1 and 24[\s\S]*else 12 end/);
  });
});
