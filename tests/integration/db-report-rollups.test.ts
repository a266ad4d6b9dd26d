/**
 * The report rollups (migration 20261130008500_report_rollups) after a random mix of real writes in two pharmacies of
 * different time zones: fills entered, cash or insurance, claims paid and some reversed after verification, fills
 * verified at 23:59 and 00:00 local, payments at the counter days later, fills returned to stock, refills,
 * discontinued (cancelled) fills. The rollups kept by the triggers equal a recomputation from the base tables (an
 * independent query here, and private.rebuild_report_rollups); the Reports screen's revenue equals the Sales report's
 * for every day and for the whole range, and both equal what this file's oracle sums. Two transactions paying for one
 * fill at once take turns and lose nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { closeSql, createServiceClient, sql, stackEnv } from '../support/stack-env.ts';
import { enterPrescription, insertRow, movePrescription } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

const FROM = '2026-11-02';
const TO = '2026-11-05';
const service = createServiceClient();

interface Site { pharmacy: TestPharmacy; zone: string; insuredId: string; cashPatientId: string; medicationIds: string[] }
let sites: Site[] = [];

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function ok(call: PromiseLike<{ error: { message: string } | null; data?: unknown }>): Promise<unknown> {
  const { error, data } = await call;
  if (error) throw new Error(error.message);
  return data;
}

async function answer(claimId: string, transactionCode: 'B1' | 'B2', transmissionId: string, body: Record<string, unknown>) {
  await ok(service.rpc('record_claim_response', {
    claim_id: claimId, actor_id: null, transaction_code: transactionCode, transmission_id: transmissionId,
    attempts: [{ destination: 'claimsProcessor', url: 'http://switch.test/', request: transactionCode, response: 'x', outcome: 'answered', durationMs: 100 }],
    answer: body,
  }));
}

/** Verifies a fill in processing, then dates it to a local moment of the pharmacy (as if verified then). */
async function verify(site: Site, id: string, localMoment: string) {
  const moved = await movePrescription(site.pharmacy.pharmacist.client, id, 'ready');
  expect(moved.error).toBeNull();
  await sql('update public.prescriptions set verified_at = ($2::timestamp at time zone $3), date_filled = ($2::timestamp)::date where id = $1',
    [id, localMoment, site.zone]);
}

/** The random mix of writes for one pharmacy. */
async function writeMix(site: Site, seed: number) {
  const random = generator(seed);
  const { technician, pharmacist } = site.pharmacy;
  // Around local midnight of the range's days, and a day outside it.
  const moments = ['2026-11-02 00:00', '2026-11-02 23:59', '2026-11-03 00:00', '2026-11-04 23:59', '2026-11-05 00:00', '2026-11-06 00:00'];
  const readyFills: { id: string; orderId: string; cash: boolean; claim?: string; moment: string }[] = [];
  for (let i = 0; i < 14; i++) {
    const cash = random() < 0.45;
    const medicationId = site.medicationIds[Math.floor(random() * site.medicationIds.length)]!;
    const row = await enterPrescription(technician.client, { patientId: cash ? site.cashPatientId : site.insuredId, medicationId },
      { quantity: 30, days_supply: 30 });
    if (cash) await ok(technician.client.rpc('save_fill_billing', { prescription_id: row.id, pay_with: 'cash' }));
    if (random() < 0.1) {
      // Discontinued before it was worked: cancelled, never filled.
      await ok(pharmacist.client.rpc('discontinue_prescription', { prescription_id: row.id, reason: 'Prescriber stopped it' }));
      continue;
    }
    expect((await movePrescription(technician.client, row.id, 'processing')).error).toBeNull();
    let claim: string | undefined;
    if (!cash) {
      const begun = (await ok(technician.client.rpc('begin_claim_transaction', { fill_id: row.id, transaction_code: 'B1' }))) as { claimId: string; transmissionId: string };
      const paid = 1000 + Math.floor(random() * 4000);
      const patientPay = random() < 0.7 ? 100 + Math.floor(random() * 900) : 0;
      await answer(begun.claimId, 'B1', begun.transmissionId, { responseStatus: 'P', rejectCodes: [], pricing: { totalPaidCents: paid, patientPayCents: patientPay } });
      claim = begun.claimId;
    }
    if (random() < 0.1) continue; // Still in processing: not filled.
    const moment = moments[Math.floor(random() * moments.length)]!;
    await verify(site, row.id, moment);
    readyFills.push({ id: row.id, orderId: row.order_id, cash, claim, moment });
  }
  for (const fill of readyFills) {
    const roll = random();
    if (fill.claim && roll < 0.25) {
      // The payer's money is taken back after verification: the fill's day loses it.
      const reversal = (await ok(technician.client.rpc('begin_claim_transaction', { fill_id: fill.id, transaction_code: 'B2', reason: 'Billed in error' }))) as { transmissionId: string };
      await answer(fill.claim, 'B2', reversal.transmissionId, { responseStatus: 'A' });
    } else if (!fill.claim && roll < 0.3) {
      // Not picked up: back on the shelf, counted nowhere.
      await ok(pharmacist.client.rpc('return_fill_to_stock', { fill_id: fill.id, reason: 'Not picked up' }));
      continue;
    }
    if (random() < 0.65) {
      // Paid at the counter (all or part of what is due), two days after the fill: revenue of the fill's day.
      const due = (await sql<{ balance: string }>(`select (private.fill_patient_share(rx) ->> 'balanceCents') as balance from public.prescriptions rx where id = $1`, [fill.id]))[0]!;
      const balance = Number(due.balance);
      if (balance > 0) {
        const amount = random() < 0.5 ? balance : Math.max(1, Math.floor(balance / 2));
        await ok(technician.client.rpc('record_patient_payment', { prescription_id: fill.id, amount_cents: amount, method: 'card' }));
        await sql(`update public.patient_payments set received_at = ($2::timestamp at time zone $3) + interval '2 days' where prescription_id = $1`,
          [fill.id, fill.moment, site.zone]);
      }
    }
    if (fill.cash && random() < 0.35) {
      // Picked up, then refilled as cash: a refill (fill_number 1) on a later day.
      await sql("update public.prescriptions set status = 'completed', completed_at = now() where id = $1", [fill.id]);
      await ok(technician.client.rpc('refill_prescription', { prescription_id: fill.id }));
      const refill = (await sql<{ id: string }>('select id from public.prescriptions where order_id = $1 and fill_number = 1', [fill.orderId]))[0]!;
      await ok(technician.client.rpc('save_fill_billing', { prescription_id: refill.id, pay_with: 'cash' }));
      expect((await movePrescription(technician.client, refill.id, 'processing')).error).toBeNull();
      await verify(site, refill.id, '2026-11-05 00:00');
    }
  }
}

/** The rollups as the triggers kept them, and as recomputed here from the base tables (zero rows left out). */
const KEPT = `
  select to_char(day, 'YYYY-MM-DD') as day, fills::int, new_fills::int, refills::int, cash_fills::int, payers_cents::int,
         patients_cents::int, cash_patients_cents::int, cost_cents::int
  from public.report_daily_totals where pharmacy_id = $1
    and (fills, new_fills, refills, cash_fills, payers_cents, patients_cents, cash_patients_cents, cost_cents) <> (0, 0, 0, 0, 0, 0, 0, 0)
  order by day`;
const RECOMPUTED = `
  with f as (
    select rx.id, rx.date_filled as day, rx.fill_number, coalesce(b.pay_with = 'cash', false) as cash,
           (select coalesce(sum(c.total_paid_cents), 0) from public.claims c where c.prescription_id = rx.id and c.status = 'paid') as payers,
           (select coalesce(sum(pp.amount_cents), 0) from public.patient_payments pp where pp.prescription_id = rx.id) as patients,
           (select coalesce(sum(-mv.quantity * mv.unit_cost_cents), 0) from public.inventory_movements mv where mv.prescription_id = rx.id) as cost
    from public.prescriptions rx left join public.prescription_billing b on b.prescription_id = rx.id
    where rx.pharmacy_id = $1 and rx.status in ('ready', 'completed')
  )
  select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as fills, count(*) filter (where fill_number = 0)::int as new_fills,
         count(*) filter (where fill_number > 0)::int as refills, count(*) filter (where cash)::int as cash_fills,
         sum(payers)::int as payers_cents, sum(patients)::int as patients_cents,
         coalesce(sum(patients) filter (where cash), 0)::int as cash_patients_cents, sum(cost)::int as cost_cents
  from f group by day order by day`;
const KEPT_MEDICATIONS = `select to_char(day, 'YYYY-MM-DD') as day, medication_id, fills::int from public.report_daily_medication_fills
  where pharmacy_id = $1 and fills <> 0 order by day, medication_id`;
const RECOMPUTED_MEDICATIONS = `select to_char(date_filled, 'YYYY-MM-DD') as day, medication_id, count(*)::int as fills from public.prescriptions
  where pharmacy_id = $1 and status in ('ready', 'completed') group by date_filled, medication_id order by 1, medication_id`;

beforeAll(async () => {
  const setUp = async (name: string, zone: string): Promise<Site> => {
    const pharmacy = await createPharmacy(name);
    await sql('update public.pharmacies set time_zone = $2 where id = $1', [pharmacy.id, zone]);
    const insuredId = await insertRow(pharmacy.technician.client, 'patients', { first_name: 'Ida', last_name: 'Insured', date_of_birth: '1950-03-04' });
    const cashPatientId = await insertRow(pharmacy.technician.client, 'patients', { first_name: 'Carl', last_name: 'Cash', date_of_birth: '2001-07-08' });
    await insertRow(pharmacy.technician.client, 'patient_insurance_plans', {
      patient_id: insuredId, payer_name: 'Demo Commercial Rx', bin: '999001', cardholder_id: 'ROLL1', priority: 'primary', relationship_code: '1', active: true,
    });
    const medicationIds = [
      await insertRow(pharmacy.pharmacist.client, 'medications', { name: 'Metformin', strength: '500 mg', dosage_form: 'tablet', ndc_number: '00093-1048-01', package_size: 100, wac_price: 50, price: 20, stock: 2000 }),
      await insertRow(pharmacy.pharmacist.client, 'medications', { name: 'Lisinopril', strength: '10 mg', dosage_form: 'tablet', ndc_number: '68180-0514-01', package_size: 90, wac_price: 27, price: 14, stock: 2000 }),
    ];
    return { pharmacy, zone, insuredId, cashPatientId, medicationIds };
  };
  sites = [await setUp('Rollups Honolulu', 'Pacific/Honolulu'), await setUp('Rollups Tokyo', 'Asia/Tokyo')];
  await writeMix(sites[0]!, 2601);
  await writeMix(sites[1]!, 2602);
  // A price change after the fact moves no revenue: revenue is what was paid, not a price.
  await sql('update public.medications set price = price * 3 where pharmacy_id = any($1)', [sites.map((s) => s.pharmacy.id)]);
}, 300_000);

afterAll(closeSql);

describe('report rollups', () => {
  it('equal a recomputation from the fills, claims, payments and ledger after the mix of writes', async () => {
    for (const site of sites) {
      const kept = await sql(KEPT, [site.pharmacy.id]);
      expect(kept).toEqual(await sql(RECOMPUTED, [site.pharmacy.id]));
      expect(await sql(KEPT_MEDICATIONS, [site.pharmacy.id])).toEqual(await sql(RECOMPUTED_MEDICATIONS, [site.pharmacy.id]));
      // The mix did what it says: cash and insurance fills, refills, money from both sides, a return to stock.
      const sum = (key: string) => kept.reduce((total, row) => total + Number(row[key]), 0);
      expect(sum('cash_fills')).toBeGreaterThan(0);
      expect(sum('fills') - sum('cash_fills')).toBeGreaterThan(0);
      expect(sum('payers_cents')).toBeGreaterThan(0);
      expect(sum('cash_patients_cents')).toBeGreaterThan(0);
    }
    const [kinds] = await sql<{ returned: string; reversed: string; refills: string; cancelled: string }>(`select
      (select count(*) from public.inventory_movements where pharmacy_id = any($1) and kind = 'return_to_stock') as returned,
      (select count(*) from public.claims where pharmacy_id = any($1) and status = 'reversed') as reversed,
      (select count(*) from public.prescriptions where pharmacy_id = any($1) and fill_number > 0 and status = 'ready') as refills,
      (select count(*) from public.prescriptions where pharmacy_id = any($1) and status = 'cancelled') as cancelled`, [sites.map((s) => s.pharmacy.id)]);
    expect(Number(kinds!.returned)).toBeGreaterThan(0);
    expect(Number(kinds!.reversed)).toBeGreaterThan(0);
    expect(Number(kinds!.refills)).toBeGreaterThan(0);
    expect(Number(kinds!.cancelled)).toBeGreaterThan(Number(kinds!.returned));
  });
});

describe('concurrent writers', () => {
  it('take turns on one fill: two payments in two open transactions both count, on the fill and on its day', async () => {
    const site = sites[0]!;
    const [fill] = await sql<{ id: string }>(`select id from public.prescriptions where pharmacy_id = $1 and status in ('ready', 'completed')
      order by id limit 1`, [site.pharmacy.id]);
    const pay = (cents: number) => `insert into public.patient_payments (pharmacy_id, prescription_id, amount_cents, method)
      values ('${site.pharmacy.id}', '${fill!.id}', ${cents}, 'cash')`;
    const [one, two] = [new pg.Client({ connectionString: stackEnv().dbUrl }), new pg.Client({ connectionString: stackEnv().dbUrl })];
    await one.connect();
    await two.connect();
    try {
      await one.query('begin');
      await two.query('begin');
      await one.query(pay(111));
      // The second payment's refresh waits for the first transaction's lock on the fill, then sees its payment.
      const second = two.query(pay(222));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await one.query('commit');
      await second;
      await two.query('commit');
    } finally {
      await one.end();
      await two.end();
    }
    const [contribution] = await sql<{ kept: string; paid: string }>(`select c.patients_cents as kept,
      (select sum(pp.amount_cents) from public.patient_payments pp where pp.prescription_id = c.prescription_id) as paid
      from public.report_fill_contributions c where c.prescription_id = $1`, [fill!.id]);
    expect(Number(contribution!.kept)).toBe(Number(contribution!.paid));
    expect(await sql(KEPT, [site.pharmacy.id])).toEqual(await sql(RECOMPUTED, [site.pharmacy.id]));
  });
});

describe('one revenue rule', () => {
  async function read(client: SupabaseClient, from: string, to: string) {
    const overview = (await ok(client.rpc('reports_overview', { from_date: from, to_date: to }))) as { current: { revenueCents: number; prescriptionsFilled: number } };
    const sales = (await ok(client.rpc('sales_report', { from_date: from, to_date: to }))) as { totals: { revenueCents: number; fills: number }; sections: { totals: { revenueCents: number } }[] };
    return { overview: overview.current, sales };
  }

  it('gives the cards the Sales report\'s revenue for every day and the whole range, in both time zones', async () => {
    for (const site of sites) {
      const oracle = await sql<{ day: string; revenue: number; fills: number }>(
        `select to_char(rx.date_filled, 'YYYY-MM-DD') as day, count(*)::int as fills,
                sum((select coalesce(sum(c.total_paid_cents), 0) from public.claims c where c.prescription_id = rx.id and c.status = 'paid')
                    + (select coalesce(sum(pp.amount_cents), 0) from public.patient_payments pp where pp.prescription_id = rx.id))::int as revenue
         from public.prescriptions rx where rx.pharmacy_id = $1 and rx.status in ('ready', 'completed') and rx.date_filled between $2 and $3
         group by rx.date_filled`, [site.pharmacy.id, FROM, TO]);
      const days = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'];
      for (const [from, to] of [...days.map((d) => [d, d]), [FROM, TO]] as const) {
        const { overview, sales } = await read(site.pharmacy.pharmacist.client, from, to);
        const expected = oracle.filter((row) => row.day >= from && row.day <= to);
        expect(overview.revenueCents).toBe(sales.totals.revenueCents);
        expect(sales.totals.revenueCents).toBe(expected.reduce((total, row) => total + row.revenue, 0));
        expect(overview.prescriptionsFilled).toBe(sales.totals.fills);
        // The sections by payer and by drug read the fills, not the rollup: the same rule, the same total.
        for (const section of sales.sections) expect(section.totals.revenueCents).toBe(sales.totals.revenueCents);
      }
      expect(oracle.reduce((total, row) => total + row.revenue, 0)).toBeGreaterThan(0);
    }
  });
});

/** Each medication's running total at the end of every month from August 2026 to March 2027, as kept and as counted. */
const KEPT_PREFIXES = `select p.medication_id, k.month, private.report_fills_through(p.first_month, p.cum, k.month) as fills
  from public.report_medication_fill_prefixes p
  cross join generate_series(private.report_month_number('2026-08-01'), private.report_month_number('2027-03-01')) k(month)
  where p.pharmacy_id = $1 and private.report_fills_through(p.first_month, p.cum, k.month) <> 0 order by 1, 2`;
const RECOMPUTED_PREFIXES = `select rx.medication_id, k.month, count(*)::int as fills
  from public.prescriptions rx
  cross join generate_series(private.report_month_number('2026-08-01'), private.report_month_number('2027-03-01')) k(month)
  where rx.pharmacy_id = $1 and rx.status in ('ready', 'completed') and private.report_month_number(rx.date_filled) <= k.month
  group by 1, 2 order by 1, 2`;
/** The top medications counted straight from the fills, ordered as reports_top_medications orders them. */
const DIRECT_TOP = `select m.id as "medicationId", m.name, m.strength, count(*)::int as fills
  from public.prescriptions rx join public.medications m on m.id = rx.medication_id
  where rx.pharmacy_id = $1 and rx.status in ('ready', 'completed') and rx.date_filled between $2::date and $3::date
  group by m.id order by count(*) desc, m.id limit $4`;

describe('running fills per medication by month (20261130009500_report_speed)', () => {
  it('equal a recomputation by month, and the top medications over ranges with partial months equal a direct count', async () => {
    for (const site of sites) {
      // Spread the filled fills over five months (the rollups follow each re-dating), so ranges cut months.
      await sql(`update public.prescriptions set date_filled = date '2026-09-20' + abs(hashtext(id::text)) % 120
                 where pharmacy_id = $1 and status in ('ready', 'completed')`, [site.pharmacy.id]);
      const prefixes = await sql<{ month: number }>(KEPT_PREFIXES, [site.pharmacy.id]);
      expect(prefixes).toEqual(await sql(RECOMPUTED_PREFIXES, [site.pharmacy.id]));
      expect(new Set(prefixes.map((row) => row.month)).size).toBeGreaterThanOrEqual(5);
      for (const [from, to] of [['2026-09-25', '2026-11-10'], ['2026-10-01', '2026-10-31'], ['2026-10-01', '2026-12-31'],
        ['2026-09-20', '2027-01-17'], ['2026-11-05', '2026-11-20'], ['2026-10-15', '2026-12-15'], ['2026-10-31', '2026-12-01']] as const) {
        for (const top of [1, 2]) {
          const answer = await ok(site.pharmacy.pharmacist.client.rpc('reports_top_medications', { from_date: from, to_date: to, top }));
          const direct = await sql<{ medicationId: string; name: string; fills: number }>(DIRECT_TOP, [site.pharmacy.id, from, to, top]);
          // Ties: the database orders by fills, then id (among the top), then name; with one name per id this is that order.
          const sorted = [...direct].sort((x, y) => y.fills - x.fills || x.name.localeCompare(y.name) || x.medicationId.localeCompare(y.medicationId));
          expect(answer, `${from}..${to} top ${top}`).toEqual(sorted);
        }
      }
      const total = await ok(site.pharmacy.pharmacist.client.rpc('reports_top_medications', { from_date: '2026-09-20', to_date: '2027-01-17', top: 50 })) as { fills: number }[];
      expect(total.reduce((sum, row) => sum + row.fills, 0)).toBe(Number((await sql<{ n: string }>(
        `select count(*) as n from public.prescriptions where pharmacy_id = $1 and status in ('ready', 'completed')`, [site.pharmacy.id]))[0]!.n));
    }
  });
});

// Last: the rebuild rewrites the rows the tests above read as the triggers kept them.
describe('private.rebuild_report_rollups', () => {
  it('makes of the same rows what the triggers kept, and a second refresh changes nothing', async () => {
    for (const site of sites) {
      const kept = await sql(KEPT, [site.pharmacy.id]);
      const keptMedications = await sql(KEPT_MEDICATIONS, [site.pharmacy.id]);
      await sql('select private.rebuild_report_rollups($1)', [site.pharmacy.id]);
      expect(await sql(KEPT, [site.pharmacy.id])).toEqual(kept);
      expect(await sql(KEPT_MEDICATIONS, [site.pharmacy.id])).toEqual(keptMedications);
      expect(await sql(KEPT_PREFIXES, [site.pharmacy.id])).toEqual(await sql(RECOMPUTED_PREFIXES, [site.pharmacy.id]));
      await sql('select private.refresh_report_fills(array(select id from public.prescriptions where pharmacy_id = $1))', [site.pharmacy.id]);
      expect(await sql(KEPT, [site.pharmacy.id])).toEqual(kept);
    }
  });
});
