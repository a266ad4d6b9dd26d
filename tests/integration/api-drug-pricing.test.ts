/**
 * Drug pricing through the stack (shared/src/api/drug-pricing.ts, edge-functions/api/routes/drug-pricing.ts): the
 * functions ask NADAC at tests/support/drug-provider-server.ts (the fixture tests/fixtures/drug-providers/nadac-rows.json).
 * POST /api/drugs/pricing-update (results, history rows, the run recorded, an unknown NDC, NADAC down, technicians
 * refused, another pharmacy untouched), GET/PUT /api/drugs/pricing-schedule, and the scheduled run: the database's
 * job finds the due pharmacy, pg_net reaches /api/internal/drugs/price-update, and the run is recorded.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NDC_MESSAGES } from '../../shared/src/drugs/ndc.ts';
import { PRICING_MESSAGES, priceScheduleSchema } from '../../shared/src/drugs/pricing.ts';
import { callApi } from '../support/api-call.ts';
import { type DrugProviderServer, drugProviderPort, startDrugProviderServer } from '../support/drug-provider-server.ts';
import { closeSql, createTestClient, eventually, signedInClient, sql } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let providers: DrugProviderServer;
let a: TestPharmacy;
let b: TestPharmacy;
const portBase = Number(process.env.TEST_STACK_PORT_BASE || 55321);
const medication: Record<string, string> = {};

async function addMedication(pharmacyId: string, ndc: string | null, columns: Record<string, unknown> = {}): Promise<string> {
  const values = { name: `Drug ${ndc ?? 'without NDC'}`, ndc_number: ndc, package_size: 90, package_unit: 'EA', ...columns };
  const names = Object.keys(values);
  const [row] = await sql<{ id: string }>(
    `insert into public.medications (pharmacy_id, ${names.join(', ')}) values ($1, ${names.map((_, i) => `$${i + 2}`).join(', ')}) returning id`,
    [pharmacyId, ...Object.values(values)],
  );
  return row!.id;
}

beforeAll(async () => {
  providers = await startDrugProviderServer(drugProviderPort(portBase));
  [a, b] = [await createPharmacy('Pricing Update Pharmacy A'), await createPharmacy('Pricing Update Pharmacy B')];
  medication.lipitor = await addMedication(a.id, '0071-0155-23');
  medication.atorvastatin = await addMedication(a.id, '60505-2671-9', { package_size: null });
  medication.unlisted = await addMedication(a.id, '0002-3227-30');
  medication.inactive = await addMedication(a.id, '0002-3228-30', { active: false });
  medication.withoutNdc = await addMedication(a.id, null);
  medication.otherLipitor = await addMedication(b.id, '0071-0155-23');
}, 120_000);

afterAll(async () => {
  await providers.close();
  await closeSql();
});

afterEach(() => {
  providers.mode.nadac = 'normal';
});

const update = (client: SupabaseClient, body: Record<string, unknown> = {}) => callApi(client, 'drugs/pricing-update', { body });
const nadacOf = async (id: string) =>
  (await sql<{ nadac_per_unit: string | null; nadac_effective_date: string | null }>(
    'select nadac_per_unit::text, nadac_effective_date::text from public.medications where id = $1', [id]))[0];
const runsOf = (pharmacyId: string) =>
  sql<{ trigger: string; status: string; local_updates_applied: number; prices_changed: number; failed_count: number; requested_by: string | null; detail: string | null }>(
    'select trigger, status, local_updates_applied, prices_changed, failed_count, requested_by, detail from public.drug_price_update_runs where pharmacy_id = $1 order by finished_at',
    [pharmacyId],
  );
const nadacHistory = (id: string) =>
  sql<{ new_value: string; previous_value: string | null; package_price: string | null; effective_date: string; source: string; recorded_by: string | null }>(
    `select new_value::text, previous_value::text, package_price::text, effective_date::text, source, recorded_by
       from public.medication_price_history where medication_id = $1 and price_kind = 'nadac' order by recorded_at`,
    [id],
  );

describe('POST /api/drugs/pricing-update', () => {
  it("refuses technicians (403) before asking NADAC, and anyone who is not staff; nothing changes", async () => {
    const before = providers.requests.length;
    expect(await update(a.technician.client)).toEqual({ status: 403, body: { error: PRICING_MESSAGES.pharmacistsOnly } });
    const outsider = (await signedInClient('no-pharmacy')).client;
    expect(await update(outsider)).toEqual({ status: 403, body: { error: PRICING_MESSAGES.staffOnly } });
    expect(providers.requests.length).toBe(before);
    expect(await nadacOf(medication.lipitor!)).toEqual({ nadac_per_unit: null, nadac_effective_date: null });
    expect(await runsOf(a.id)).toEqual([]);
  });

  it('NADAC not reachable: 502 with a clear message, no price changed, a failed run recorded', async () => {
    providers.mode.nadac = 'server-error';
    const answer = await update(a.pharmacist.client);
    expect(answer.status).toBe(502);
    expect((answer.body as { error: string }).error).toBe(PRICING_MESSAGES.unreachable);
    expect(await nadacOf(medication.lipitor!)).toEqual({ nadac_per_unit: null, nadac_effective_date: null });
    expect(await nadacHistory(medication.lipitor!)).toEqual([]);
    expect(await runsOf(a.id)).toEqual([
      expect.objectContaining({ trigger: 'manual', status: 'failed', local_updates_applied: 0, requested_by: a.pharmacist.id, detail: expect.stringContaining(PRICING_MESSAGES.unreachable) }),
    ]);
  });

  it('Update All Pricing (no ndcNumbers): every active medication with an NDC, from NADAC in one batch; an unlisted NDC fails with its reason', async () => {
    const before = providers.requests.length;
    const answer = await update(a.pharmacist.client);
    expect(answer).toEqual({
      status: 200,
      body: { localUpdatesApplied: 2, failed: ['0002-3227-30'], errors: [PRICING_MESSAGES.notInNadac('0002-3227-30')] },
    });
    // One datastore query for the three NDCs (the adapter batches), not one per NDC.
    expect(providers.requests.slice(before).filter((request) => request.includes('/nadac'))).toHaveLength(1);
    expect(await nadacOf(medication.lipitor!)).toEqual({ nadac_per_unit: '14.80213', nadac_effective_date: '2026-10-15' });
    expect(await nadacOf(medication.atorvastatin!)).toEqual({ nadac_per_unit: '0.04531', nadac_effective_date: '2026-11-12' });
    expect(await nadacOf(medication.inactive!)).toEqual({ nadac_per_unit: null, nadac_effective_date: null });
    expect(await nadacHistory(medication.lipitor!)).toEqual([
      { new_value: '14.80213', previous_value: null, package_price: '1332.19', effective_date: '2026-10-15', source: 'nadac', recorded_by: a.pharmacist.id },
    ]);
    expect((await nadacHistory(medication.atorvastatin!))[0]).toMatchObject({ new_value: '0.04531', package_price: null });
    expect((await runsOf(a.id)).at(-1)).toEqual({
      trigger: 'manual', status: 'succeeded', local_updates_applied: 2, prices_changed: 2, failed_count: 1, requested_by: a.pharmacist.id,
      detail: PRICING_MESSAGES.notInNadac('0002-3227-30'),
    });
    // Another pharmacy's product with the same NDC is untouched, and it has no run.
    expect(await nadacOf(medication.otherLipitor!)).toEqual({ nadac_per_unit: null, nadac_effective_date: null });
    expect(await runsOf(b.id)).toEqual([]);
  });

  it('a repeated update confirms the prices: counted as applied, no new history', async () => {
    const answer = await update(a.admin.client);
    expect(answer.body).toMatchObject({ localUpdatesApplied: 2 });
    expect(await nadacHistory(medication.lipitor!)).toHaveLength(1);
    expect((await runsOf(a.id)).at(-1)).toMatchObject({ local_updates_applied: 2, prices_changed: 0, requested_by: a.admin.id });
  });

  it('the NDCs asked for, in any format: malformed and unknown ones fail with their reasons, the rest are priced', async () => {
    await sql('update public.medications set nadac_per_unit = 1 where id = $1', [medication.lipitor]);
    const answer = await update(a.pharmacist.client, { ndcNumbers: ['00071015523', '1234-56789', '99999-9999-99', ' '] });
    expect(answer).toEqual({
      status: 200,
      body: {
        localUpdatesApplied: 1,
        failed: ['1234-56789', '99999-9999-99'],
        errors: [NDC_MESSAGES.segments('1234-56789'), PRICING_MESSAGES.notInCatalog('99999-9999-99')],
      },
    });
    expect((await nadacHistory(medication.lipitor!)).at(-1)).toMatchObject({ new_value: '14.80213', previous_value: '1.00000', source: 'nadac' });
  });

  it('refuses a bad body with the shared schema\'s messages', async () => {
    const answer = await update(a.pharmacist.client, { ndcNumbers: [] });
    expect(answer.status).toBe(400);
    expect((answer.body as { errors: string[] }).errors).toEqual(['Enter at least one NDC number']);
  });
});

describe('GET/PUT /api/drugs/pricing-schedule', () => {
  const schedule = (client: SupabaseClient) => callApi(client, 'drugs/pricing-schedule');
  const save = (client: SupabaseClient, body: unknown) => callApi(client, 'drugs/pricing-schedule', { method: 'PUT', body });

  it('answers staff the default (off) with the pharmacy\'s time zone and the last run', async () => {
    const answer = await schedule(b.technician.client);
    expect(answer.status).toBe(200);
    expect(priceScheduleSchema.parse(answer.body)).toEqual({ enabled: false, weekday: 1, time: '06:00', timezone: 'America/Chicago', nextRunAt: null, lastRun: null });
    const own = priceScheduleSchema.parse((await schedule(a.technician.client)).body);
    expect(own.lastRun).toMatchObject({ status: 'succeeded', localUpdatesApplied: 1, trigger: 'manual' });
  });

  it('answers 403 to a signed-in user who is not staff, reading or saving', async () => {
    const outsider = (await signedInClient('no-pharmacy-schedule')).client;
    expect(await schedule(outsider)).toEqual({ status: 403, body: { error: PRICING_MESSAGES.scheduleStaffOnly } });
    expect(await save(outsider, { enabled: true, weekday: 1, time: '06:00' })).toEqual({ status: 403, body: { error: PRICING_MESSAGES.scheduleStaffOnly } });
  });

  it('pharmacists and admins save it (nextRunAt in the pharmacy\'s time); technicians are refused; bad bodies get the messages', async () => {
    const saved = await save(a.pharmacist.client, { enabled: true, weekday: 3, time: '07:45' });
    expect(saved.status).toBe(200);
    const body = priceScheduleSchema.parse(saved.body);
    expect(body).toMatchObject({ enabled: true, weekday: 3, time: '07:45', timezone: 'America/Chicago' });
    const next = new Date(body.nextRunAt!);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime()).toBeLessThanOrEqual(Date.now() + 7 * 24 * 3600 * 1000);
    const local = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(next);
    expect(local).toBe('Wednesday 07:45');

    expect((await save(a.admin.client, { enabled: false, weekday: 3, time: '07:45' })).body).toMatchObject({ enabled: false, nextRunAt: null });
    expect(await save(a.technician.client, { enabled: true, weekday: 1, time: '06:00' })).toEqual({ status: 403, body: { error: PRICING_MESSAGES.schedulePharmacistsOnly } });
    const bad = await save(a.admin.client, { enabled: 'yes', weekday: 7, time: '7:45' });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: string[] }).errors).toEqual([PRICING_MESSAGES.enabled, PRICING_MESSAGES.weekday, PRICING_MESSAGES.time]);
    expect(priceScheduleSchema.parse((await schedule(a.pharmacist.client)).body)).toMatchObject({ enabled: false, weekday: 3, time: '07:45' });
  });
});

describe('the scheduled weekly update', () => {
  it('the internal endpoint takes only the service role', async () => {
    for (const client of [a.admin.client, createTestClient()]) {
      expect(await callApi(client, 'internal/drugs/price-update', { body: { pharmacyId: a.id } })).toEqual({ status: 403, body: { error: PRICING_MESSAGES.serviceRoleOnly } });
    }
  });

  it('the job finds the due pharmacy, pg_net reaches the api function, and the scheduled run is recorded once', async () => {
    // A weekly time two days ahead in the pharmacy's zone, so the real quarter-hourly job leaves it alone.
    const [slot] = await sql<{ weekday: number; time: string; at: Date }>(
      `select extract(dow from l)::int as weekday, to_char(l, 'HH24:MI') as time, date_trunc('minute', l) at time zone z as at
         from (select (now() + interval '2 days') at time zone p.time_zone as l, p.time_zone as z from public.pharmacies p where p.id = $1) as x`,
      [a.id],
    );
    expect((await callApi(a.pharmacist.client, 'drugs/pricing-schedule', { method: 'PUT', body: { enabled: true, weekday: slot!.weekday, time: slot!.time } })).status).toBe(200);
    await sql('update public.medications set nadac_per_unit = 2 where id = $1', [medication.atorvastatin]);
    const runsBefore = (await runsOf(a.id)).length;

    const justBefore = new Date(slot!.at.getTime() - 60_000);
    expect((await sql<{ asked: number }>('select private.request_due_drug_price_updates($1) as asked', [justBefore]))[0]!.asked).toBe(0);
    const after = new Date(slot!.at.getTime() + 60_000);
    expect((await sql<{ asked: number }>('select private.request_due_drug_price_updates($1) as asked', [after]))[0]!.asked).toBe(1);
    const run = await eventually(async () => (await runsOf(a.id)).slice(runsBefore).find((row) => row.trigger === 'scheduled'), 'the scheduled run', 30_000);
    expect(run).toMatchObject({ status: 'succeeded', local_updates_applied: 2, prices_changed: 1, failed_count: 1, requested_by: null });
    expect((await nadacHistory(medication.atorvastatin!)).at(-1)).toMatchObject({ new_value: '0.04531', previous_value: '2.00000', source: 'nadac', recorded_by: null });
    // That weekly time is asked for once; the other pharmacy (no schedule) never.
    expect((await sql<{ asked: number }>('select private.request_due_drug_price_updates($1) as asked', [after]))[0]!.asked).toBe(0);
    expect((await sql<{ last: Date }>('select last_requested_slot as last from public.drug_price_schedules where pharmacy_id = $1', [a.id]))[0]!.last).toEqual(slot!.at);
    expect(await runsOf(b.id)).toEqual([]);
  });
});
