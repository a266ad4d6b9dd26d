/**
 * GET and PUT /api/system-settings/{key} (spec part 2 §7 "System settings"; issues 12, 21) for the eleven groups, as the
 * web app calls them: a group never saved reads as its §9 defaults; a full valid save reads back; every §5 bound
 * and enumeration is refused with its message and its field's path and changes nothing; secrets are never returned, kept when left out
 * or '' and cleared by null; only the pharmacy's admin saves (pharmacists and technicians read printing and labels
 * only); another pharmacy sees nothing; one setting shown on two tabs is stored once; every save is audited
 * without secret values.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_ADMIN_ONLY_MESSAGE, SETTINGS_ENDPOINTS, SETTINGS_READ_REFUSED_MESSAGE } from '../../shared/src/api/system-settings.ts';
import { choiceMessage, rangeMessage } from '../../shared/src/settings/fields.ts';
import { SETTINGS_GROUP_KEYS, SETTINGS_GROUPS, type SettingsGroupKey } from '../../shared/src/settings/groups.ts';
import { withSecretStatus } from '../../shared/src/settings/secrets.ts';
import { createApiInvoker } from '../../web/src/lib/api-invoker.ts';
import { callApi } from '../support/api-call.ts';
import { valueAt, withValue } from '../support/settings-cases.ts';
import { FULL_SETTINGS_WRITES, uniqueDeaNumber } from '../support/settings-writes.ts';
import { closeSql, createServiceClient, sql } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

type Plain = Record<string, unknown>;

let a: TestPharmacy;
let b: TestPharmacy;

beforeAll(async () => {
  [a, b] = [await createPharmacy('Settings API Pharmacy A'), await createPharmacy('Settings API Pharmacy B')];
}, 120_000);

afterAll(closeSql);

const get = (client: SupabaseClient, key: SettingsGroupKey) => callApi<Plain>(client, `system-settings/${key}`);
const put = (client: SupabaseClient, key: SettingsGroupKey, body: unknown) => callApi<Plain>(client, `system-settings/${key}`, { method: 'PUT', body });

/** What GET answers after `write` was saved: the write as its schema parsed it, secrets as `{ set }`. */
function readOf(key: SettingsGroupKey, write: Plain, isSet: (path: string) => boolean = () => true): Plain {
  const group = SETTINGS_GROUPS[key];
  return group.readSchema.parse(withSecretStatus(group.secretFields, group.schema.parse(write) as Plain, isSet)) as Plain;
}

async function storedSecrets(pharmacyId: string, key: SettingsGroupKey): Promise<Plain> {
  const { data, error } = await createServiceClient().rpc('settings_group_secrets', { settings_pharmacy_id: pharmacyId, settings_group_key: key });
  expect(error).toBeNull();
  return data as Plain;
}

async function saveFull(pharmacy: TestPharmacy, key: SettingsGroupKey): Promise<Plain> {
  const write = FULL_SETTINGS_WRITES[key]();
  const answer = await put(pharmacy.admin.client, key, write);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return write;
}

/** Each §5 bound at both ends and each §9 enumeration, with the message the field gives. */
const BOUNDS: Array<{ key: SettingsGroupKey; path: string; values: unknown[]; message: string }> = [
  { key: 'transmission', path: 'eligibilityTimeout', values: [4, 61], message: rangeMessage('Eligibility timeout', 5, 60, 'seconds') },
  { key: 'transmission', path: 'connectionTimeout', values: [4, 301], message: rangeMessage('Connection timeout', 5, 300, 'seconds') },
  { key: 'transmission', path: 'retryCount', values: [4, 0], message: choiceMessage('Retry count', [1, 2, 3, 5]) },
  { key: 'transmission', path: 'claimsProcessor', values: ['', 'other'], message: choiceMessage('Claims processor', ['changehr', 'relay', 'availity', 'clearinghouse']) },
  { key: 'printing', path: 'regularRxLabelsPerPage', values: [0, 7], message: rangeMessage('Regular Rx labels per page', 1, 6) },
  { key: 'printing', path: 'robotLabelsPerPage', values: [0, 13], message: rangeMessage('Robot labels per page', 1, 12) },
  { key: 'printing', path: 'facilityLabelsPerPage', values: [0, 7], message: rangeMessage('Facility labels per page', 1, 6) },
  { key: 'printing', path: 'printQueueRetryAttempts', values: [0, 11], message: rangeMessage('Print queue retry attempts', 1, 10) },
  { key: 'printing', path: 'printQueueTimeoutSeconds', values: [9, 301], message: rangeMessage('Print queue timeout', 10, 300, 'seconds') },
  { key: 'printing', path: 'lowPaperThreshold', values: [0, 101], message: rangeMessage('Low paper threshold', 1, 100, 'percent') },
  { key: 'printing', path: 'shortMonographContent.maxCharacters', values: [99, 1001], message: rangeMessage('Maximum characters', 100, 1000) },
  { key: 'printing', path: 'regularRxLabelSize', values: ['', '5x5'], message: choiceMessage('Regular Rx label size', ['4x2.5', '4x6', '4x4', '3x5', '2x4']) },
  { key: 'printing', path: 'monographFormat', values: ['medium'], message: choiceMessage('Monograph format', ['short', 'long', 'both']) },
  { key: 'email', path: 'maxRetryAttempts', values: [0, 11], message: rangeMessage('Email retry attempts', 1, 10) },
  { key: 'email', path: 'retryDelayMinutes', values: [0, 61], message: rangeMessage('Email retry delay', 1, 60, 'minutes') },
  { key: 'email', path: 'patientEmailSettings.reminderFrequencyDays', values: [0, 31], message: rangeMessage('Reminder frequency', 1, 30, 'days') },
  { key: 'email', path: 'attachmentMaxSizeMb', values: [0, 101], message: rangeMessage('Maximum attachment size', 1, 100, 'MB') },
  { key: 'fax', path: 'faxRetryAttempts', values: [0, 11], message: rangeMessage('Fax retry attempts', 1, 10) },
  { key: 'fax', path: 'faxRetryDelayMinutes', values: [0, 61], message: rangeMessage('Fax retry delay', 1, 60, 'minutes') },
  { key: 'fax', path: 'faxProvider', values: ['fax.com'], message: choiceMessage('Fax provider', ['efax', 'myfax', 'ringcentral', 'srfax', 'gotfreefax']) },
  { key: 'reports', path: 'monthlyReportDay', values: [0, 29], message: rangeMessage('Monthly report day', 1, 28) },
  { key: 'reports', path: 'defaultReportFormat', values: ['docx'], message: choiceMessage('Default report format', ['pdf', 'excel', 'csv']) },
  { key: 'controlled', path: 'arcosSubmissionDay', values: [0, 29], message: rangeMessage('ARCOS submission day', 1, 28) },
  { key: 'refills', path: 'refillTooSoonPercent', values: [49, 101, 80.5], message: 'Refill too soon percent must be a whole number from 50 to 100' },
  { key: 'refills', path: 'nonControlledExpiryMonths', values: [0, 25], message: 'Prescription expiry must be a whole number of months from 1 to 24' },
  { key: 'billing', path: 'dispensingFeeCents', values: [-1, 100_001, 12.5], message: 'Dispensing fee must be an amount in dollars and cents from $0.00 to $1,000.00' },
  { key: 'billing', path: 'defaultCoveragePercent', values: [-1, 101], message: 'Default insurance coverage must be a whole number from 0 to 100 percent' },
  { key: 'billing', path: 'returnToStockDays', values: [0, 61], message: 'Return to stock must be a whole number of days from 1 to 60' },
  { key: 'labels', path: 'defaultMonographFormat', values: ['full'], message: choiceMessage('Default monograph format', ['short', 'long', 'both']) },
  { key: 'labels', path: 'monographIntegration', values: ['inline'], message: choiceMessage('Monograph integration', ['separate', 'with_rx_label', 'patient_choice']) },
  { key: 'profit-loss', path: 'cogsCalculationMethod', values: ['average'], message: choiceMessage('COGS calculation method', ['fifo', 'lifo', 'weighted_average']) },
  { key: 'profit-loss', path: 'accountingSystemConfig.syncFrequency', values: ['weekly'], message: choiceMessage('Accounting sync frequency', ['realtime', 'hourly', 'daily']) },
  { key: 'pharmacy', path: 'npiNumber', values: ['12345'], message: 'NPI must be 10 digits' },
  { key: 'pharmacy', path: 'deaNumber', values: ['BT1234567'], message: 'DEA number check digit does not match' },
];

const GROUPS_WITH_SECRETS = SETTINGS_GROUP_KEYS.filter((key) => SETTINGS_GROUPS[key].secretFields.length > 0);

describe('a group never saved', () => {
  it.each(SETTINGS_GROUP_KEYS.filter((key) => key !== 'pharmacy'))('%s reads as its §9 defaults', async (key) => {
    const answer = await get(b.admin.client, key);
    expect(answer.status).toBe(200);
    // The controlled tab shows the pharmacy's own DEA registration (one setting, two tabs).
    const expected = key === 'controlled' ? { ...SETTINGS_GROUPS.controlled.defaults, deaNumber: b.deaNumber } : SETTINGS_GROUPS[key].defaults;
    expect(answer.body).toEqual(expected);
  });

  it('pharmacy reads as the record onboarding created: name, license, DEA, NPI, address, pharmacist in charge, hours', async () => {
    const pharmacy = await createApiInvoker(b.admin.client)(SETTINGS_ENDPOINTS.pharmacy.get);
    expect(pharmacy).toEqual({
      pharmacyName: b.name,
      licenseNumber: `PHY-${b.ncpdpId}`,
      deaNumber: b.deaNumber,
      npiNumber: '1234567893',
      address: '1 Main St',
      city: 'Peoria',
      state: 'IL',
      zipCode: '61602',
      phone: '(309) 555-0100',
      pharmacistInCharge: 'Pat Incharge',
      pharmacistLicense: 'PIC-1',
      operatingHours: SETTINGS_GROUPS.pharmacy.defaults.operatingHours,
    });
  });
});

describe('a full valid save', () => {
  it.each(SETTINGS_GROUP_KEYS)('%s: answered and read back as saved, secrets as set', async (key) => {
    const write = FULL_SETTINGS_WRITES[key]();
    const saved = await put(a.admin.client, key, write);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual(readOf(key, write));
    expect((await get(a.admin.client, key)).body).toEqual(readOf(key, write));
    // The typed invoker of the web app reads the same.
    expect(await createApiInvoker(a.admin.client)(SETTINGS_ENDPOINTS[key].get)).toEqual(readOf(key, write));
  });

  it("pharmacy: the pharmacies row, its hours and its pharmacist in charge hold what was saved", async () => {
    const write = await saveFull(a, 'pharmacy');
    const [row] = await sql(
      `select pharmacy_name, state_license_number, dea_number, npi_number, street_address, city, state, zip_code, phone
         from public.pharmacies where id = $1`, [a.id]);
    expect(row).toEqual({
      pharmacy_name: write.pharmacyName, state_license_number: write.licenseNumber, dea_number: write.deaNumber,
      npi_number: write.npiNumber, street_address: write.address, city: write.city, state: write.state, zip_code: write.zipCode, phone: write.phone,
    });
    expect(await sql(`select first_name, last_name, license_number from public.pharmacists_in_charge where pharmacy_id = $1`, [a.id]))
      .toEqual([{ first_name: 'Dana', last_name: 'Whitfield', license_number: '051-298877' }]);
    expect(await sql(`select to_char(opens_at, 'HH24:MI') as open, to_char(closes_at, 'HH24:MI') as close, is_closed
                        from public.pharmacy_operating_hours where pharmacy_id = $1 and weekday = 'sunday'`, [a.id]))
      .toEqual([{ open: '10:00', close: '14:00', is_closed: true }]);
    // A multi-word name comes back as typed.
    const renamed = await put(a.admin.client, 'pharmacy', { ...write, pharmacistInCharge: 'Mary Ann  van Dyke' });
    expect(renamed.body).toMatchObject({ pharmacistInCharge: 'Mary Ann  van Dyke' });
  });

  it("another pharmacy's DEA number is refused (409) and nothing of the group changes", async () => {
    await saveFull(a, 'pharmacy');
    const before = (await get(a.admin.client, 'pharmacy')).body;
    const [row] = await sql<{ dea_number: string }>(`select dea_number from public.pharmacies where id = $1`, [a.id]);
    const taken = await put(b.admin.client, 'controlled', { ...FULL_SETTINGS_WRITES.controlled(), deaNumber: row!.dea_number });
    expect(taken).toEqual({ status: 409, body: { error: 'A pharmacy with this DEA number already exists' } });
    const again = await put(b.admin.client, 'pharmacy', { ...FULL_SETTINGS_WRITES.pharmacy(), deaNumber: row!.dea_number });
    expect(again).toEqual({ status: 409, body: { error: 'A pharmacy with this DEA number already exists' } });
    expect((await get(a.admin.client, 'pharmacy')).body).toEqual(before);
    expect((await get(b.admin.client, 'controlled')).body).toEqual({ ...SETTINGS_GROUPS.controlled.defaults, deaNumber: b.deaNumber });
    expect((await get(b.admin.client, 'pharmacy')).body).toMatchObject({ pharmacyName: b.name, deaNumber: b.deaNumber, pharmacistInCharge: 'Pat Incharge' });
  });
});

describe('§5 bounds and §9 enumerations', () => {
  it.each(BOUNDS.flatMap(({ key, path, values, message }) => values.map((value) => [key, path, value, message] as const)))(
    '%s.%s = %j is refused with its message; nothing of the group changes',
    async (key, path, value, message) => {
      await saveFull(a, key);
      const before = await get(a.admin.client, key);
      const rowBefore = await sql(`select settings, updated_at from public.pharmacy_settings where pharmacy_id = $1 order by group_key`, [a.id]);
      const write = withValue(FULL_SETTINGS_WRITES[key](), path, value);
      const answer = await put(a.admin.client, key, write);
      // The message, and (for a form to place it) the field's dotted path.
      expect(answer).toEqual({ status: 400, body: { error: 'Validation failed', errors: [message], details: { fields: [{ path, message }] } } });
      expect(await get(a.admin.client, key)).toEqual(before);
      expect(await sql(`select settings, updated_at from public.pharmacy_settings where pharmacy_id = $1 order by group_key`, [a.id])).toEqual(rowBefore);
    },
  );

  it('controlled: the DEA registration may not be emptied (it is the pharmacy record\'s DEA number)', async () => {
    const before = await get(a.admin.client, 'controlled');
    const answer = await put(a.admin.client, 'controlled', { ...FULL_SETTINGS_WRITES.controlled(), deaNumber: '', maxDailyDispensing: 7 });
    expect(answer).toEqual({ status: 400, body: { error: 'DEA number is required' } });
    expect(await get(a.admin.client, 'controlled')).toEqual(before);
  });
});

describe('secrets', () => {
  it.each(GROUPS_WITH_SECRETS)('%s: never returned; kept when absent or empty; cleared by null; each stored in Vault by its name', async (key) => {
    const group = SETTINGS_GROUPS[key];
    const write = await saveFull(a, key);
    const values = Object.fromEntries(group.secretFields.map((path) => [path, valueAt(write, path)]));
    expect(await storedSecrets(a.id, key)).toEqual(values);
    const names = await sql<{ name: string }>(`select name from vault.secrets where name like $1 order by name`, [`pharmacy:${a.id}:${key}.%`]);
    expect(names.map(({ name }) => name)).toEqual(group.secretFields.map((path) => `pharmacy:${a.id}:${key}.${path}`).sort());
    // Vault keeps ciphertext only.
    for (const value of Object.values(values)) {
      expect(await sql(`select 1 from vault.secrets where secret like $1`, [`%${value as string}%`])).toEqual([]);
    }

    const read = await get(a.admin.client, key);
    const text = JSON.stringify(read.body);
    for (const value of Object.values(values)) expect(text).not.toContain(value as string);
    for (const path of group.secretFields) expect(valueAt(read.body, path)).toEqual({ set: true });

    let absent: Plain = write;
    let blank: Plain = write;
    let cleared: Plain = write;
    for (const path of group.secretFields) {
      absent = withValue(absent, path, undefined);
      blank = withValue(blank, path, '');
      cleared = withValue(cleared, path, null);
    }
    expect((await put(a.admin.client, key, absent)).body).toEqual(readOf(key, write));
    expect(await storedSecrets(a.id, key)).toEqual(values);
    expect((await put(a.admin.client, key, blank)).body).toEqual(readOf(key, write));
    expect(await storedSecrets(a.id, key)).toEqual(values);

    const afterClear = await put(a.admin.client, key, cleared);
    expect(afterClear.body).toEqual(readOf(key, write, () => false));
    expect(await storedSecrets(a.id, key)).toEqual({});
    expect(await sql(`select name from vault.secrets where name like $1`, [`pharmacy:${a.id}:${key}.%`])).toEqual([]);

    // Set again, then one secret changed: the others are kept.
    await put(a.admin.client, key, write);
    const [first] = group.secretFields;
    await put(a.admin.client, key, withValue(absent, first!, 'a-new-secret-value'));
    expect(await storedSecrets(a.id, key)).toEqual({ ...values, [first!]: 'a-new-secret-value' });
  });

  it("a secret never reaches the pharmacy_settings row, even sent as a plain value to the database", async () => {
    const { error } = await a.admin.client.rpc('save_settings_group', {
      group_key: 'email', settings: { ...FULL_SETTINGS_WRITES.email(), smtpPassword: 'sent-as-a-plain-value' }, secret_changes: {},
    });
    expect(error).toBeNull();
    expect(await sql(`select 1 from public.pharmacy_settings where settings::text like '%sent-as-a-plain-value%'`)).toEqual([]);
  });
});

describe("a read written back unchanged (GET's answer as the PUT body)", () => {
  it.each(GROUPS_WITH_SECRETS)('%s: saved (200) and every secret kept: still in Vault under its name, with its value', async (key) => {
    const group = SETTINGS_GROUPS[key];
    const write = await saveFull(a, key);
    const values = Object.fromEntries(group.secretFields.map((path) => [path, valueAt(write, path)]));
    const vaultRows = async () => sql(`select id, name from vault.secrets where name like $1 order by name`, [`pharmacy:${a.id}:${key}.%`]);
    const rowsBefore = await vaultRows();

    const read = await get(a.admin.client, key);
    expect(read.status).toBe(200);
    for (const path of group.secretFields) expect(valueAt(read.body, path)).toEqual({ set: true });
    const written = await put(a.admin.client, key, read.body);
    expect(written, JSON.stringify(written.body)).toEqual({ status: 200, body: read.body });
    expect(await get(a.admin.client, key)).toEqual(read);
    expect(await storedSecrets(a.id, key)).toEqual(values);
    expect(await vaultRows()).toEqual(rowsBefore);
    // The save's audit row names no secret: nothing was set or cleared.
    const [audit] = await sql<{ details: Plain }>(
      `select details from public.audit_log where pharmacy_id = $1 and entity_type = 'system_settings' and entity_id = $2 order by id desc limit 1`, [a.id, key]);
    expect(audit!.details).toMatchObject({ secretsChanged: [] });

    // `{ set: false }` is what was stored when read, not an instruction: a secret set since is kept.
    let stale: Plain = read.body;
    for (const path of group.secretFields) stale = withValue(stale, path, { set: false });
    expect((await put(a.admin.client, key, stale)).status).toBe(200);
    expect(await storedSecrets(a.id, key)).toEqual(values);
  });

  it('a read shape carrying a value is refused (400), not taken as "keep"', async () => {
    await saveFull(a, 'email');
    const read = (await get(a.admin.client, 'email')).body;
    const answer = await put(a.admin.client, 'email', { ...read, smtpPassword: { set: true, value: 'not-this-way' } });
    const message = 'SMTP password as read says only whether it is set; send the new value as text';
    expect(answer).toEqual({ status: 400, body: { error: 'Validation failed', errors: [message], details: { fields: [{ path: 'smtpPassword', message }] } } });
    expect(await storedSecrets(a.id, 'email')).toEqual({ smtpPassword: 'smtp-password-value' });
  });
});

describe('stored data the write rules refuse still reads (data the product accepted, or an admin wrote directly)', () => {
  /** A DEA number of the pharmacy's format whose check digit does not match (the onboarding wizard took these). */
  function withWrongCheckDigit(dea: string): string {
    return `${dea.slice(0, 8)}${(Number(dea[8]) + 1) % 10}`;
  }

  it('a DEA number with a wrong check digit: both tabs read it as stored (200); a save asks for a correct one', async () => {
    const c = await createPharmacy('Settings API Pharmacy Wrong Check Digit');
    const stored = withWrongCheckDigit(c.deaNumber);
    // Put there as the database superuser, as an older onboarding left it.
    await sql(`update public.pharmacies set dea_number = $2 where id = $1`, [c.id, stored]);

    const controlled = await get(c.admin.client, 'controlled');
    expect(controlled).toEqual({ status: 200, body: { ...SETTINGS_GROUPS.controlled.defaults, deaNumber: stored } });
    const pharmacy = await get(c.admin.client, 'pharmacy');
    expect(pharmacy.status).toBe(200);
    expect(pharmacy.body).toMatchObject({ pharmacyName: c.name, deaNumber: stored });
    // The web app's typed invoker (which checks the answer with the read schema) reads both.
    expect(await createApiInvoker(c.admin.client)(SETTINGS_ENDPOINTS.controlled.get)).toMatchObject({ deaNumber: stored });
    expect(await createApiInvoker(c.admin.client)(SETTINGS_ENDPOINTS.pharmacy.get)).toMatchObject({ deaNumber: stored });

    // Written back as read, each tab is refused with the sentence at the DEA number, and nothing changes.
    const message = 'DEA number check digit does not match';
    const refusal = { status: 400, body: { error: 'Validation failed', errors: [message], details: { fields: [{ path: 'deaNumber', message }] } } };
    expect(await put(c.admin.client, 'controlled', controlled.body)).toEqual(refusal);
    expect(await put(c.admin.client, 'pharmacy', pharmacy.body)).toEqual(refusal);
    expect(await sql(`select dea_number from public.pharmacies where id = $1`, [c.id])).toEqual([{ dea_number: stored }]);

    // With the correct number the save goes through.
    const saved = await put(c.admin.client, 'controlled', { ...controlled.body, deaNumber: c.deaNumber });
    expect(saved).toEqual({ status: 200, body: { ...SETTINGS_GROUPS.controlled.defaults, deaNumber: c.deaNumber } });
  }, 60_000);

  it("operating hours an admin wrote directly, closing before opening: the pharmacy tab reads them; a save asks for an order", async () => {
    const c = await createPharmacy('Settings API Pharmacy Backwards Hours');
    const { error } = await c.admin.client.from('pharmacy_operating_hours').update({ opens_at: '18:00', closes_at: '09:00' }).eq('weekday', 'monday');
    expect(error).toBeNull();
    const pharmacy = await get(c.admin.client, 'pharmacy');
    expect(pharmacy.status).toBe(200);
    expect(valueAt(pharmacy.body, 'operatingHours.monday')).toEqual({ open: '18:00', close: '09:00', closed: false });
    const message = 'Closing time must be after opening time';
    expect(await put(c.admin.client, 'pharmacy', pharmacy.body)).toEqual({
      status: 400, body: { error: 'Validation failed', errors: [message], details: { fields: [{ path: 'operatingHours.monday.close', message }] } },
    });
  }, 60_000);

  it('a settings row an admin wrote directly with values of the wrong type or out of bounds reads them as their defaults (200)', async () => {
    const c = await createPharmacy('Settings API Pharmacy Direct Row');
    const printing = FULL_SETTINGS_WRITES.printing();
    const written = { ...printing, regularRxLabelsPerPage: 0, regularRxLabelSize: '9x9', shortMonographContent: 'short', robotPrintBatchInfo: 'yes', regularRxLabelPrinter: 'gone' };
    const { error } = await c.admin.client.from('pharmacy_settings').insert({ group_key: 'printing', settings: written });
    expect(error).toBeNull();
    const defaults = SETTINGS_GROUPS.printing.defaults;
    const expected = {
      ...readOf('printing', printing),
      regularRxLabelsPerPage: defaults.regularRxLabelsPerPage,
      regularRxLabelSize: defaults.regularRxLabelSize,
      shortMonographContent: defaults.shortMonographContent,
      robotPrintBatchInfo: defaults.robotPrintBatchInfo,
      // A rule across fields (a chosen printer is configured) is the save's: the value reads as stored.
      regularRxLabelPrinter: 'gone',
    };
    // Staff read the printing group too (label work).
    for (const member of [c.admin, c.technician]) expect(await get(member.client, 'printing')).toEqual({ status: 200, body: expected });
  }, 60_000);
});

describe('who may read and save', () => {
  it.each(['pharmacist', 'technician'] as const)("a %s's PUT of any group is refused (403) and changes nothing", async (role) => {
    for (const key of SETTINGS_GROUP_KEYS) {
      const before = await sql(`select settings, updated_at from public.pharmacy_settings where pharmacy_id = $1 order by group_key`, [a.id]);
      const answer = await put(a[role].client, key, FULL_SETTINGS_WRITES[key]());
      expect(answer, key).toEqual({ status: 403, body: { error: SETTINGS_ADMIN_ONLY_MESSAGE } });
      expect(await sql(`select settings, updated_at from public.pharmacy_settings where pharmacy_id = $1 order by group_key`, [a.id])).toEqual(before);
    }
  });

  it.each(['pharmacist', 'technician'] as const)('a %s reads printing and labels, and no other group (403)', async (role) => {
    const printing = await saveFull(a, 'printing');
    const labels = await saveFull(a, 'labels');
    expect((await get(a[role].client, 'labels')).body).toEqual(readOf('labels', labels));
    // The labels save changed the monograph fields the printing group keeps.
    expect((await get(a[role].client, 'printing')).body).toEqual({
      ...readOf('printing', printing), enableMonographPrinting: true, monographFormat: 'long', monographIntegration: 'with_rx_label',
    });
    for (const key of SETTINGS_GROUP_KEYS.filter((group) => group !== 'printing' && group !== 'labels')) {
      expect(await get(a[role].client, key), key).toEqual({ status: 403, body: { error: SETTINGS_READ_REFUSED_MESSAGE } });
    }
  });

  it("another pharmacy sees nothing of A's settings, and its saves change only its own", async () => {
    for (const key of SETTINGS_GROUP_KEYS) await saveFull(a, key);
    for (const key of SETTINGS_GROUP_KEYS.filter((group) => group !== 'pharmacy' && group !== 'controlled')) {
      expect((await get(b.admin.client, key)).body, key).toEqual(SETTINGS_GROUPS[key].defaults);
      for (const role of ['pharmacist', 'technician'] as const) {
        if (key === 'printing' || key === 'labels') expect((await get(b[role].client, key)).body).toEqual(SETTINGS_GROUPS[key].defaults);
      }
    }
    expect((await get(b.admin.client, 'pharmacy')).body).toMatchObject({ pharmacyName: b.name, deaNumber: b.deaNumber });
    const aEmail = (await get(a.admin.client, 'email')).body;
    await put(b.admin.client, 'email', { ...withValue(FULL_SETTINGS_WRITES.email(), 'smtpPassword', 'b-password'), smtpPort: 2525 });
    expect((await get(a.admin.client, 'email')).body).toEqual(aEmail);
    expect(await storedSecrets(a.id, 'email')).toEqual({ smtpPassword: 'smtp-password-value' });
    expect(await storedSecrets(b.id, 'email')).toEqual({ smtpPassword: 'b-password' });
  });
});

describe('one setting, two tabs', () => {
  it("controlled.deaNumber is the pharmacy record's DEA number, both ways", async () => {
    const viaControlled = uniqueDeaNumber();
    await put(a.admin.client, 'controlled', { ...FULL_SETTINGS_WRITES.controlled(), deaNumber: viaControlled });
    expect((await get(a.admin.client, 'pharmacy')).body).toMatchObject({ deaNumber: viaControlled });
    expect(await sql(`select dea_number from public.pharmacies where id = $1`, [a.id])).toEqual([{ dea_number: viaControlled }]);
    expect(await sql(`select settings ? 'deaNumber' as kept from public.pharmacy_settings where pharmacy_id = $1 and group_key = 'controlled'`, [a.id]))
      .toEqual([{ kept: false }]);

    const viaPharmacy = uniqueDeaNumber();
    await put(a.admin.client, 'pharmacy', { ...FULL_SETTINGS_WRITES.pharmacy(), deaNumber: viaPharmacy });
    expect((await get(a.admin.client, 'controlled')).body).toMatchObject({ deaNumber: viaPharmacy, maxDailyDispensing: 120 });
  });

  it("labels' monograph switch, format and integration are the printing group's, both ways, stored once", async () => {
    const printing = await saveFull(a, 'printing');
    await put(a.admin.client, 'labels', { ...FULL_SETTINGS_WRITES.labels(), enableMonographPrinting: false, defaultMonographFormat: 'short', monographIntegration: 'separate' });
    expect((await get(a.admin.client, 'printing')).body).toEqual({
      ...readOf('printing', printing), enableMonographPrinting: false, monographFormat: 'short', monographIntegration: 'separate',
    });
    await put(a.admin.client, 'printing', { ...printing, enableMonographPrinting: true, monographFormat: 'both', monographIntegration: 'patient_choice' });
    expect((await get(a.admin.client, 'labels')).body).toEqual({
      ...readOf('labels', FULL_SETTINGS_WRITES.labels()), enableMonographPrinting: true, defaultMonographFormat: 'both', monographIntegration: 'patient_choice',
    });
    const [labelsRow] = await sql<{ settings: Plain }>(`select settings from public.pharmacy_settings where pharmacy_id = $1 and group_key = 'labels'`, [a.id]);
    expect(Object.keys(labelsRow!.settings)).toEqual(['monographs']);
  });

  it('a labels save into a pharmacy whose printing group was never saved keeps the other printing defaults', async () => {
    const c = await createPharmacy('Settings API Pharmacy C');
    await put(c.admin.client, 'labels', FULL_SETTINGS_WRITES.labels());
    expect((await get(c.admin.client, 'printing')).body).toEqual({
      ...SETTINGS_GROUPS.printing.defaults, enableMonographPrinting: true, monographFormat: 'long', monographIntegration: 'with_rx_label',
    });
  }, 60_000);
});

describe('audit', () => {
  async function lastSettingsAudit(pharmacyId: string, key: SettingsGroupKey) {
    const [row] = await sql<{ actor_user_id: string; action: string; description: string; details: Plain }>(
      `select actor_user_id, action, description, details from public.audit_log
        where pharmacy_id = $1 and entity_type = 'system_settings' and entity_id = $2 order by id desc limit 1`, [pharmacyId, key]);
    return row!;
  }

  it('each save writes one row: the changed fields as dotted paths, old and new values, secrets by name only', async () => {
    const c = await createPharmacy('Settings API Pharmacy D');
    const write = FULL_SETTINGS_WRITES.email();
    await put(c.admin.client, 'email', write);
    const count = async () => Number((await sql(`select count(*) from public.audit_log where pharmacy_id = $1 and entity_type = 'system_settings'`, [c.id]))[0]!.count);
    expect(await count()).toBe(1);

    const secret = 'a-very-secret-smtp-password-4711';
    const changed = withValue(withValue(write, 'smtpPassword', secret), 'patientEmailSettings.reminderFrequencyDays', 12);
    await put(c.admin.client, 'email', { ...changed, smtpPort: 2525 });
    expect(await count()).toBe(2);
    const row = await lastSettingsAudit(c.id, 'email');
    expect(row).toMatchObject({ actor_user_id: c.admin.id, action: 'update' });
    expect(row.details).toEqual({
      group: 'email',
      changedFields: ['patientEmailSettings.reminderFrequencyDays', 'smtpPort', 'smtpPassword'],
      changes: { 'patientEmailSettings.reminderFrequencyDays': { old: 7, new: 12 }, smtpPort: { old: 465, new: 2525 } },
      secretsChanged: ['smtpPassword'],
    });
    expect(row.description).toBe('Saved the email settings: patientEmailSettings.reminderFrequencyDays, smtpPort, smtpPassword');
    for (const value of [secret, 'smtp-password-value']) {
      expect(await sql(`select id from public.audit_log a where a::text like $1`, [`%${value}%`])).toEqual([]);
    }
  }, 60_000);

  it('the pharmacy group is audited by its field names, hours as dotted paths', async () => {
    const write = await saveFull(a, 'pharmacy');
    const hours = write.operatingHours as Plain;
    await put(a.admin.client, 'pharmacy', { ...write, phone: '(217) 555-0199', operatingHours: { ...hours, monday: { open: '08:00', close: '18:00', closed: false } } });
    expect((await lastSettingsAudit(a.id, 'pharmacy')).details).toEqual({
      group: 'pharmacy',
      changedFields: ['operatingHours.monday.open', 'phone'],
      changes: { 'operatingHours.monday.open': { old: '09:00', new: '08:00' }, phone: { old: '(217) 555-0142', new: '(217) 555-0199' } },
      secretsChanged: [],
    });
  });

  it('the labels tab changing a printing field is audited under labels by its labels name', async () => {
    await saveFull(a, 'labels');
    await put(a.admin.client, 'labels', { ...FULL_SETTINGS_WRITES.labels(), defaultMonographFormat: 'both' });
    expect((await lastSettingsAudit(a.id, 'labels')).details).toMatchObject({
      changedFields: ['defaultMonographFormat'], changes: { defaultMonographFormat: { old: 'long', new: 'both' } },
    });
  });
});
