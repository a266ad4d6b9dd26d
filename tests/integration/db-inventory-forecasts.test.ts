/**
 * Inventory forecasts, the Inventory tab's page and the overview (migration 20261128007000_inventory_reorder), on
 * ledger histories written for the test (backdated, each row's balances as the ledger writes them): usage averaged
 * over the days in stock, refills due as known demand, the reorder point, the order in whole packages, the
 * predicted stockout, the trend; an auto-order product's threshold follows its reorder point; status filters and
 * values; settings bounds and roles.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, sql } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';
import { addPatient, enterPrescription, insertRow } from './db-clinical-support.ts';

let pharmacy: TestPharmacy;
let patientId: string;

beforeAll(async () => {
  pharmacy = await createPharmacy('Forecast Pharmacy');
  patientId = (await addPatient(pharmacy.technician.client)).id;
}, 60_000);

afterAll(async () => {
  await closeSql();
});

interface HistoryEvent {
  daysAgo: number;
  kind: 'opening' | 'receipt' | 'dispense';
  quantity: number;
}

/**
 * Writes a product's ledger as it would have been written over past days (one lot, no lot number), with the lot's
 * and product's balances, then the lot's on-hand and the product's stock: the ledger's invariants hold. Triggers are
 * off for this one transaction only (the ledger cannot otherwise be backdated), so the inventory rollups are recounted
 * after it; dispense rows name `fillId`.
 */
async function writeHistory(medicationId: string, events: HistoryEvent[], fillId: string): Promise<void> {
  let balance = 0;
  const rows = events.map((event) => {
    const signed = event.kind === 'dispense' ? -event.quantity : event.quantity;
    balance += signed;
    return `(${event.daysAgo}, '${event.kind}', ${signed}, ${balance})`;
  });
  await sql(`do $$
    declare lot uuid := gen_random_uuid(); pharmacy uuid;
    begin
      set local session_replication_role = replica;
      select m.pharmacy_id into pharmacy from public.medications m where m.id = '${medicationId}';
      insert into public.inventory_lots (id, pharmacy_id, medication_id, lot_number, on_hand, received_at)
      values (lot, pharmacy, '${medicationId}', '', ${balance}, now() - interval '400 days');
      insert into public.inventory_movements (pharmacy_id, medication_id, lot_id, kind, quantity, lot_on_hand_after,
        product_on_hand_after, prescription_id, occurred_at)
      select pharmacy, '${medicationId}', lot, e.kind, e.quantity, e.after, e.after,
             case when e.kind = 'dispense' then '${fillId}'::uuid end, now() - make_interval(days => e.days_ago)
      from (values ${rows.join(', ')}) as e (days_ago, kind, quantity, after);
      update public.medications set stock = ${balance} where id = '${medicationId}';
      -- What the rollups' triggers (off here) would have kept, as a history load counts it afterwards.
      perform private.rebuild_inventory_rollups(pharmacy);
    end $$`);
}

async function product(client: SupabaseClient, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  return insertRow(client, 'medications', { name, strength: '25 mg', dosage_form: 'tablet', price: 10, stock: 0, ...extra });
}

async function today(): Promise<string> {
  return (await sql<{ day: string }>(`select to_char(private.pharmacy_local_date($1, now()), 'YYYY-MM-DD') as day`, [pharmacy.id]))[0]!.day;
}

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function forecastOf(medicationId: string) {
  return (await sql(`select window_days, used_7_days, used_30_days, used_in_window, in_stock_days::float8 as in_stock_days,
      daily_usage::float8 as daily_usage, refills_due_units, reorder_point, max_stock, order_quantity,
      to_char(predicted_stockout_on, 'YYYY-MM-DD') as predicted_stockout_on, trend
    from public.inventory_forecasts where medication_id = $1`, [medicationId]))[0];
}

describe('Update Predictions', () => {
  let steady: string;
  let autoOrdered: string;

  beforeAll(async () => {
    steady = await product(pharmacy.pharmacist.client, 'Forecast Sertraline');
    const fill = (await enterPrescription(pharmacy.technician.client, { patientId, medicationId: steady })).id;
    // 100 in 40 days ago; 10 a day from 29 to 20 days ago (empty then); out of stock 10 days; 50 in 10 days ago;
    // 5 used 5 days ago and 5 two days ago: 40 on hand.
    await writeHistory(steady, [
      { daysAgo: 40, kind: 'receipt', quantity: 100 },
      ...Array.from({ length: 10 }, (_, index) => ({ daysAgo: 29 - index, kind: 'dispense' as const, quantity: 10 })),
      { daysAgo: 10, kind: 'receipt', quantity: 50 },
      { daysAgo: 5, kind: 'dispense', quantity: 5 },
      { daysAgo: 2, kind: 'dispense', quantity: 5 },
    ], fill);

    // 12 on hand since 40 days ago, nothing used; a 90-tablet, 30-day fill 20 days ago with refills left is due in 10.
    autoOrdered = await product(pharmacy.pharmacist.client, 'Forecast Levothyroxine', { package_size: 100, package_unit: 'EA' });
    const dueFill = await enterPrescription(pharmacy.technician.client, { patientId, medicationId: autoOrdered }, { quantity: 90, days_supply: 30, refills: 2 });
    await writeHistory(autoOrdered, [{ daysAgo: 40, kind: 'receipt', quantity: 12 }], dueFill.id);
    await sql(`do $$ begin
      set local session_replication_role = replica;
      update public.prescriptions set status = 'completed', date_filled = private.pharmacy_local_date(pharmacy_id, now()) - 20,
        verified_at = now() - interval '20 days', completed_at = now() - interval '20 days' where id = '${dueFill.id}';
    end $$`);
    const settings = await pharmacy.pharmacist.client.from('inventory_products').insert({ medication_id: autoOrdered, auto_order: true, lead_time_days: 2 });
    expect(settings.error).toBeNull();

    const refreshed = await pharmacy.technician.client.rpc('refresh_inventory_forecasts');
    expect(refreshed.error).toBeNull();
    expect(refreshed.data).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('averages usage over the days in stock, so an out-of-stock stretch does not lower demand', async () => {
    const day = await today();
    expect(await forecastOf(steady)).toEqual({
      window_days: 30,
      used_7_days: 10,
      used_30_days: 110,
      used_in_window: 110,
      in_stock_days: 20,
      daily_usage: 5.5,
      refills_due_units: 0,
      // ceil(5.5 × 1 day lead time) + safety ceil(5.5 × 3 days) = 6 + 17
      reorder_point: 23,
      max_stock: 23 + 165,
      order_quantity: 0,
      predicted_stockout_on: addDays(day, 7),
      trend: 'decreasing',
    });
  });

  it('counts refills due as demand and orders up to the maximum in whole packages; an auto-order threshold follows', async () => {
    const day = await today();
    expect(await forecastOf(autoOrdered)).toMatchObject({
      used_in_window: 0,
      in_stock_days: 30,
      daily_usage: 0,
      refills_due_units: 90,
      // 90 due over 30 days = 3 a day: ceil(3 × 2 days) + ceil(3 × 3 days) = 15; maximum 15 + 90 = 105;
      // 105 − 12 on hand = 93, one package of 100.
      reorder_point: 15,
      max_stock: 105,
      order_quantity: 100,
      predicted_stockout_on: addDays(day, 4),
      trend: 'stable',
    });
    expect((await sql<{ low_stock_threshold: number }>('select low_stock_threshold from public.medications where id = $1', [autoOrdered]))[0]!.low_stock_threshold).toBe(15);
    expect((await sql<{ low_stock_threshold: number }>('select low_stock_threshold from public.medications where id = $1', [steady]))[0]!.low_stock_threshold).toBe(10);
  });

  it('the Inventory page: status, lots, value, 30-day use, forecast and last receipt, filtered on the server', async () => {
    await sql(`update public.medications set wac_price = 25.00, package_size = 100, package_unit = 'EA' where id = $1`, [steady]);
    const page = await pharmacy.technician.client.rpc('inventory_items', { search: 'forecast', status: 'all', page_size: 25, page_offset: 0 });
    expect(page.error).toBeNull();
    const rows = page.data as Record<string, unknown>[];
    expect(rows.map((row) => [row.name, row.status, row.stock])).toEqual([
      ['Forecast Levothyroxine', 'low', 12],
      ['Forecast Sertraline', 'adequate', 40],
    ]);
    expect(rows[1]).toMatchObject({
      unit_cost_cents: 25, total_value_cents: 1000, used_30_days: 110, trend: 'decreasing', reorder_point: 10,
      auto_order: false, last_receipt_quantity: 50, total_count: 2,
      lots: [{ lotNumber: '', expirationDate: null, onHand: 40 }],
    });
    expect(rows[0]).toMatchObject({ auto_order: true, order_quantity: 100, reorder_point: 15 });

    const low = await pharmacy.technician.client.rpc('inventory_items', { search: 'forecast', status: 'low' });
    expect((low.data as { name: string }[]).map((row) => row.name)).toEqual(['Forecast Levothyroxine']);
    const empty = await product(pharmacy.pharmacist.client, 'Forecast Empty Warfarin');
    const out = await pharmacy.technician.client.rpc('inventory_items', { search: 'forecast', status: 'out_of_stock' });
    expect((out.data as { id: string; total_count: number }[]).map((row) => [row.id, row.total_count])).toEqual([[empty, 1]]);
    const wrong = await pharmacy.technician.client.rpc('inventory_items', { status: 'plenty' });
    expect(wrong.error?.message).toBe('Status must be all, low, out_of_stock or adequate');
  });

  it('the overview: counts, value and predicted stockouts from the database', async () => {
    const overview = (await pharmacy.technician.client.rpc('inventory_overview')).data as Record<string, unknown>;
    const expected = (await sql<{ products: string; low: string; out: string }>(
      `select count(*) as products, count(*) filter (where is_low_stock and stock > 0) as low, count(*) filter (where stock = 0) as out
       from public.medications where pharmacy_id = $1 and active`, [pharmacy.id]))[0]!;
    expect(overview).toMatchObject({
      totalProducts: Number(expected.products),
      lowStockItems: Number(expected.low),
      outOfStockItems: Number(expected.out),
      autoOrderItems: 1,
      predictedStockouts7Days: 2,
      utilizationThreshold: 80,
      predictionWindowDays: 30,
    });
    expect(overview.totalValueCents).toBe(1000);
  });

  it('analytics: units dispensed per period from the ledger', async () => {
    const periods = (await pharmacy.technician.client.rpc('inventory_analytics')).data as { days: number; dispensed: number }[];
    expect(periods.map((period) => [period.days, period.dispensed])).toEqual([[7, 10], [30, 110], [90, 110]]);
  });
});

describe('inventory settings', () => {
  it('a pharmacist saves them within the spec bounds; a technician cannot', async () => {
    const fresh = await createPharmacy('Forecast Settings Pharmacy');
    const tooLong = await fresh.pharmacist.client.from('inventory_settings').insert({ prediction_window_days: 120 });
    expect(tooLong.error?.message).toBe('The prediction window is 7 to 90 days');
    const tooLow = await fresh.pharmacist.client.from('inventory_settings').insert({ utilization_threshold_percent: 40 });
    expect(tooLow.error?.message).toBe('The utilization threshold is 50 to 100 percent');
    const byTechnician = await fresh.technician.client.from('inventory_settings').insert({ prediction_window_days: 14 });
    expect(byTechnician.error).not.toBeNull();
    const saved = await fresh.pharmacist.client.from('inventory_settings').insert({ prediction_window_days: 14, utilization_threshold_percent: 90 }).select('prediction_window_days, utilization_threshold_percent, pharmacy_id').single();
    expect(saved.data).toEqual({ prediction_window_days: 14, utilization_threshold_percent: 90, pharmacy_id: fresh.id });
    const overview = (await fresh.technician.client.rpc('inventory_overview')).data as Record<string, unknown>;
    expect(overview).toMatchObject({ predictionWindowDays: 14, utilizationThreshold: 90, totalProducts: 0, totalValueCents: 0 });
    expect((await pharmacy.admin.client.from('inventory_settings').select('pharmacy_id').eq('pharmacy_id', fresh.id)).data).toEqual([]);
  });

  it('reorder settings: a technician can neither switch auto-order nor set costs', async () => {
    const id = await product(pharmacy.pharmacist.client, 'Forecast Guarded Metoprolol');
    const byTechnician = await pharmacy.technician.client.from('inventory_products').insert({ medication_id: id, auto_order: true });
    expect(byTechnician.error).not.toBeNull();
    const negative = await pharmacy.pharmacist.client.from('inventory_products').insert({ medication_id: id, acquisition_cost_cents: -1 });
    expect(negative.error?.message).toBe('A cost cannot be negative');
  });
});
