/**
 * System Settings' pure parts on the web: the forms' start values (secrets blank = keep, never a status object)
 * and where a refused save's messages go (the field whose rules give the message, else the toast).
 */
import { describe, expect, it } from 'vitest';
import { EMAIL_SETTINGS_DEFAULTS, emailSettingsSchema } from '../../shared/src/settings/email.ts';
import { SETTINGS_GROUP_KEYS, SETTINGS_GROUPS } from '../../shared/src/settings/groups.ts';
import { PRINTING_SETTINGS_DEFAULTS, printingSettingsSchema } from '../../shared/src/settings/printing.ts';
import { TRANSMISSION_PROVIDER_ORDER_MESSAGE, TRANSMISSION_SETTINGS_DEFAULTS, transmissionSettingsSchema } from '../../shared/src/settings/transmission.ts';
import { formStartValues, placeSaveErrors } from '../../web/src/features/system-settings/settings-form-values.ts';

describe('settings form start values', () => {
  it('holds every secret as blank (keep) and no secret status', () => {
    const start = formStartValues('transmission', {
      ...TRANSMISSION_SETTINGS_DEFAULTS,
      surescriptsPassword: { set: true },
      rxlincConfig: { ...TRANSMISSION_SETTINGS_DEFAULTS.rxlincConfig, apiKey: { set: true } },
    });
    expect(start.surescriptsPassword).toBe('');
    expect((start.rxlincConfig as Record<string, unknown>).apiKey).toBe('');
    expect((start.relayHealthConfig as Record<string, unknown>).clientSecret).toBe('');
    expect(JSON.stringify(start)).not.toContain('"set"');
  });

  it.each(SETTINGS_GROUP_KEYS.filter((key) => key !== 'pharmacy'))('are a valid write of the %s defaults that changes no secret', (key) => {
    const parsed = SETTINGS_GROUPS[key].schema.safeParse(formStartValues(key, SETTINGS_GROUPS[key].defaults as never));
    expect(parsed.success).toBe(true);
    for (const path of SETTINGS_GROUPS[key].secretFields) {
      const value = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], parsed.data);
      expect(value).toBeUndefined();
    }
  });
});

describe('placing a refused save’s messages', () => {
  const email = formStartValues('email', EMAIL_SETTINGS_DEFAULTS);

  it('puts each bound message at its field, nested fields included', () => {
    const placed = placeSaveErrors(emailSettingsSchema, email, [
      'Email retry delay must be between 1 and 60 minutes',
      'Reminder frequency must be between 1 and 30 days',
      'Billing email address must be a valid email address',
    ]);
    expect(placed.unplaced).toEqual([]);
    expect(placed.fields).toEqual(
      expect.arrayContaining([
        { name: 'retryDelayMinutes', message: 'Email retry delay must be between 1 and 60 minutes' },
        { name: 'patientEmailSettings.reminderFrequencyDays', message: 'Reminder frequency must be between 1 and 30 days' },
        { name: 'billingEmailAddress', message: 'Billing email address must be a valid email address' },
      ]),
    );
  });

  it('tells fields with the same kind of rule apart by their names', () => {
    const placed = placeSaveErrors(printingSettingsSchema, formStartValues('printing', PRINTING_SETTINGS_DEFAULTS), [
      'Robot labels per page must be between 1 and 12',
      'Maximum characters must be between 100 and 1000',
    ]);
    expect(placed.fields).toEqual([
      { name: 'robotLabelsPerPage', message: 'Robot labels per page must be between 1 and 12' },
      { name: 'shortMonographContent.maxCharacters', message: 'Maximum characters must be between 100 and 1000' },
    ]);
  });

  it('leaves messages of no single field (a database rule, a rule across fields) for the toast', () => {
    const placed = placeSaveErrors(transmissionSettingsSchema, formStartValues('transmission', TRANSMISSION_SETTINGS_DEFAULTS), [
      'This DEA number is registered to another pharmacy',
      TRANSMISSION_PROVIDER_ORDER_MESSAGE,
      'Eligibility timeout must be between 5 and 60 seconds',
    ]);
    expect(placed.fields).toEqual([{ name: 'eligibilityTimeout', message: 'Eligibility timeout must be between 5 and 60 seconds' }]);
    expect(placed.unplaced).toEqual(['This DEA number is registered to another pharmacy', TRANSMISSION_PROVIDER_ORDER_MESSAGE]);
  });
});
