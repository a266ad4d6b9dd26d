/**
 * System settings in the database (migration 20261125000100_system_settings), as real users through supabase-js
 * and as the roles PostgREST uses: row-level security of pharmacy_settings command by command (admins of the
 * pharmacy read and write every group, pharmacists and technicians read printing and labels, another pharmacy and
 * anon nothing, nobody deletes); save_settings_group is one transaction as the caller; secrets live only in Vault,
 * written by the pharmacy's admin and read only by the service role; every write is audited field by field; the
 * database's lists agree with the shared ones.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_GROUP_KEYS, SETTINGS_GROUPS } from '../../shared/src/settings/groups.ts';
import { FULL_SETTINGS_WRITES } from '../support/settings-writes.ts';
import { closeSql, createServiceClient, createTestClient, sql, stackEnv } from '../support/stack-env.ts';
import { createPharmacy, type StaffRole, type TestPharmacy } from './db-fixtures.ts';

type Plain = Record<string, unknown>;

let a: TestPharmacy;
let b: TestPharmacy;
let anon: SupabaseClient;
const ROLES: StaffRole[] = ['admin', 'pharmacist', 'technician'];
const STAFF_READABLE = ['labels', 'printing'];

beforeAll(async () => {
  anon = createTestClient();
  [a, b] = [await createPharmacy('Settings DB Pharmacy A'), await createPharmacy('Settings DB Pharmacy B')];
  // Every table group saved once in A, as its admin.
  for (const key of SETTINGS_GROUP_KEYS.filter((group) => group !== 'pharmacy')) {
    const { error } = await a.admin.client.rpc('save_settings_group', { group_key: key, settings: FULL_SETTINGS_WRITES[key](), secret_changes: {} });
    if (error) throw new Error(`saving ${key}: ${error.message}`);
  }
}, 120_000);

afterAll(closeSql);

async function rowsOf(pharmacyId: string) {
  return sql<{ group_key: string; settings: Plain; updated_by: string | null }>(
    `select group_key, settings, updated_by from public.pharmacy_settings where pharmacy_id = $1 order by group_key`, [pharmacyId]);
}

/** Runs a statement as an API role with a user's JWT claims, as PostgREST does, then rolls back. */
async function asRole(role: 'anon' | 'authenticated' | 'service_role', userId: string | null, statement: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: stackEnv().dbUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: userId, role })]);
    await client.query(`set local role ${role}`);
    try {
      return { rows: (await client.query(statement, params)).rows as Plain[] };
    } catch (error) {
      return { error: (error as Error).message };
    }
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }
}

describe('pharmacy_settings: row-level security per command', () => {
  it("select: the admin reads every group of their pharmacy, pharmacists and technicians printing and labels; another pharmacy and anon nothing", async () => {
    const saved = SETTINGS_GROUP_KEYS.filter((key) => key !== 'pharmacy').sort();
    const admin = await a.admin.client.from('pharmacy_settings').select('group_key, pharmacy_id').order('group_key');
    expect(admin.data?.map((row) => row.group_key)).toEqual(saved);
    for (const role of ['pharmacist', 'technician'] as const) {
      const { data } = await a[role].client.from('pharmacy_settings').select('group_key').order('group_key');
      expect(data?.map((row) => row.group_key), role).toEqual(STAFF_READABLE);
    }
    for (const role of ROLES) {
      const { data } = await b[role].client.from('pharmacy_settings').select('group_key').eq('pharmacy_id', a.id);
      expect(data, `B ${role}`).toEqual([]);
    }
    expect((await anon.from('pharmacy_settings').select('group_key')).data ?? []).toEqual([]);
  });

  it("insert: the admin adds a group to their own pharmacy; pharmacists, technicians, anon and another pharmacy's admin cannot", async () => {
    for (const role of ['pharmacist', 'technician'] as const) {
      const { error } = await b[role].client.from('pharmacy_settings').insert({ group_key: 'reports', settings: { dailyReportsEnabled: true } });
      expect(error?.code, role).toBe('42501');
    }
    expect((await anon.from('pharmacy_settings').insert({ pharmacy_id: b.id, group_key: 'reports', settings: {} })).error).not.toBeNull();
    const foreign = await a.admin.client.from('pharmacy_settings').insert({ pharmacy_id: b.id, group_key: 'reports', settings: {} });
    expect(foreign.error?.message).toBe('Rows can only be added to your own pharmacy');
    const unknown = await b.admin.client.from('pharmacy_settings').insert({ group_key: 'weather', settings: {} });
    expect(unknown.error?.message).toBe('Unknown settings group: use transmission, reports, profit-loss, printing, controlled, labels, fax, email, refills or billing');
    expect(await rowsOf(b.id)).toEqual([]);

    const { data, error } = await b.admin.client.from('pharmacy_settings').insert({ group_key: 'reports', settings: { monthlyReportDay: 9 } })
      .select('pharmacy_id, group_key, updated_by').single();
    expect(error).toBeNull();
    // The pharmacy and the author come from the database.
    expect(data).toEqual({ pharmacy_id: b.id, group_key: 'reports', updated_by: b.admin.id });
  });

  it("update: the admin changes their pharmacy's settings; pharmacists, technicians and another pharmacy change nothing; the pharmacy and group never change", async () => {
    const before = await rowsOf(a.id);
    for (const role of ['pharmacist', 'technician'] as const) {
      const { data, error } = await a[role].client.from('pharmacy_settings').update({ settings: { labelTemplate: 'forged' } }).eq('group_key', 'printing').select();
      if (!error) expect(data, role).toEqual([]);
    }
    for (const role of ROLES) {
      const { data, error } = await b[role].client.from('pharmacy_settings').update({ settings: {} }).eq('pharmacy_id', a.id).select();
      if (!error) expect(data, `B ${role}`).toEqual([]);
    }
    expect(await rowsOf(a.id)).toEqual(before);
    const moved = await a.admin.client.from('pharmacy_settings').update({ group_key: 'fax' }).eq('group_key', 'email').select();
    expect(moved.error?.code).toBe('42501');
    const rehomed = await a.admin.client.from('pharmacy_settings').update({ pharmacy_id: b.id }).eq('group_key', 'email').select();
    expect(rehomed.error?.code).toBe('42501');

    const { data, error } = await a.admin.client.from('pharmacy_settings')
      .update({ settings: { ...FULL_SETTINGS_WRITES.reports(), monthlyReportDay: 3 } }).eq('group_key', 'reports').select('group_key');
    expect(error).toBeNull();
    expect(data).toEqual([{ group_key: 'reports' }]);
  });

  it('delete: nobody deletes a group (saving the defaults resets it, audited), not even the admin', async () => {
    const before = await rowsOf(a.id);
    for (const role of ROLES) {
      const { error } = await a[role].client.from('pharmacy_settings').delete().eq('group_key', 'printing');
      expect(error?.code, role).toBe('42501');
    }
    expect((await anon.from('pharmacy_settings').delete().eq('pharmacy_id', a.id)).error).not.toBeNull();
    expect(await rowsOf(a.id)).toEqual(before);
  });

  it('a secret is never stored in the table, whoever writes the row', async () => {
    const before = await rowsOf(a.id);
    const { error } = await a.admin.client.from('pharmacy_settings').update({ settings: FULL_SETTINGS_WRITES.fax() }).eq('group_key', 'fax');
    expect(error).toMatchObject({ code: '22023', message: 'Secrets are kept in Vault: save providerApiKey through the settings api' });
    const nested = await b.admin.client.from('pharmacy_settings').insert({ group_key: 'profit-loss', settings: { accountingSystemConfig: { apiKey: 'k' } } });
    expect(nested.error?.message).toBe('Secrets are kept in Vault: save accountingSystemConfig.apiKey through the settings api');
    expect(await rowsOf(a.id)).toEqual(before);
  });

  it('a write made without save_settings_group is audited too, field by field', async () => {
    const { providerApiKey: _secret, ...fax } = FULL_SETTINGS_WRITES.fax();
    const { error } = await a.admin.client.from('pharmacy_settings').update({ settings: { ...fax, faxRetryAttempts: 2 } }).eq('group_key', 'fax');
    expect(error).toBeNull();
    const [row] = await sql<{ actor_user_id: string; details: Plain }>(
      `select actor_user_id, details from public.audit_log where pharmacy_id = $1 and entity_type = 'system_settings' and entity_id = 'fax'
        order by id desc limit 1`, [a.id]);
    expect(row).toEqual({
      actor_user_id: a.admin.id,
      details: { group: 'fax', changedFields: ['faxRetryAttempts'], changes: { faxRetryAttempts: { old: 6, new: 2 } }, secretsChanged: [] },
    });
  });
});

describe('save_settings_group', () => {
  it('refuses anyone but the admin (42501) and changes nothing', async () => {
    const before = await rowsOf(a.id);
    for (const client of [a.pharmacist.client, a.technician.client, anon]) {
      const { error } = await client.rpc('save_settings_group', { group_key: 'email', settings: FULL_SETTINGS_WRITES.email(), secret_changes: { smtpPassword: 'x' } });
      expect(error?.code).toBe('42501');
    }
    expect(await rowsOf(a.id)).toEqual(before);
    expect(await sql(`select name from vault.secrets where name like $1`, [`pharmacy:${a.id}:email.%`])).toEqual([]);
  });

  it('is one transaction: a refused secret change leaves the values unsaved too', async () => {
    const before = await rowsOf(a.id);
    const audits = await sql(`select count(*) from public.audit_log where pharmacy_id = $1`, [a.id]);
    const { error } = await a.admin.client.rpc('save_settings_group', {
      group_key: 'email', settings: { ...FULL_SETTINGS_WRITES.email(), smtpPort: 2626 }, secret_changes: { smtpPassword: 'new', smtpHost: 'not-a-secret' },
    });
    expect(error).toMatchObject({ code: '22023', message: 'Unknown secret setting: smtpHost' });
    expect(await rowsOf(a.id)).toEqual(before);
    expect(await sql(`select name from vault.secrets where name like $1`, [`pharmacy:${a.id}:email.%`])).toEqual([]);
    expect(await sql(`select count(*) from public.audit_log where pharmacy_id = $1`, [a.id])).toEqual(audits);
  });

  it('takes the pharmacy from the caller: a save by B\'s admin never reaches A', async () => {
    const before = await rowsOf(a.id);
    const { error } = await b.admin.client.rpc('save_settings_group', { group_key: 'fax', settings: FULL_SETTINGS_WRITES.fax(), secret_changes: { providerApiKey: 'b-key' } });
    expect(error).toBeNull();
    expect(await rowsOf(a.id)).toEqual(before);
    expect(await sql(`select name from vault.secrets where name like $1`, [`pharmacy:${b.id}:fax.%`])).toEqual([{ name: `pharmacy:${b.id}:fax.providerApiKey` }]);
  });

  it('answers the stored values as the tab shows them and which secrets are set, never their values', async () => {
    const { data, error } = await b.admin.client.rpc('save_settings_group', {
      group_key: 'email', settings: FULL_SETTINGS_WRITES.email(), secret_changes: { smtpPassword: 'answer-secret' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ secretsSet: ['smtpPassword'], values: { smtpPort: 465 } });
    expect(JSON.stringify(data)).not.toContain('answer-secret');
    const read = await b.admin.client.rpc('settings_group', { group_key: 'email' });
    expect(read.data).toEqual(data);
    const asStaff = await b.pharmacist.client.rpc('settings_group', { group_key: 'email' });
    expect(asStaff.error).toMatchObject({ code: '42501', message: 'Only an admin can view these settings' });
  });
});

describe('secrets in Vault', () => {
  it('only the service role reads their values (settings_group_secrets); the API roles cannot, nor read Vault', async () => {
    await b.admin.client.rpc('save_settings_group', { group_key: 'fax', settings: FULL_SETTINGS_WRITES.fax(), secret_changes: { providerApiKey: 'vault-only-key' } });
    for (const client of [anon, b.admin.client]) {
      const { error } = await client.rpc('settings_group_secrets', { settings_pharmacy_id: b.id, settings_group_key: 'fax' });
      expect(error?.code).toBe('42501');
    }
    const { data } = await createServiceClient().rpc('settings_group_secrets', { settings_pharmacy_id: b.id, settings_group_key: 'fax' });
    expect(data).toEqual({ providerApiKey: 'vault-only-key' });
    const vault = await asRole('authenticated', b.admin.id, 'select name from vault.decrypted_secrets');
    expect(vault.error).toMatch(/permission denied/);
    const writer = await asRole('authenticated', b.admin.id, `select private.write_settings_secrets('fax', '{"providerApiKey": null}')`);
    expect(writer.rows).toBeDefined();
    const staffWriter = await asRole('authenticated', b.pharmacist.id, `select private.write_settings_secrets('fax', '{"providerApiKey": "staff"}')`);
    expect(staffWriter.error).toBe('Only an admin can change system settings');
    expect(await sql(`select 1 from public.audit_log a where a::text like '%vault-only-key%'`)).toEqual([]);
  });

  it('the database knows the same secret fields as the shared groups', async () => {
    for (const key of SETTINGS_GROUP_KEYS) {
      const [row] = await sql<{ fields: string[] }>(`select private.settings_secret_fields($1) as fields`, [key]);
      expect(row!.fields, key).toEqual([...SETTINGS_GROUPS[key].secretFields]);
    }
  });
});

describe('database rules read a group as its tab shows it (private.pharmacy_settings_values)', () => {
  it('controlled.deaNumber is the pharmacy record\'s; labels\' monograph fields are the printing row\'s', async () => {
    const [controlled] = await sql<{ v: Plain }>(`select private.pharmacy_settings_values($1, 'controlled') as v`, [a.id]);
    const [{ dea_number: deaNumber }] = await sql<{ dea_number: string }>(`select dea_number from public.pharmacies where id = $1`, [a.id]) as [{ dea_number: string }];
    expect(controlled!.v).toMatchObject({ deaNumber, maxDailyDispensing: 120 });
    const [labels] = await sql<{ v: Plain }>(`select private.pharmacy_settings_values($1, 'labels') as v`, [a.id]);
    const [printing] = await sql<{ settings: Plain }>(`select settings from public.pharmacy_settings where pharmacy_id = $1 and group_key = 'printing'`, [a.id]);
    expect(labels!.v).toMatchObject({
      enableMonographPrinting: printing!.settings.enableMonographPrinting,
      defaultMonographFormat: printing!.settings.monographFormat,
      monographIntegration: printing!.settings.monographIntegration,
    });
    expect(labels!.v).toMatchObject({ enableMonographPrinting: true, defaultMonographFormat: 'long', monographIntegration: 'with_rx_label' });
    // Never saved: {} (callers coalesce to the §9 defaults).
    const [fresh] = await sql<{ v: Plain }>(`select private.pharmacy_settings_values($1, 'transmission') as v`, [b.id]);
    expect(fresh!.v).toEqual({});
    // Staff of any role can ask from database code (the function is theirs to run), whatever the RLS of the row.
    const asTech = await asRole('authenticated', a.technician.id, `select private.pharmacy_settings_values($1, 'controlled') as v`, [a.id]);
    expect(asTech.rows?.[0]?.v).toMatchObject({ maxDailyDispensing: 120 });
  });
});
