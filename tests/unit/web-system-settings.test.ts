/**
 * System Settings' pure parts on the web: the forms' start values (secrets blank = keep, never a status object)
 * and where a refused save's messages go (the field their path names, else the alert by the save button).
 */
import { describe, expect, it } from 'vitest';
import { type AnySchema, parseWithSchema } from '../../shared/src/api/endpoint.ts';
import { EMAIL_SETTINGS_DEFAULTS, emailSettingsSchema } from '../../shared/src/settings/email.ts';
import { SETTINGS_GROUP_KEYS, SETTINGS_GROUPS } from '../../shared/src/settings/groups.ts';
import { CUSTOM_MONOGRAPH_TEXT_MESSAGE } from '../../shared/src/settings/labels.ts';
import { PRINTING_SETTINGS_DEFAULTS } from '../../shared/src/settings/printing.ts';
import { TRANSMISSION_PROVIDER_ORDER_MESSAGE, TRANSMISSION_SETTINGS_DEFAULTS } from '../../shared/src/settings/transmission.ts';
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

describe('placing a refused save’s messages by their fields’ paths', () => {
  const email = formStartValues('email', EMAIL_SETTINGS_DEFAULTS);

  /** The problems the api's 400 lists in `details.fields` for this body (the same parse the server runs). */
  function refusal(schema: AnySchema, body: unknown) {
    const parsed = parseWithSchema(schema, body);
    if (parsed.success) throw new Error('the body was expected to be refused');
    return parsed.fields;
  }

  it('puts each message at the field of its path, nested fields included', () => {
    const body = { ...email, retryDelayMinutes: 61, billingEmailAddress: 'not an address', patientEmailSettings: { ...(email.patientEmailSettings as object), reminderFrequencyDays: 0 } };
    const placed = placeSaveErrors(email, refusal(emailSettingsSchema, body));
    expect(placed.unplaced).toEqual([]);
    expect(placed.fields).toEqual(
      expect.arrayContaining([
        { name: 'retryDelayMinutes', message: 'Email retry delay must be between 1 and 60 minutes' },
        { name: 'patientEmailSettings.reminderFrequencyDays', message: 'Reminder frequency must be between 1 and 30 days' },
        { name: 'billingEmailAddress', message: 'Billing email address must be a valid email address' },
      ]),
    );
    expect(placed.fields).toHaveLength(3);
  });

  it('places two fields with the same message each at its own path, a rule across fields at the field it names', () => {
    const start = formStartValues('transmission', TRANSMISSION_SETTINGS_DEFAULTS);
    const placed = placeSaveErrors(start, [
      { path: 'eligibilityTimeout', message: 'Eligibility timeout must be between 5 and 60 seconds' },
      { path: 'secondaryProvider', message: TRANSMISSION_PROVIDER_ORDER_MESSAGE },
      { path: 'tertiaryProvider', message: TRANSMISSION_PROVIDER_ORDER_MESSAGE },
    ]);
    expect(placed).toEqual({
      fields: [
        { name: 'eligibilityTimeout', message: 'Eligibility timeout must be between 5 and 60 seconds' },
        { name: 'secondaryProvider', message: TRANSMISSION_PROVIDER_ORDER_MESSAGE },
        { name: 'tertiaryProvider', message: TRANSMISSION_PROVIDER_ORDER_MESSAGE },
      ],
      unplaced: [],
    });
  });

  it('leaves a message of the whole body, of a path that is no field, or of a field it cannot trust unplaced', () => {
    const start = formStartValues('printing', PRINTING_SETTINGS_DEFAULTS);
    const placed = placeSaveErrors(start, [
      { path: '', message: 'This DEA number is registered to another pharmacy' },
      { path: 'shortMonographContent', message: 'A rule of the whole section' },
      { path: 'noSuchField', message: 'Something else' },
      { path: 'shortMonographContent.maxCharacters', message: 'Maximum characters must be between 100 and 1000' },
    ]);
    expect(placed).toEqual({
      fields: [{ name: 'shortMonographContent.maxCharacters', message: 'Maximum characters must be between 100 and 1000' }],
      unplaced: ['This DEA number is registered to another pharmacy', 'A rule of the whole section', 'Something else'],
    });
  });

  it('places a refusal of the Labels group with many monographs at the monograph entry its path names', () => {
    const monograph = (index: number) => ({
      drugId: `drug-${index}`, drugName: `Drug ${index}`, genericName: '', source: 'custom', lastUpdated: '2026-11-01',
      shortMonographEnabled: true, longMonographEnabled: false, shortText: index === 29 ? '' : `Text ${index}`, longText: '',
    });
    const labels = { ...formStartValues('labels', SETTINGS_GROUPS.labels.defaults as never), monographs: Array.from({ length: 40 }, (_, index) => monograph(index)) };
    const fields = refusal(SETTINGS_GROUPS.labels.schema, labels);
    expect(fields).toEqual([{ path: 'monographs.29.shortText', message: CUSTOM_MONOGRAPH_TEXT_MESSAGE }]);
    expect(placeSaveErrors(labels, fields)).toEqual({ fields: [{ name: 'monographs.29.shortText', message: CUSTOM_MONOGRAPH_TEXT_MESSAGE }], unplaced: [] });
  });
});
