import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS_GROUP,
  SETTINGS_GROUPS,
  SETTINGS_GROUP_KEYS,
  SETTINGS_SAVED_TOAST,
  SETTINGS_SAVE_FAILED_TOAST,
  isSettingsGroupKey,
  settingsWithDefaults,
} from '../../shared/src/settings/groups.ts';
import { splitSecrets, withSecretStatus, withoutSecretStatus } from '../../shared/src/settings/secrets.ts';
import { expectDefaultsParse } from '../support/settings-cases.ts';

describe('System Settings groups (spec part 2 §2, §7, §8)', () => {
  it('has the nine keys of /api/system-settings/{key} in tab order, Pharmacy first', () => {
    expect(SETTINGS_GROUP_KEYS).toEqual(['pharmacy', 'transmission', 'reports', 'profit-loss', 'printing', 'controlled', 'labels', 'fax', 'email']);
    expect(Object.keys(SETTINGS_GROUPS)).toEqual([...SETTINGS_GROUP_KEYS]);
    expect(SETTINGS_GROUP_KEYS.map((key) => SETTINGS_GROUPS[key].label)).toEqual([
      'Pharmacy', 'Transmission', 'Reports', 'P&L', 'Printing', 'Controlled', 'Labels', 'Fax', 'Email',
    ]);
    expect(DEFAULT_SETTINGS_GROUP).toBe('pharmacy');
  });

  it('knows its keys and nothing else', () => {
    expect(isSettingsGroupKey('profit-loss')).toBe(true);
    expect(isSettingsGroupKey('profitLoss')).toBe(false);
    expect(isSettingsGroupKey('security')).toBe(false);
    expect(isSettingsGroupKey('')).toBe(false);
  });

  it('says the save toasts of §8 verbatim', () => {
    expect(SETTINGS_SAVED_TOAST).toEqual({ title: 'Settings Updated', description: 'System configuration has been saved successfully' });
    expect(SETTINGS_SAVE_FAILED_TOAST).toEqual({ title: 'Update Failed', description: 'Unable to save system settings. Please try again.' });
  });

  it.each(SETTINGS_GROUP_KEYS.filter((key) => key !== 'pharmacy'))('%s: the defaults parse as a read and as a write', (key) => {
    expectDefaultsParse(key);
  });

  it('pharmacy: the defaults parse as a read, and a save needs the pharmacy data', () => {
    const group = SETTINGS_GROUPS.pharmacy;
    expect(group.readSchema.parse(group.defaults)).toEqual(group.defaults);
    expect(group.schema.safeParse(group.defaults).success).toBe(false);
  });

  it('lists every secret of §3 and no other', () => {
    expect(Object.fromEntries(SETTINGS_GROUP_KEYS.map((key) => [key, [...SETTINGS_GROUPS[key].secretFields]]))).toEqual({
      pharmacy: [],
      transmission: ['surescriptsPassword', 'relayHealthConfig.clientSecret', 'changeHealthConfig.memberPassword', 'rxlincConfig.apiKey'],
      reports: [],
      'profit-loss': ['accountingSystemConfig.apiKey'],
      printing: [],
      controlled: [],
      labels: [],
      fax: ['providerApiKey'],
      email: ['smtpPassword'],
    });
  });

  it.each(SETTINGS_GROUP_KEYS)('%s: the defaults hold no secret value, only "not set"', (key) => {
    const group = SETTINGS_GROUPS[key];
    for (const path of group.secretFields) {
      const value = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], group.defaults);
      expect(value).toEqual({ set: false });
    }
  });
});

describe('secret shapes', () => {
  const fields = ['password', 'provider.apiKey'];

  it('splits a write into plain values and the secret changes (new value or clear), leaving kept ones out', () => {
    const write = { host: 'mail.example.com', password: 's3cret', provider: { url: 'https://x.example.com', apiKey: null } };
    expect(splitSecrets(fields, write)).toEqual({
      values: { host: 'mail.example.com', provider: { url: 'https://x.example.com' } },
      secrets: { password: 's3cret', 'provider.apiKey': null },
    });
    expect(write.password).toBe('s3cret');
    expect(splitSecrets(fields, { host: 'h', provider: { url: '' } }).secrets).toEqual({});
  });

  it('builds the read shape with set/not set, dropping any value that slipped into the plain values', () => {
    const read = withSecretStatus(fields, { host: 'h', password: 'leak', provider: { url: '' } }, (path) => path === 'password');
    expect(read).toEqual({ host: 'h', password: { set: true }, provider: { url: '', apiKey: { set: false } } });
    expect(JSON.stringify(read)).not.toContain('leak');
  });

  it('turns a read shape back into a write that keeps every secret', () => {
    expect(withoutSecretStatus(fields, { host: 'h', password: { set: true }, provider: { url: '', apiKey: { set: false } } })).toEqual({
      host: 'h',
      provider: { url: '' },
    });
  });
});

describe('settingsWithDefaults', () => {
  it('gives the defaults for a group never saved', () => {
    expect(settingsWithDefaults('email', null)).toEqual(SETTINGS_GROUPS.email.defaults);
    expect(settingsWithDefaults('controlled', undefined)).toEqual(SETTINGS_GROUPS.controlled.defaults);
  });

  it('lays stored values over the defaults, nested fields included, dropping unknown fields', () => {
    const merged = settingsWithDefaults('email', {
      smtpHost: 'smtp.example.com',
      patientEmailSettings: { reminderFrequencyDays: 9 },
      retiredField: true,
    });
    expect(merged.smtpHost).toBe('smtp.example.com');
    expect(merged.smtpPort).toBe(587);
    expect(merged.patientEmailSettings).toEqual({ ...SETTINGS_GROUPS.email.defaults.patientEmailSettings, reminderFrequencyDays: 9 });
    expect(merged).not.toHaveProperty('retiredField');
    expect(SETTINGS_GROUPS.email.readSchema.safeParse(merged).success).toBe(true);
  });

  it('takes a stored list whole and never shares the defaults\' objects', () => {
    const merged = settingsWithDefaults('profit-loss', { payrollSettings: { payrollCycles: ['weekly'] } });
    expect(merged.payrollSettings).toEqual({ includeInProfitLoss: true, payrollCycles: ['weekly'] });
    const fresh = settingsWithDefaults('profit-loss', null);
    fresh.alertThresholds.dailyLossLimit = 1;
    expect(SETTINGS_GROUPS['profit-loss'].defaults.alertThresholds.dailyLossLimit).toBe(500);
  });
});
