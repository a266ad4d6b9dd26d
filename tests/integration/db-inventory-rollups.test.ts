/**
 * Inventory rollups (migration 20261129002000_inventory_rollups): after every kind of movement and catalogue change,
 * the daily rollups, the costed stock value, the product counts and each product's last movement equal what the
 * ledger, the lots and the catalogue say, and
 * inventory_overview / inventory_analytics answer exactly what the same figures summed straight over the ledger
 * answer (the definitions of 20261128007000_inventory_reorder, kept below as the reference), including movements
 * just inside and just outside each window's first day. Staff read the rollups of their pharmacy only and write none.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, sql, stackEnv } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';
import { addPatient, enterPrescription, insertRow, movePrescription } from './db-clinical-support.ts';

/** inventory_overview as 20261128007000 defined it, straight over the ledger and the lots ($1 = the pharmacy). */
const REFERENCE_OVERVIEW = `
  with pharmacy as (
    select $1::uuid as id
  ), settings as (
    select s.* from pharmacy, private.inventory_settings_of(pharmacy.id) s
  ), counts as (
    select count(*) as products,
           count(*) filter (where m.is_low_stock and m.stock > 0) as low,
           count(*) filter (where m.stock = 0) as out_of_stock
    from public.medications m where m.pharmacy_id = (select id from pharmacy) and m.active
  ), moved as (
    select mv.medication_id, mv.kind, mv.quantity, mv.unit_cost_cents, mv.occurred_at
    from public.inventory_movements mv
    where mv.pharmacy_id = (select id from pharmacy) and mv.occurred_at >= now() - interval '90 days'
  ), stocked as (
    select count(*) filter (where m.stock > 0) as in_stock, count(*) as kept
    from public.medications m
    where m.pharmacy_id = (select id from pharmacy) and m.active
      and (m.stock > 0 or m.id in (select moved.medication_id from moved))
  ), value as (
    select coalesce(sum(l.on_hand::bigint * coalesce(l.unit_cost_cents, private.movement_unit_cost(null, l.medication_id))), 0) as cents
    from public.inventory_lots l
    where l.pharmacy_id = (select id from pharmacy) and l.on_hand > 0
  ), dispensed_cost as (
    select coalesce(-sum(moved.quantity::bigint * moved.unit_cost_cents), 0) as cents
    from moved where moved.occurred_at >= now() - interval '30 days' and moved.kind in ('dispense', 'return_to_stock')
  ), net_change as (
    select coalesce(sum(moved.quantity::bigint * moved.unit_cost_cents), 0) as cents
    from moved where moved.occurred_at >= now() - interval '30 days'
  )
  select jsonb_build_object(
    'totalProducts', counts.products,
    'lowStockItems', counts.low,
    'outOfStockItems', counts.out_of_stock,
    'totalValueCents', value.cents,
    'autoOrderItems', (select count(*) from public.inventory_products ip
                       where ip.pharmacy_id = (select id from pharmacy) and ip.auto_order),
    'predictedStockouts7Days', (select count(*) from public.inventory_forecasts f
                                join public.medications m on m.pharmacy_id = f.pharmacy_id and m.id = f.medication_id
                                where f.pharmacy_id = (select id from pharmacy) and m.active and m.stock > 0
                                  and f.predicted_stockout_on <= private.pharmacy_local_date((select id from pharmacy), now()) + 7),
    'monthlyTurnover', case when value.cents + (value.cents - net_change.cents) > 0
                            then round(dispensed_cost.cents * 2.0 / (value.cents + (value.cents - net_change.cents)), 2) end,
    'utilizationRate', case when stocked.kept > 0 then round(stocked.in_stock * 100.0 / stocked.kept, 1) end,
    'utilizationThreshold', settings.utilization_threshold_percent,
    'predictionWindowDays', settings.prediction_window_days,
    'forecastAt', (select max(f.computed_at) from public.inventory_forecasts f where f.pharmacy_id = (select id from pharmacy)))
  as answer
  from counts, stocked, value, dispensed_cost, net_change, settings`;

/** inventory_analytics as 20261128007000 defined it ($1 = the pharmacy). */
const REFERENCE_ANALYTICS = `
  with pharmacy as (
    select $1::uuid as id
  ), moved as (
    select mv.kind, mv.quantity, mv.occurred_at, mv.quantity::bigint * coalesce(mv.unit_cost_cents, 0) as cents
    from public.inventory_movements mv
    where mv.pharmacy_id = (select id from pharmacy) and mv.occurred_at >= now() - interval '90 days'
  ), value_now as (
    select coalesce(sum(l.on_hand::bigint * coalesce(l.unit_cost_cents, private.movement_unit_cost(null, l.medication_id))), 0) as cents
    from public.inventory_lots l
    where l.pharmacy_id = (select id from pharmacy) and l.on_hand > 0
  ), summed as (
    select p.days,
      coalesce(-sum(c.quantity) filter (where c.occurred_at >= now() - make_interval(days => p.days) and c.kind in ('dispense', 'return_to_stock')), 0)::integer as dispensed,
      coalesce(-sum(c.quantity) filter (where c.occurred_at >= now() - make_interval(days => p.days) and c.kind = 'return_to_wholesaler'), 0)::integer as returned,
      coalesce(-sum(c.quantity) filter (where c.occurred_at >= now() - make_interval(days => p.days) and c.kind = 'destruction'), 0)::integer as waste,
      coalesce(-sum(c.cents) filter (where c.occurred_at >= now() - make_interval(days => p.days) and c.kind in ('dispense', 'return_to_stock')), 0) as dispensed_cents,
      coalesce(sum(c.cents) filter (where c.occurred_at >= now() - make_interval(days => p.days)), 0) as net_cents
    from unnest(array[7, 30, 90]) as p (days) cross join moved c
    group by p.days
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'period', p.days || ' days', 'days', p.days,
    'dispensed', coalesce(s.dispensed, 0), 'returned', coalesce(s.returned, 0), 'waste', coalesce(s.waste, 0),
    'turnover', case when v.cents + (v.cents - coalesce(s.net_cents, 0)) > 0
                     then round(coalesce(s.dispensed_cents, 0) * 2.0 / (v.cents + (v.cents - coalesce(s.net_cents, 0))), 2) end)
    order by p.days), '[]'::jsonb) as answer
  from unnest(array[7, 30, 90]) as p (days)
  left join summed s on s.days = p.days
  cross join value_now v`;

let pharmacy: TestPharmacy;
let other: TestPharmacy;
let patientId: string;

beforeAll(async () => {
  [pharmacy, other] = await Promise.all([createPharmacy('Rollup Pharmacy'), createPharmacy('Rollup Other Pharmacy')]);
  patientId = (await addPatient(pharmacy.technician.client)).id;
}, 60_000);

afterAll(async () => {
  await closeSql();
});

/** Every way the rollups could differ from the ledger and the lots of a pharmacy, as readable lines. */
async function rollupDisagreements(pharmacyId: string): Promise<string[]> {
  const rows = await sql<{ problem: string }>(
    `with ledger as (
       select (mv.occurred_at at time zone 'UTC')::date as day, mv.kind, count(*)::int as movements, sum(mv.quantity)::bigint as units,
              sum(mv.quantity::bigint * coalesce(mv.unit_cost_cents, 0))::bigint as cost_cents
       from public.inventory_movements mv where mv.pharmacy_id = $1 group by 1, 2
     ), rolled as (
       select r.day, r.kind, r.movements, r.units, r.cost_cents from public.inventory_daily_rollups r where r.pharmacy_id = $1
     )
     select format('%s %s: ledger %s, rollup %s', coalesce(l.day, r.day), coalesce(l.kind, r.kind),
                   (l.movements, l.units, l.cost_cents), (r.movements, r.units, r.cost_cents)) as problem
     from ledger l full join rolled r on r.day = l.day and r.kind = l.kind
     where (l.movements, l.units, l.cost_cents) is distinct from (r.movements, r.units, r.cost_cents)
     union all
     select format('totals: counted %s, kept %s', counted, kept)
     from (select (select coalesce(sum(l.on_hand::bigint * l.unit_cost_cents), 0)::bigint from public.inventory_lots l
                   where l.pharmacy_id = $1 and l.unit_cost_cents is not null),
                  count(*)::int, (count(*) filter (where m.is_low_stock and m.stock > 0))::int,
                  (count(*) filter (where m.stock = 0))::int, (count(*) filter (where m.stock > 0))::int
           from public.medications m where m.pharmacy_id = $1 and m.active) as counted (value, products, low, out_of_stock, in_stock),
          (select coalesce((select (t.costed_value_cents, t.active_products, t.low_stock_products, t.out_of_stock_products, t.in_stock_products)::text
                            from public.inventory_totals t where t.pharmacy_id = $1), '(0,0,0,0,0)') as kept) kept
     where (counted.value, counted.products, counted.low, counted.out_of_stock, counted.in_stock)::text <> kept.kept
     union all
     select format('%s last moved: ledger %s, kept %s', m.name, last.at, a.last_moved_at)
     from public.medications m
     cross join lateral (select max(mv.occurred_at) as at from public.inventory_movements mv where mv.medication_id = m.id) last
     left join public.inventory_product_activity a on a.medication_id = m.id
     where m.pharmacy_id = $1 and last.at is distinct from a.last_moved_at`,
    [pharmacyId],
  );
  return rows.map((row) => row.problem);
}

interface Answers {
  overview: unknown;
  analytics: unknown;
  referenceOverview: unknown;
  referenceAnalytics: unknown;
}

/** The functions as the pharmacist calls them and the reference sums, in one transaction (one now()). */
async function answers(of: TestPharmacy): Promise<Answers> {
  const client = new pg.Client({ connectionString: stackEnv().dbUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: of.pharmacist.id, role: 'authenticated' })]);
    await client.query('set local role authenticated');
    const overview = (await client.query<{ answer: unknown }>('select public.inventory_overview() as answer')).rows[0]!.answer;
    const analytics = (await client.query<{ answer: unknown }>('select public.inventory_analytics() as answer')).rows[0]!.answer;
    await client.query('reset role');
    const referenceOverview = (await client.query<{ answer: unknown }>(REFERENCE_OVERVIEW, [of.id])).rows[0]!.answer;
    const referenceAnalytics = (await client.query<{ answer: unknown }>(REFERENCE_ANALYTICS, [of.id])).rows[0]!.answer;
    await client.query('commit');
    return { overview, analytics, referenceOverview, referenceAnalytics };
  } finally {
    await client.end();
  }
}

async function expectRollupsToAgree(of: TestPharmacy): Promise<Answers> {
  expect(await rollupDisagreements(of.id)).toEqual([]);
  const result = await answers(of);
  expect(result.overview).toEqual(result.referenceOverview);
  expect(result.analytics).toEqual(result.referenceAnalytics);
  return result;
}

function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function lotId(medicationId: string, lotNumber: string): Promise<string> {
  return (await sql<{ id: string }>('select id from public.inventory_lots where medication_id = $1 and lot_number = $2', [medicationId, lotNumber]))[0]!.id;
}

describe('the rollups follow the ledger', () => {
  it('after every kind of movement, the rollups equal the ledger and overview and analytics equal the ledger’s sums', async () => {
    const client = pharmacy.pharmacist.client;
    // 30 cents a unit from the catalog (WAC $30.00 per 100): the opening stock's lot has no cost of its own.
    const productId = await insertRow(client, 'medications', {
      name: 'Rollup Lisinopril', strength: '10 mg', dosage_form: 'tablet', price: 5, stock: 40, wac_price: 30, package_size: 100,
    });
    let result = await expectRollupsToAgree(pharmacy);
    expect(result.overview).toMatchObject({ totalProducts: 1, totalValueCents: 1200, utilizationRate: 100 });

    expect((await pharmacy.technician.client.rpc('receive_inventory', {
      medication_id: productId, quantity: 100, lot_number: 'RL1', expiration_date: isoDaysFromNow(300), unit_cost_cents: 12,
    })).error).toBeNull();
    result = await expectRollupsToAgree(pharmacy);
    expect(result.overview).toMatchObject({ totalValueCents: 40 * 30 + 100 * 12 });

    expect((await client.rpc('adjust_inventory', { medication_id: productId, quantity_change: -3, reason: 'Broken bottle' })).error).toBeNull();
    await expectRollupsToAgree(pharmacy);

    // Dispensing at verification, then the fill not picked up goes back on the shelf.
    const fill = await enterPrescription(pharmacy.technician.client, { patientId, medicationId: productId }, { quantity: 50 });
    expect((await movePrescription(pharmacy.technician.client, fill.id, 'processing')).error).toBeNull();
    expect((await movePrescription(client, fill.id, 'ready')).error).toBeNull();
    result = await expectRollupsToAgree(pharmacy);
    // First expiry first out: the 37 units of the no-lot stock at 30 cents, then 13 of RL1 at 12.
    expect((result.analytics as { dispensed: number }[]).map((period) => period.dispensed)).toEqual([50, 50, 50]);
    expect((await client.rpc('return_fill_to_stock', { fill_id: fill.id, reason: 'Not picked up' })).error).toBeNull();
    result = await expectRollupsToAgree(pharmacy);
    expect((result.analytics as { dispensed: number }[]).map((period) => period.dispensed)).toEqual([0, 0, 0]);

    // A count variance, a return to the wholesaler and a destruction, as their writers post them.
    const rl1 = await lotId(productId, 'RL1');
    await sql(`select private.post_stock_movement($1, 'count_variance', -2, 'Counted 2 fewer')`, [rl1]);
    await expectRollupsToAgree(pharmacy);
    await sql(`select private.post_stock_movement($1, 'return_to_wholesaler', -10, null, null, 'RMA-1')`, [rl1]);
    await sql(`select private.post_stock_movement($1, 'destruction', -4, 'Expired')`, [rl1]);
    result = await expectRollupsToAgree(pharmacy);
    expect((result.analytics as { returned: number; waste: number }[]).map((period) => [period.returned, period.waste]))
      .toEqual([[10, 4], [10, 4], [10, 4]]);

    // Prices change outside the ledger: the catalog's cost of the uncosted lot, and a lot's cost on a new receipt.
    expect((await client.from('medications').update({ wac_price: 45 }).eq('id', productId)).error).toBeNull();
    await expectRollupsToAgree(pharmacy);
    expect((await pharmacy.technician.client.rpc('receive_inventory', {
      medication_id: productId, quantity: 5, lot_number: 'RL1', expiration_date: isoDaysFromNow(300), unit_cost_cents: 15,
    })).error).toBeNull();
    await expectRollupsToAgree(pharmacy);

    // Catalogue changes that move the counts: a threshold that makes it low, deactivation, reactivation.
    expect((await client.from('medications').update({ low_stock_threshold: 1000 }).eq('id', productId)).error).toBeNull();
    result = await expectRollupsToAgree(pharmacy);
    expect(result.overview).toMatchObject({ totalProducts: 1, lowStockItems: 1, outOfStockItems: 0 });
    expect((await client.from('medications').update({ active: false }).eq('id', productId)).error).toBeNull();
    result = await expectRollupsToAgree(pharmacy);
    expect(result.overview).toMatchObject({ totalProducts: 0, lowStockItems: 0 });
    expect((await client.from('medications').update({ active: true, low_stock_threshold: 10 }).eq('id', productId)).error).toBeNull();
    result = await expectRollupsToAgree(pharmacy);
    expect(result.overview).toMatchObject({ totalProducts: 1, lowStockItems: 0, outOfStockItems: 0 });
  });

  it('movements just inside and just outside the 7, 30 and 90-day windows count as the ledger counts them', async () => {
    const productId = await insertRow(pharmacy.pharmacist.client, 'medications', {
      name: 'Rollup Window Metformin', strength: '500 mg', dosage_form: 'tablet', price: 5, stock: 0,
    });
    expect((await pharmacy.technician.client.rpc('receive_inventory', {
      medication_id: productId, quantity: 1000, lot_number: 'WIN1', expiration_date: isoDaysFromNow(300), unit_cost_cents: 7,
    })).error).toBeNull();
    const lot = await lotId(productId, 'WIN1');
    // History as a data migration brings it (the writer only posts at now()): ledger rows on either side of each
    // window's start, a minute and an hour away, and at the UTC midnights around it.
    await sql(
      `insert into public.inventory_movements (pharmacy_id, medication_id, lot_id, kind, quantity, lot_on_hand_after,
         product_on_hand_after, reason, reference, unit_cost_cents, occurred_at)
       select $1, $2, $3, k.kind, k.quantity, 1000, 1000, case when k.kind = 'destruction' then 'Expired' end, 'history', 7, at.at
       from unnest(array[7, 30, 90]) as w (days)
       cross join lateral (values (now() - make_interval(days => w.days) + interval '1 minute'),
                                  (now() - make_interval(days => w.days) - interval '1 minute'),
                                  (now() - make_interval(days => w.days) + interval '1 hour'),
                                  (now() - make_interval(days => w.days) - interval '1 hour'),
                                  (date_trunc('day', (now() - make_interval(days => w.days)) at time zone 'UTC') at time zone 'UTC'),
                                  (date_trunc('day', (now() - make_interval(days => w.days)) at time zone 'UTC') at time zone 'UTC' + interval '1 day'),
                                  (date_trunc('day', (now() - make_interval(days => w.days)) at time zone 'UTC') at time zone 'UTC' + interval '1 day' - interval '1 microsecond'))
         as at (at)
       cross join (values ('return_to_wholesaler', -1), ('destruction', -2), ('receipt', 3)) as k (kind, quantity)`,
      [pharmacy.id, productId, lot],
    );
    const result = await expectRollupsToAgree(pharmacy);
    // The 90-day window holds every history row after its start; the 7-day one only its own and the newest.
    const periods = result.analytics as { days: number; returned: number; waste: number }[];
    expect(periods.map((period) => period.returned)).toEqual([...periods.map((period) => period.returned)].sort((a, b) => a - b));
    expect(periods[2]!.returned).toBeGreaterThan(periods[0]!.returned);
  });

  it('a product removed with its opening balance takes its rows out of the rollups', async () => {
    const productId = await insertRow(pharmacy.admin.client, 'medications', {
      name: 'Rollup Removed Ibuprofen', strength: '200 mg', dosage_form: 'tablet', price: 5, stock: 25,
    });
    await expectRollupsToAgree(pharmacy);
    expect((await pharmacy.admin.client.from('medications').delete().eq('id', productId)).error).toBeNull();
    expect(await sql('select 1 from public.medications where id = $1', [productId])).toEqual([]);
    await expectRollupsToAgree(pharmacy);
  });
});

describe('who reads and writes the rollups', () => {
  it('staff read their own pharmacy’s rollups only, and nobody writes them', async () => {
    const own = await pharmacy.technician.client.from('inventory_daily_rollups').select('kind').limit(1);
    expect(own.error).toBeNull();
    expect(own.data).toHaveLength(1);
    for (const table of ['inventory_daily_rollups', 'inventory_totals', 'inventory_product_activity'] as const) {
      const foreign = await other.admin.client.from(table).select('pharmacy_id').eq('pharmacy_id', pharmacy.id);
      expect(foreign.data ?? []).toEqual([]);
    }
    const written = await pharmacy.admin.client.from('inventory_totals').update({ costed_value_cents: 1 }).eq('pharmacy_id', pharmacy.id).select('pharmacy_id');
    expect(written.error !== null || (written.data ?? []).length === 0).toBe(true);
    const inserted = await pharmacy.admin.client.from('inventory_daily_rollups')
      .insert({ pharmacy_id: pharmacy.id, day: '2026-01-01', kind: 'receipt', movements: 1, units: 1, cost_cents: 1 });
    expect(inserted.error).not.toBeNull();
    expect(await rollupDisagreements(pharmacy.id)).toEqual([]);
  });
});
