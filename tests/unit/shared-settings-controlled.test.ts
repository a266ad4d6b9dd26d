import { describe, expect, it } from 'vitest';
import { CONTROLLED_SETTINGS_DEFAULTS, controlledSettingsReadSchema, controlledSettingsSchema } from '../../shared/src/settings/controlled.ts';
import { expectRange, expectValid, messagesAt, withValue } from '../support/settings-cases.ts';
import { FULL_SETTINGS_WRITES } from '../support/settings-writes.ts';

const schema = controlledSettingsSchema;

/** The full write of tests/support/settings-writes.ts, with a fixed DEA number (BD4726189: check digit valid). */
const fullControlled = () => ({ ...FULL_SETTINGS_WRITES['controlled'](), deaNumber: 'BD4726189' });

describe('controlled substance settings (spec part 2 §3, §5)', () => {
  it('dispenses every schedule by default, with no double count', () => {
    expect(CONTROLLED_SETTINGS_DEFAULTS).toMatchObject({
      scheduleIIEnabled: true,
      scheduleIIIEnabled: true,
      scheduleIVEnabled: true,
      scheduleVEnabled: true,
      requireDoubleCount: false,
    });
  });

  it('accepts a full valid group', () => {
    expectValid(schema, fullControlled());
  });

  it('takes ARCOS submission days 1 to 28 (§5)', () => {
    expectRange(schema, fullControlled(), 'arcosSubmissionDay', 1, 28, 'ARCOS submission day must be between 1 and 28');
  });

  it('bounds the daily controlled dispensing cap', () => {
    expectRange(schema, fullControlled(), 'maxDailyDispensing', 1, 10000, 'Maximum daily dispensing must be between 1 and 10000 controlled fills');
  });

  it('checks the DEA registration and its expiry date, both may be empty', () => {
    expect(messagesAt(schema, withValue(fullControlled(), 'deaNumber', 'BD472618'), 'deaNumber')).toEqual(['Invalid DEA number format']);
    expect(messagesAt(schema, withValue(fullControlled(), 'deaNumber', 'BD4726180'), 'deaNumber')).toEqual(['DEA number check digit does not match']);
    expect(messagesAt(schema, withValue(fullControlled(), 'deaExpirationDate', '2027-02-30'), 'deaExpirationDate')).toEqual([
      'DEA expiration date: Enter a valid date (YYYY-MM-DD)',
    ]);
    expectValid(schema, { ...fullControlled(), deaNumber: '', deaExpirationDate: '' });
  });

  it('reads the DEA number as the pharmacy record holds it, and saves only a correct one', () => {
    // BD4726180: the format, with a check digit that does not match (onboarding took such numbers; admins may
    // write the record directly).
    for (const stored of ['BD4726180', 'bd4726189', 'not a DEA number', '']) {
      const read = { ...CONTROLLED_SETTINGS_DEFAULTS, deaNumber: stored };
      expect(controlledSettingsReadSchema.parse(read)).toEqual(read);
    }
    expect(messagesAt(schema, { ...CONTROLLED_SETTINGS_DEFAULTS, deaNumber: 'BD4726180' }, 'deaNumber')).toEqual(['DEA number check digit does not match']);
    expect(messagesAt(schema, { ...CONTROLLED_SETTINGS_DEFAULTS, deaNumber: 'bd4726189' }, 'deaNumber')).toEqual(['Invalid DEA number format']);
  });

  it("holds the other fields' rules in the read as in the write (stored values of those fields are the pharmacy_settings row's)", () => {
    expect(messagesAt(controlledSettingsReadSchema, withValue(fullControlled(), 'arcosSubmissionDay', 29), 'arcosSubmissionDay')).toEqual([
      'ARCOS submission day must be between 1 and 28',
    ]);
  });

  it('refuses a schedule switch that is not on or off', () => {
    expect(messagesAt(schema, withValue(fullControlled(), 'scheduleIIEnabled', 'false'), 'scheduleIIEnabled')).toEqual(['Schedule II must be on or off']);
  });
});
