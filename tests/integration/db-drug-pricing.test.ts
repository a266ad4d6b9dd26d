/**
 * Drug pricing in the database (migration 20261126000400_drug_pricing), command by command, as real users through
 * supabase-js: the price history written by the medications trigger on every path (append-only, staff read), the
 * runs of the price update (record_drug_price_update: pharmacists and admins, the service role for the scheduled
 * run), the weekly schedule (staff read, pharmacists and admins write) and its timing (the pharmacy's time zone,
 * DST), and the pg_cron job that asks for due updates.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, createServiceClient, createTestClient, sql, stackEnv } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let anon: SupabaseClient;
let sequence = 0;

beforeAll(async () => {
  anon = createTestClient();
  [a, b] = [await createPharmacy('Pricing Pharmacy A'), await createPharmacy('Pricing Pharmacy B')];
}, 120_000);

afterAll(closeSql);

/** A medication of a pharmacy with a fresh NDC (4-4-2), added by the database's owner. */
async function addMedication(pharmacyId: string, columns: Record<string, unknown> = {}): Promise<string> {
  sequence += 1;
  const ndc = `7${String(process.pid % 1000).padStart(3, '0')}-${String(sequence).padStart(4, '0')}-11`;
  const values = { name: `Priced drug ${sequence}`, ndc_number: ndc, package_size: 100, package_unit: 'EA', ...columns };
  const names = Object.keys(values);
  const [row] = await sql<{ id: string }>(
    `insert into public.medications (pharmacy_id, ${names.join(', ')}) values ($1, ${names.map((_, i) => `$${i + 2}`).join(', ')}) returning id`,
    [pharmacyId, ...Object.values(values)],
  );
  return row!.id;
}

interface HistoryRow {
  price_kind: string;
  new_value: string | null;
  previous_value: string | null;
  package_price: string | null;
  source: string;
  recorded_by: string | null;
  effective_date: string;
}

const history = (medicationId: string) =>
  sql<HistoryRow>(
    `select price_kind, new_value::text, previous_value::text, package_price::text, source, recorded_by, effective_date::text
       from public.medication_price_history where medication_id = $1 order by recorded_at, price_kind`,
    [medicationId],
  );

describe('medication_price_history: written by the medications trigger', () => {
  it('records each price that changes — on insert and on a manual edit — with who, and stamps prices_updated_at', async () => {
    const id = await addMedication(a.id, { awp_price: 120, nadac_per_unit: 0.5, nadac_effective_date: '2026-11-01' });
    expect(await history(id)).toEqual([
      { price_kind: 'awp', new_value: '120.00000', previous_value: null, package_price: '120.00', source: 'manual', recorded_by: null, effective_date: expect.any(String) },
      { price_kind: 'nadac', new_value: '0.50000', previous_value: null, package_price: '50.00', source: 'manual', recorded_by: null, effective_date: '2026-11-01' },
    ]);
    const [before] = await sql<{ prices_updated_at: Date }>('select prices_updated_at from public.medications where id = $1', [id]);
    expect(before!.prices_updated_at).not.toBeNull();

    const edit = await a.pharmacist.client.from('medications').update({ wac_price: 99.5, awp_price: 120 }).eq('id', id);
    expect(edit.error).toBeNull();
    const rows = await history(id);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({ price_kind: 'wac', new_value: '99.50000', previous_value: null, source: 'manual', recorded_by: a.pharmacist.id });
    const [after] = await sql<{ prices_updated_at: Date }>('select prices_updated_at from public.medications where id = $1', [id]);
    expect(after!.prices_updated_at.getTime()).toBeGreaterThan(before!.prices_updated_at.getTime());
  });

  it('an edit that changes no price writes no history and keeps prices_updated_at, which no client sets', async () => {
    const id = await addMedication(a.id, { awp_price: 10 });
    const [before] = await sql<{ prices_updated_at: Date }>('select prices_updated_at from public.medications where id = $1', [id]);
    const edit = await a.admin.client.from('medications').update({ stock: 3, awp_price: 10, prices_updated_at: '2001-01-01T00:00:00Z' }).eq('id', id);
    expect(edit.error).toBeNull();
    expect(await history(id)).toHaveLength(1);
    const [after] = await sql<{ prices_updated_at: Date }>('select prices_updated_at from public.medications where id = $1', [id]);
    expect(after!.prices_updated_at).toEqual(before!.prices_updated_at);
  });

  it('a sync (synced_at moves) is recorded as source sync', async () => {
    const id = await addMedication(a.id);
    await sql(`update public.medications set awp_price = 5, synced_at = now() where id = $1`, [id]);
    expect((await history(id)).map((row) => [row.price_kind, row.source])).toEqual([['awp', 'sync']]);
  });

  it("select: staff of every role read their pharmacy's history; another pharmacy and anon read none", async () => {
    const id = await addMedication(a.id, { awp_price: 1 });
    for (const client of [a.technician.client, a.pharmacist.client, a.admin.client]) {
      const { data, error } = await client.from('medication_price_history').select('medication_id, pharmacy_id').eq('medication_id', id);
      expect(error).toBeNull();
      expect(data).toEqual([{ medication_id: id, pharmacy_id: a.id }]);
    }
    for (const client of [b.admin.client, b.pharmacist.client, anon]) {
      const { data } = await client.from('medication_price_history').select('id').eq('medication_id', id);
      expect(data ?? []).toEqual([]);
    }
  });

  it('insert, update, delete: refused to every client; the history is append-only even for the owner, and goes only with its medication', async () => {
    const id = await addMedication(a.id, { awp_price: 2 });
    for (const client of [a.admin.client, a.pharmacist.client, a.technician.client, anon]) {
      const insert = await client.from('medication_price_history').insert({ pharmacy_id: a.id, medication_id: id, price_kind: 'awp', new_value: 1, effective_date: '2026-01-01', source: 'manual' });
      expect(insert.error?.code).toBe('42501');
      const update = await client.from('medication_price_history').update({ new_value: 0 }).eq('medication_id', id).select();
      expect(update.error?.code).toBe('42501');
      const remove = await client.from('medication_price_history').delete().eq('medication_id', id).select();
      expect(remove.error?.code).toBe('42501');
    }
    await expect(sql('update public.medication_price_history set new_value = 0 where medication_id = $1', [id])).rejects.toThrow('The price history cannot be changed');
    await expect(sql('delete from public.medication_price_history where medication_id = $1', [id])).rejects.toThrow('The price history cannot be changed');
    expect(await history(id)).toHaveLength(1);
    const removed = await a.admin.client.from('medications').delete().eq('id', id);
    expect(removed.error).toBeNull();
    expect(await history(id)).toEqual([]);
  });
});

describe('record_drug_price_update and drug_price_update_runs', () => {
  const runsOf = (pharmacyId: string) =>
    sql<{ trigger: string; status: string; local_updates_applied: number; prices_changed: number; failed_count: number; requested_by: string | null; detail: string | null }>(
      'select trigger, status, local_updates_applied, prices_changed, failed_count, requested_by, detail from public.drug_price_update_runs where pharmacy_id = $1 order by finished_at',
      [pharmacyId],
    );

  it('pharmacists and admins write NADAC prices (history source nadac, package price) and record a manual run; a confirmed price counts, without history', async () => {
    const id = await addMedication(a.id, { package_size: 30 });
    const prices = [{ medication_id: id, nadac_per_unit: 0.12345, effective_date: '2026-11-12' }];
    const first = await a.pharmacist.client.rpc('record_drug_price_update', { prices, failed_count: 1, detail: 'X: not listed' });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ localUpdatesApplied: 1, pricesChanged: 1 });
    expect(await history(id)).toEqual([
      { price_kind: 'nadac', new_value: '0.12345', previous_value: null, package_price: '3.70', source: 'nadac', recorded_by: a.pharmacist.id, effective_date: '2026-11-12' },
    ]);
    const second = await a.admin.client.rpc('record_drug_price_update', { prices });
    expect(second.data).toMatchObject({ localUpdatesApplied: 1, pricesChanged: 0 });
    expect(await history(id)).toHaveLength(1);
    expect((await runsOf(a.id)).slice(-2)).toEqual([
      { trigger: 'manual', status: 'succeeded', local_updates_applied: 1, prices_changed: 1, failed_count: 1, requested_by: a.pharmacist.id, detail: 'X: not listed' },
      { trigger: 'manual', status: 'succeeded', local_updates_applied: 1, prices_changed: 0, failed_count: 0, requested_by: a.admin.id, detail: null },
    ]);
    // A manual edit after it is a manual change again (the transaction-local source does not leak).
    await a.pharmacist.client.from('medications').update({ nadac_per_unit: 0.2 }).eq('id', id);
    expect((await history(id)).at(-1)).toMatchObject({ source: 'manual', previous_value: '0.12345' });
  });

  it("refuses technicians, anon, another pharmacy's medications and a failed run with prices; changes nothing", async () => {
    const id = await addMedication(a.id);
    const prices = [{ medication_id: id, nadac_per_unit: 1, effective_date: null }];
    const runsBefore = (await runsOf(a.id)).length;
    const technician = await a.technician.client.rpc('record_drug_price_update', { prices });
    expect(technician.error).toMatchObject({ code: '42501', message: 'Only pharmacists and administrators can update drug prices' });
    expect((await anon.rpc('record_drug_price_update', { prices })).error?.code).toBe('42501');
    const foreign = await b.pharmacist.client.rpc('record_drug_price_update', { prices });
    expect(foreign.data).toMatchObject({ localUpdatesApplied: 0 });
    const named = await b.pharmacist.client.rpc('record_drug_price_update', { prices, for_pharmacy_id: a.id });
    expect(named.error?.code).toBe('42501');
    const failedWithPrices = await a.pharmacist.client.rpc('record_drug_price_update', { prices, outcome: 'failed' });
    expect(failedWithPrices.error?.code).toBe('22023');
    expect(await history(id)).toEqual([]);
    expect((await runsOf(a.id)).length).toBe(runsBefore);
  });

  it('the service role records a scheduled run for the pharmacy it names', async () => {
    const id = await addMedication(b.id);
    const { data, error } = await createServiceClient().rpc('record_drug_price_update', {
      prices: [{ medication_id: id, nadac_per_unit: 2, effective_date: '2026-11-12' }],
      for_pharmacy_id: b.id,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ localUpdatesApplied: 1 });
    expect((await runsOf(b.id)).at(-1)).toMatchObject({ trigger: 'scheduled', requested_by: null, local_updates_applied: 1 });
    expect((await history(id))[0]).toMatchObject({ source: 'nadac', recorded_by: null });
  });

  it("select: staff read their pharmacy's runs; another pharmacy and anon read none; no client writes, nobody changes a run", async () => {
    await a.pharmacist.client.rpc('record_drug_price_update', { prices: [] });
    for (const client of [a.technician.client, a.pharmacist.client, a.admin.client]) {
      const { data } = await client.from('drug_price_update_runs').select('pharmacy_id');
      expect(new Set(data?.map((row) => row.pharmacy_id))).toEqual(new Set([a.id]));
    }
    expect((await b.admin.client.from('drug_price_update_runs').select('id').eq('pharmacy_id', a.id)).data).toEqual([]);
    expect((await anon.from('drug_price_update_runs').select('id')).data ?? []).toEqual([]);
    for (const client of [a.admin.client, a.pharmacist.client, a.technician.client]) {
      const insert = await client.from('drug_price_update_runs').insert({ pharmacy_id: a.id, trigger: 'manual', started_at: new Date().toISOString(), status: 'succeeded' });
      expect(insert.error?.code).toBe('42501');
      expect((await client.from('drug_price_update_runs').update({ status: 'failed' }).eq('pharmacy_id', a.id).select()).error?.code).toBe('42501');
      expect((await client.from('drug_price_update_runs').delete().eq('pharmacy_id', a.id).select()).error?.code).toBe('42501');
    }
    await expect(sql(`update public.drug_price_update_runs set status = 'failed' where pharmacy_id = $1`, [a.id])).rejects.toThrow("A price update's record cannot be changed");
  });
});

describe('drug_price_schedules', () => {
  it('insert and update: pharmacists and admins of the pharmacy; technicians, another pharmacy and anon cannot', async () => {
    const technician = await a.technician.client.from('drug_price_schedules').insert({ enabled: true, weekday: 1, local_time: '06:00' });
    expect(technician.error?.code).toBe('42501');
    expect((await anon.from('drug_price_schedules').insert({ enabled: true, weekday: 1, local_time: '06:00' })).error).not.toBeNull();
    const foreign = await b.admin.client.from('drug_price_schedules').insert({ pharmacy_id: a.id, enabled: true, weekday: 1, local_time: '06:00' });
    expect(foreign.error?.message).toBe('Rows can only be added to your own pharmacy');
    const saved = await a.pharmacist.client.from('drug_price_schedules').insert({ enabled: true, weekday: 1, local_time: '06:00', last_requested_slot: '2030-01-01T00:00:00Z' }).select().single();
    expect(saved.error).toBeNull();
    expect(saved.data).toMatchObject({ pharmacy_id: a.id, updated_by: a.pharmacist.id, last_requested_slot: null });

    const byTechnician = await a.technician.client.from('drug_price_schedules').update({ weekday: 3 }).eq('pharmacy_id', a.id).select();
    expect(byTechnician.data ?? []).toEqual([]);
    const byForeign = await b.admin.client.from('drug_price_schedules').update({ weekday: 3 }).eq('pharmacy_id', a.id).select();
    expect(byForeign.data ?? []).toEqual([]);
    const byAdmin = await a.admin.client.from('drug_price_schedules').update({ weekday: 5, local_time: '21:30' }).eq('pharmacy_id', a.id).select().single();
    expect(byAdmin.data).toMatchObject({ weekday: 5, local_time: '21:30:00', updated_by: a.admin.id });
    const bad = await a.admin.client.from('drug_price_schedules').update({ weekday: 7 }).eq('pharmacy_id', a.id);
    expect(bad.error?.message).toBe('Choose a day of the week');
  });

  it("select: staff of every role read their pharmacy's schedule; another pharmacy and anon do not", async () => {
    for (const client of [a.technician.client, a.pharmacist.client, a.admin.client]) {
      expect((await client.from('drug_price_schedules').select('pharmacy_id')).data).toEqual([{ pharmacy_id: a.id }]);
    }
    expect((await b.admin.client.from('drug_price_schedules').select('pharmacy_id')).data).toEqual([]);
    expect((await anon.from('drug_price_schedules').select('pharmacy_id')).data ?? []).toEqual([]);
  });

  it('delete: refused to every client (a schedule is turned off, not removed)', async () => {
    for (const client of [a.admin.client, a.pharmacist.client, a.technician.client]) {
      expect((await client.from('drug_price_schedules').delete().eq('pharmacy_id', a.id).select()).error?.code).toBe('42501');
    }
    expect(await sql('select 1 from public.drug_price_schedules where pharmacy_id = $1', [a.id])).toHaveLength(1);
  });
});

describe('the weekly time, in the pharmacy\'s time zone', () => {
  /** due_slot and next_run_at of a schedule (Monday 06:00 unless said) at a moment. */
  async function timing(at: string, zone: string, options: { weekday?: number; time?: string; changedAt?: string; lastSlot?: string | null; enabled?: boolean } = {}) {
    const [row] = await sql<{ due_slot: Date | null; next_run_at: Date | null }>(
      `select due_slot, next_run_at from private.drug_price_update_timing(
         row(gen_random_uuid(), $1::boolean, $2::smallint, $3::time, $4::timestamptz, $5::timestamptz, now(), null::uuid)::public.drug_price_schedules, $6::text, $7::timestamptz)`,
      [options.enabled ?? true, options.weekday ?? 1, options.time ?? '06:00', options.changedAt ?? '2026-01-01T00:00:00Z', options.lastSlot ?? null, zone, at],
    );
    return { due: row!.due_slot?.toISOString() ?? null, next: row!.next_run_at?.toISOString() ?? null };
  }

  it('stays on the wall clock across DST: Monday 06:00 New York is 10:00Z in October and 11:00Z after the change', async () => {
    // 2026-10-26 is a Monday (EDT); DST ends on 2026-11-01, so Monday 2026-11-02 is EST.
    expect(await timing('2026-10-26T09:59:00Z', 'America/New_York', { lastSlot: '2026-10-19T10:00:00Z' })).toEqual({ due: null, next: '2026-10-26T10:00:00.000Z' });
    expect(await timing('2026-10-26T10:05:00Z', 'America/New_York', { lastSlot: '2026-10-19T10:00:00Z' })).toEqual({ due: '2026-10-26T10:00:00.000Z', next: '2026-10-26T10:00:00.000Z' });
    expect(await timing('2026-10-26T10:20:00Z', 'America/New_York', { lastSlot: '2026-10-26T10:00:00Z' })).toEqual({ due: null, next: '2026-11-02T11:00:00.000Z' });
    expect(await timing('2026-11-02T10:30:00Z', 'America/New_York', { lastSlot: '2026-10-26T10:00:00Z' })).toEqual({ due: null, next: '2026-11-02T11:00:00.000Z' });
    // Another zone's Monday: Honolulu (no DST) 06:00 is 16:00Z.
    expect(await timing('2026-11-02T16:01:00Z', 'Pacific/Honolulu')).toEqual({ due: '2026-11-02T16:00:00.000Z', next: '2026-11-02T16:00:00.000Z' });
  });

  it('a weekly time before the schedule was saved is not run; a disabled schedule has no next run', async () => {
    expect(await timing('2026-10-26T10:05:00Z', 'America/New_York', { changedAt: '2026-10-26T10:01:00Z' })).toEqual({ due: null, next: '2026-11-02T11:00:00.000Z' });
    expect(await timing('2026-10-26T10:05:00Z', 'America/New_York', { enabled: false })).toEqual({ due: null, next: null });
  });

  it('the pg_cron job request-due-drug-price-updates runs every 15 minutes', async () => {
    expect(await sql(`select schedule, command, active from cron.job where jobname = 'request-due-drug-price-updates'`)).toEqual([
      { schedule: '*/15 * * * *', command: 'select private.request_due_drug_price_updates()', active: true },
    ]);
  });

  it('clients cannot call the job\'s functions', async () => {
    for (const client of [a.admin.client, anon]) {
      const { error } = await client.schema('private' as 'public').rpc('request_due_drug_price_updates' as never);
      expect(error).not.toBeNull();
    }
    const [grants] = await sql<{ authenticated: boolean; anon: boolean }>(
      `select has_function_privilege('authenticated', 'private.request_due_drug_price_updates(timestamptz)', 'execute') as authenticated,
              has_function_privilege('anon', 'private.request_due_drug_price_updates(timestamptz)', 'execute') as anon`,
    );
    expect(grants).toEqual({ authenticated: false, anon: false });
  });
});

describe('asking the api function from the database (pg_net)', () => {
  /** Calls a request function in a transaction that is rolled back (nothing is sent) and reads what it queued. */
  async function queued(call: string, pharmacyId: string | null, options: { withoutSecrets?: boolean } = {}) {
    const client = new pg.Client({ connectionString: stackEnv().dbUrl });
    await client.connect();
    try {
      await client.query('begin');
      if (options.withoutSecrets) await client.query(`delete from vault.secrets where name = 'service_role_key'`);
      const [{ id }] = (await client.query<{ id: string | null }>(`select ${call}($1) as id`, [pharmacyId])).rows as [{ id: string | null }];
      const [projectUrl] = (await client.query<{ url: string }>(`select decrypted_secret as url from vault.decrypted_secrets where name = 'project_url'`)).rows;
      const rows = (await client.query(
        `select method, url, headers, convert_from(body, 'utf8')::jsonb as body, timeout_milliseconds from net.http_request_queue where id = $1`,
        [id],
      )).rows;
      return { id, projectUrl: projectUrl!.url.replace(/\/+$/, ''), rows };
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
  }

  const headers = () => ({ 'Content-Type': 'application/json', Authorization: `Bearer ${stackEnv().serviceRoleKey}` });

  it("the price update's request: POST /api/internal/drugs/price-update with the pharmacy, the service role key, 2 minutes", async () => {
    const { id, projectUrl, rows } = await queued('private.request_drug_price_update', a.id);
    expect(id).not.toBeNull();
    expect(rows).toEqual([{
      method: 'POST', url: `${projectUrl}/functions/v1/api/internal/drugs/price-update`, headers: headers(), body: { pharmacyId: a.id }, timeout_milliseconds: 120000,
    }]);
  });

  it("the outbox's delivery request: POST /api/internal/outbox/deliver with the pharmacy (or null), 10 seconds", async () => {
    for (const pharmacyId of [a.id, null]) {
      const { id, projectUrl, rows } = await queued('private.request_outbox_delivery', pharmacyId);
      expect(id).not.toBeNull();
      expect(rows).toEqual([{
        method: 'POST', url: `${projectUrl}/functions/v1/api/internal/outbox/deliver`, headers: headers(), body: { pharmacyId }, timeout_milliseconds: 10000,
      }]);
    }
  });

  it('without the service role key in Vault nothing is queued and both answer null', async () => {
    for (const call of ['private.request_drug_price_update', 'private.request_outbox_delivery']) {
      expect(await queued(call, a.id, { withoutSecrets: true })).toMatchObject({ id: null, rows: [] });
    }
  });
});
