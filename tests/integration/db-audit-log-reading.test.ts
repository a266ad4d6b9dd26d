/**
 * Reading the audit log (migration 20261123000500_audit_log_reading): public.audit_log_page and
 * public.audit_log_actions for the Security Manager's Audit Log tab.
 *   * newest first; the (created_at, id) cursor pages back without gaps or repeats, ties included;
 *   * filters: user, action, patient, and a date range in the pharmacy's own days (its time zone);
 *   * the spec's fields: user name (null for an unknown user), description, IP, timestamp, success;
 *   * admins only: pharmacist, technician and anon refused; another pharmacy's entries never appear;
 *   * the plan: at 30,000 entries each filter reads its index in page order, no Seq Scan, no Sort.
 */
import { nestedPlansOf } from '../support/nested-plans.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, createTestClient, sql } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
const PATIENT = '7e0b4c1a-2f3d-4e5a-9b6c-1d2e3f4a5b6c';
const UNKNOWN_USER = '00000000-0000-4000-8000-0000000000aa';

interface PageRow {
  id: number;
  created_at: string;
  actor_user_id: string | null;
  user_name: string | null;
  action: string;
  description: string;
  ip_address: string | null;
  success: boolean;
  patient_id: string | null;
}

type Client = TestPharmacy['admin']['client'];

async function page(client: Client, args: Record<string, unknown> = {}): Promise<PageRow[]> {
  const { data, error } = await client.rpc('audit_log_page', args);
  if (error) throw new Error(error.message);
  return data as PageRow[];
}

/** Every page of a query, following the cursor; the ids in the order read. */
async function allPages(client: Client, args: Record<string, unknown>, pageSize: number): Promise<number[]> {
  const ids: number[] = [];
  let cursor: Record<string, unknown> = {};
  for (;;) {
    const rows = await page(client, { ...args, ...cursor, page_size: pageSize });
    ids.push(...rows.map((row) => Number(row.id)));
    if (rows.length < pageSize) return ids;
    const last = rows.at(-1)!;
    cursor = { before_created_at: last.created_at, before_id: last.id };
  }
}

/** The oracle: the pharmacy's entries in page order, straight from the table (as the owner). */
async function expectedIds(pharmacyId: string, where = 'true', params: unknown[] = []): Promise<number[]> {
  const rows = await sql<{ id: string }>(
    `select id from public.audit_log a where a.pharmacy_id = $1 and (${where}) order by a.created_at desc, a.id desc`,
    [pharmacyId, ...params],
  );
  return rows.map((row) => Number(row.id));
}

beforeAll(async () => {
  [a, b] = [await createPharmacy('Audit Reading Pharmacy A'), await createPharmacy('Audit Reading Pharmacy B')];
  // History of June 2025 in both pharmacies (Illinois: America/Chicago, UTC-5 in June), three entries sharing
  // each timestamp so the cursor must break ties by id.
  for (const pharmacy of [a, b]) {
    await sql(
      `insert into public.audit_log (pharmacy_id, actor_user_id, patient_id, action, entity_type, entity_id, description, ip_address, success, created_at)
       select $1, case i % 3 when 0 then $2::uuid when 1 then $3::uuid else $4::uuid end,
              case when i % 5 = 0 then $5::uuid end,
              case when i % 2 = 0 then 'patient_record_opened' else 'sign_in' end, 'test', i::text,
              'Entry ' || i, ('203.0.113.' || (i % 250))::inet, i % 7 <> 0,
              timestamptz '2025-06-14 12:00:00+00' + ((i / 3) * interval '1 hour')
       from generate_series(1, 150) i`,
      [pharmacy.id, pharmacy.admin.id, pharmacy.pharmacist.id, UNKNOWN_USER, PATIENT],
    );
  }
}, 120_000);

afterAll(closeSql);

describe('audit_log_page: newest first, paged back by the cursor', () => {
  it('gives the newest 100 by default, newest first, with the spec fields', async () => {
    const rows = await page(a.admin.client);
    expect(rows).toHaveLength(100);
    expect(rows.map((row) => Number(row.id))).toEqual((await expectedIds(a.id)).slice(0, 100));
    const early = await page(a.admin.client, { to_date: '2025-06-14' });
    const entry = early.find((row) => row.description === 'Entry 6')!;
    expect(entry).toMatchObject({
      actor_user_id: a.admin.id, action: 'patient_record_opened', ip_address: '203.0.113.6', success: true, patient_id: null,
    });
    expect(entry.user_name).toMatch(/\S/);
    expect(early.find((row) => row.description === 'Entry 7')).toMatchObject({ user_name: `Phil Pharmacist of ${a.name}`, success: false });
    expect(early.find((row) => row.description === 'Entry 8')).toMatchObject({ actor_user_id: UNKNOWN_USER, user_name: null });
  });

  it('pages back through the whole log without gaps or repeats, ties at one timestamp included', async () => {
    const read = await allPages(a.admin.client, {}, 7);
    expect(new Set(read).size).toBe(read.length);
    expect(read).toEqual(await expectedIds(a.id));
  });

  it('refuses a bad page size or half a cursor, and changes nothing', async () => {
    for (const pageSize of [0, 101]) {
      expect((await a.admin.client.rpc('audit_log_page', { page_size: pageSize })).error?.message).toBe('A page holds 1 to 100 entries');
    }
    expect((await a.admin.client.rpc('audit_log_page', { before_id: 5 })).error?.message).toBe('A page cursor needs both before_created_at and before_id');
    expect((await a.admin.client.rpc('audit_log_page', { from_date: '2025-06-16', to_date: '2025-06-15' })).error?.message)
      .toBe('The from date must not be after the to date');
  });
});

describe('audit_log_page: filters', () => {
  it('by user, action and patient, alone and together, through every page', async () => {
    expect(await allPages(a.admin.client, { filter_user_id: a.pharmacist.id }, 9)).toEqual(await expectedIds(a.id, 'a.actor_user_id = $2', [a.pharmacist.id]));
    expect(await allPages(a.admin.client, { filter_action: 'sign_in' }, 9)).toEqual(await expectedIds(a.id, `a.action = 'sign_in'`));
    const byPatient = await allPages(a.admin.client, { filter_patient_id: PATIENT }, 9);
    expect(byPatient).toHaveLength(30);
    expect(byPatient).toEqual(await expectedIds(a.id, 'a.patient_id = $2', [PATIENT]));
    expect(await allPages(a.admin.client, { filter_user_id: a.admin.id, filter_action: 'patient_record_opened', filter_patient_id: PATIENT }, 4))
      .toEqual(await expectedIds(a.id, `a.actor_user_id = $2 and a.action = 'patient_record_opened' and a.patient_id = $3`, [a.admin.id, PATIENT]));
  });

  it("by date: whole days in the pharmacy's time zone, both ends included", async () => {
    // 2025-06-15 in Chicago is [05:00Z on the 15th, 05:00Z on the 16th).
    const day = await allPages(a.admin.client, { from_date: '2025-06-15', to_date: '2025-06-15' }, 50);
    expect(day).toEqual(await expectedIds(a.id, `a.created_at >= '2025-06-15 05:00+00' and a.created_at < '2025-06-16 05:00+00'`));
    expect(day).toHaveLength(72);
    expect(await allPages(a.admin.client, { from_date: '2025-06-16' }, 50)).toEqual(await expectedIds(a.id, `a.created_at >= '2025-06-16 05:00+00'`));
    expect(await allPages(a.admin.client, { to_date: '2025-06-14', filter_action: 'sign_in' }, 50))
      .toEqual(await expectedIds(a.id, `a.created_at < '2025-06-15 05:00+00' and a.action = 'sign_in'`));
  });
});

describe('audit_log_page and audit_log_actions: admins of the pharmacy only', () => {
  it("never shows another pharmacy's entries", async () => {
    const read = new Set(await allPages(b.admin.client, {}, 100));
    expect([...read].sort()).toEqual((await expectedIds(b.id)).sort());
    for (const id of await expectedIds(a.id)) expect(read.has(id)).toBe(false);
    expect(await page(b.admin.client, { filter_user_id: a.pharmacist.id })).toEqual([]);
  });

  it('refuses the pharmacist, the technician and anon', async () => {
    for (const staff of [a.pharmacist, a.technician]) {
      const refused = await staff.client.rpc('audit_log_page', {});
      expect(refused.error?.code).toBe('42501');
      expect(refused.error?.message).toBe('Only a pharmacy admin can read the audit log');
      expect((await staff.client.rpc('audit_log_actions')).error?.code).toBe('42501');
      // The table's own row-level security admits them to nothing either.
      expect((await staff.client.from('audit_log').select('id')).data).toEqual([]);
    }
    expect((await createTestClient().rpc('audit_log_page', {})).error?.message).toMatch(/permission denied/);
    expect((await createTestClient().rpc('audit_log_actions')).error?.message).toMatch(/permission denied/);
  });

  it('lists the distinct actions of the pharmacy, alphabetically', async () => {
    const { data, error } = await a.admin.client.rpc('audit_log_actions');
    expect(error).toBeNull();
    const expected = (await sql<{ action: string }>(`select distinct action from public.audit_log where pharmacy_id = $1 order by 1`, [a.id]))
      .map((row) => row.action);
    expect(data).toEqual(expected);
    expect(expected).toEqual(expect.arrayContaining(['patient_record_opened', 'sign_in']));
  });
});

describe('audit_log_page: each filter reads its index in page order at 30,000 entries', () => {
  /** The plans of the statements audit_log_page runs, as A's admin. */
  async function planOf(args: string): Promise<string> {
    const plans = await nestedPlansOf(a.admin.id, `select count(*) from public.audit_log_page(${args})`);
    return plans.filter((plan) => plan.includes('from public.audit_log a')).join('\n');
  }

  // Eight actions over three users: every filtered case below matches over a thousand entries (one user's one
  // action 1,250; one action over three months ~1,600), so reading 100 of them along the index clearly beats
  // collecting and sorting them all — with a few hundred the planner may rightly choose either.
  beforeAll(async () => {
    await sql(
      `insert into public.audit_log (pharmacy_id, actor_user_id, patient_id, action, entity_type, description, created_at)
       select $1, case i % 3 when 0 then $2::uuid when 1 then $3::uuid else $4::uuid end,
              case when i % 500 = 0 then gen_random_uuid() end, 'bulk_action_' || (i % 8), 'test', 'Bulk ' || i,
              timestamptz '2024-01-01 00:00+00' + i * interval '10 minutes'
       from generate_series(1, 30000) i`,
      [a.id, a.admin.id, a.pharmacist.id, a.technician.id],
    );
    await sql('analyze public.audit_log');
  }, 120_000);

  it.each([
    ['no filter', 'page_size => 100', 'audit_log_pharmacy_page_idx'],
    ['a cursor', `page_size => 100, before_created_at => '2024-03-01', before_id => 999999999`, 'audit_log_pharmacy_page_idx'],
    ['a user', `filter_user_id => '${'USER'}'`, 'audit_log_actor_page_idx'],
    ['an action', `filter_action => 'bulk_action_7'`, 'audit_log_action_page_idx'],
    ['a patient', `filter_patient_id => '${PATIENT}'`, 'audit_log_patient_access_idx'],
    ['a date range', `from_date => '2024-02-01', to_date => '2024-02-10'`, 'audit_log_pharmacy_page_idx'],
    ['a user and an action', `filter_user_id => '${'USER'}', filter_action => 'bulk_action_7'`, 'audit_log_actor_action_page_idx'],
    ['a patient and a user', `filter_patient_id => '${PATIENT}', filter_user_id => '${'USER'}'`, 'audit_log_patient_access_idx'],
    ['an action and dates', `filter_action => 'bulk_action_7', from_date => '2024-01-05', to_date => '2024-03-31'`, 'audit_log_action_page_idx'],
  ])('%s', async (_what, args, index) => {
    const plan = await planOf(args.replace('USER', a.pharmacist.id));
    expect(plan).not.toMatch(/Seq Scan on audit_log/);
    if (index === 'audit_log_patient_access_idx') {
      // One patient's entries are few (tens, not thousands): reading them by the patient index and sorting that handful
      // is as right as walking the index in order, and which one the planner takes follows the whole table's sampled
      // statistics (every other test's entries included). The index is what must serve the filter.
      expect(plan).toMatch(new RegExp(`(Bitmap )?Index Scan (using|on) ${index}`));
      return;
    }
    expect(plan).toContain(`Index Scan using ${index}`);
    expect(plan).not.toMatch(/Sort/);
  });
});
