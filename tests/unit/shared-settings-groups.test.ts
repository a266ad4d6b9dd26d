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
import { expectDefaultsParse, messagesAt, valueAt, withValue } from '../support/settings-cases.ts';
import { FULL_SETTINGS_WRITES } from '../support/settings-writes.ts';

type Plain = Record<string, unknown>;
const GROUPS_WITH_SECRETS = SETTINGS_GROUP_KEYS.filter((key) => SETTINGS_GROUPS[key].secretFields.length > 0);

describe('System Settings groups (spec part 2 §2, §7, §8)', () => {
  it('has the eleven keys of /api/system-settings/{key} in tab order, Pharmacy first, Refills and Billing after Controlled', () => {
    expect(SETTINGS_GROUP_KEYS).toEqual([
      'pharmacy', 'transmission', 'reports', 'profit-loss', 'printing', 'controlled', 'refills', 'billing', 'labels', 'fax', 'email',
    ]);
    expect(Object.keys(SETTINGS_GROUPS)).toEqual([...SETTINGS_GROUP_KEYS]);
    expect(SETTINGS_GROUP_KEYS.map((key) => SETTINGS_GROUPS[key].label)).toEqual([
      'Pharmacy', 'Transmission', 'Reports', 'P&L', 'Printing', 'Controlled', 'Refills', 'Billing', 'Labels', 'Fax', 'Email',
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
      refills: [],
      billing: [],
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

describe('a stored group the write rules would refuse still reads', () => {
  it('a value of the wrong type, or an option or bound its field does not take, reads as its default; the rest as stored', () => {
    const stored = {
      ...FULL_SETTINGS_WRITES.controlled(),
      maxDailyDispensing: 'lots',
      arcosSubmissionDay: 31,
      scheduleIIEnabled: 'no',
      requireDoubleCount: true,
    };
    expect(settingsWithDefaults('controlled', stored)).toEqual({
      ...stored,
      maxDailyDispensing: SETTINGS_GROUPS.controlled.defaults.maxDailyDispensing,
      arcosSubmissionDay: SETTINGS_GROUPS.controlled.defaults.arcosSubmissionDay,
      scheduleIIEnabled: SETTINGS_GROUPS.controlled.defaults.scheduleIIEnabled,
    });
    const email = settingsWithDefaults('email', { smtpHost: 'mail.example.com', smtpPort: 0, patientEmailSettings: 'all of them' });
    expect(email).toMatchObject({ smtpHost: 'mail.example.com', smtpPort: 587, patientEmailSettings: SETTINGS_GROUPS.email.defaults.patientEmailSettings });
  });

  it('an address the write rule refuses (a loopback test double, a typo) reads as stored, never as "not configured"; the write schema still refuses it', () => {
    const cases = [
      ['fax', 'providerApiUrl'],
      ['transmission', 'claimsProcessorUrl'],
      ['transmission', 'relayHealthConfig.serviceUrl'],
      ['profit-loss', 'accountingSystemConfig.apiEndpoint'],
    ] as const;
    for (const [key, path] of cases) {
      for (const address of ['http://127.0.0.1:55400/v1/status', 'not a url']) {
        const stored = withValue(FULL_SETTINGS_WRITES[key](), path, address);
        expect(valueAt(settingsWithDefaults(key, stored), path), `${key}.${path}`).toBe(address);
        expect(messagesAt(SETTINGS_GROUPS[key].schema, stored, path), `${key}.${path}`).not.toEqual([]);
      }
    }
  });

  it('a list element with a bad value is left out, the list and its neighbours kept; an emptied list that may not be empty takes its default', () => {
    const printing = FULL_SETTINGS_WRITES.printing() as { availablePrinters: Plain[] };
    const broken = withValue(printing, 'availablePrinters.1.port', 'nine thousand');
    const read = settingsWithDefaults('printing', broken);
    expect(read.availablePrinters.map((printer) => printer.id)).toEqual(['rx-1', 'robot-1', 'fac-1', 'laser-1']);
    const cycles = settingsWithDefaults('profit-loss', { payrollSettings: { includeInProfitLoss: false, payrollCycles: ['fortnightly'] } });
    expect(cycles.payrollSettings).toEqual({ includeInProfitLoss: false, payrollCycles: SETTINGS_GROUPS['profit-loss'].defaults.payrollSettings.payrollCycles });
  });

  it('a secret value that reached the stored row reads as "not set", never as its text', () => {
    const read = settingsWithDefaults('email', { smtpPassword: 'leaked-into-the-row', smtpUsername: 'pharmacy' });
    expect(read.smtpPassword).toEqual({ set: false });
    expect(JSON.stringify(read)).not.toContain('leaked-into-the-row');
  });

  it('a stored combination that breaks a rule across fields reads as stored, and the write schema names it', () => {
    const cases: Array<{ key: keyof typeof FULL_SETTINGS_WRITES; changes: Record<string, unknown>; path: string; message: string }> = [
      { key: 'transmission', changes: { secondaryProvider: 'changehealth' }, path: 'secondaryProvider', message: 'Primary, secondary and tertiary providers must be three different providers' },
      { key: 'printing', changes: { regularRxLabelPrinter: 'removed-printer' }, path: 'regularRxLabelPrinter', message: 'Choose one of the configured printers' },
      { key: 'profit-loss', changes: { 'incomeSourceWeights.otcSales': 50 }, path: 'incomeSourceWeights', message: 'Income source weights must add up to 100 percent' },
      { key: 'labels', changes: { 'monographs.1.shortText': '', 'monographs.1.longText': '' }, path: 'monographs.1.shortText', message: 'A custom monograph needs its text' },
    ];
    for (const { key, changes, path, message } of cases) {
      const group = SETTINGS_GROUPS[key];
      let stored: Plain = FULL_SETTINGS_WRITES[key]();
      for (const [at, value] of Object.entries(changes)) stored = withValue(stored, at, value);
      const plain = withoutSecretStatus(group.secretFields, stored);
      const read = settingsWithDefaults(key, plain) as Plain;
      for (const [at, value] of Object.entries(changes)) expect(valueAt(read, at), `${key}.${at}`).toEqual(value);
      expect(messagesAt(group.schema, withoutSecretStatus(group.secretFields, read), path), key).toEqual([message]);
    }
    const duplicated = FULL_SETTINGS_WRITES.labels() as { monographs: Plain[] };
    const twice = { ...duplicated, monographs: [duplicated.monographs[0], duplicated.monographs[0]] };
    expect(settingsWithDefaults('labels', twice).monographs).toHaveLength(2);
    expect(messagesAt(SETTINGS_GROUPS.labels.schema, twice, 'monographs')).toEqual(['Each drug has one monograph entry']);
  });
});

describe("a group's read written back (GET's answer as a PUT body)", () => {
  it.each(GROUPS_WITH_SECRETS)('%s: is a valid write that keeps every secret, set or not', (key) => {
    const group = SETTINGS_GROUPS[key];
    const values = group.schema.parse(FULL_SETTINGS_WRITES[key]()) as Plain;
    for (const isSet of [true, false]) {
      const read = group.readSchema.parse(withSecretStatus(group.secretFields, values, () => isSet)) as Plain;
      const parsed = group.schema.safeParse(read);
      expect(parsed.success ? [] : parsed.error.issues, key).toEqual([]);
      const { values: plain, secrets } = splitSecrets(group.secretFields, parsed.data as Plain);
      // Nothing to change in Vault: `{ set }` is a report, not an instruction.
      expect(secrets).toEqual({});
      expect(plain).toEqual(splitSecrets(group.secretFields, values).values);
    }
  });

  it.each(GROUPS_WITH_SECRETS)('%s: a secret is still set by text, cleared by null, and anything else is refused', (key) => {
    const group = SETTINGS_GROUPS[key];
    const write = FULL_SETTINGS_WRITES[key]();
    const [path] = group.secretFields;
    const label = messagesAt(group.schema, withValue(write, path!, 42), path!)[0]!;
    expect(label).toMatch(/ must be text$/);
    expect(splitSecrets(group.secretFields, group.schema.parse(withValue(write, path!, 'new-value')) as Plain).secrets).toMatchObject({ [path!]: 'new-value' });
    expect(splitSecrets(group.secretFields, group.schema.parse(withValue(write, path!, null)) as Plain).secrets).toMatchObject({ [path!]: null });
    for (const refused of [{}, { set: 'yes' }, [], true]) expect(messagesAt(group.schema, withValue(write, path!, refused), path!), JSON.stringify(refused)).toEqual([label]);
    // The read shape with a value beside `set` is refused, not taken as "keep" with the value dropped.
    expect(messagesAt(group.schema, withValue(write, path!, { set: true, value: 'new-value' }), path!)).toEqual([
      label.replace(/ must be text$/, ' as read says only whether it is set; send the new value as text'),
    ]);
  });
});
