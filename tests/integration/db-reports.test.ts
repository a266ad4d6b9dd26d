/**
 * The reports (migration 20261130002000_reports) against an independent SQL oracle on generated fills: insurance
 * fills paid by a payer and the patient, a claim paid then reversed, cash fills paid at the counter and one not paid
 * yet (revenue is what was paid, by fill day: migration 20261130008500_report_rollups), a fill verified at 23:30 in the
 * pharmacy's time zone (the next day in UTC), a refill, a controlled fill, a day without fills; who may read them
 * (reports:read: pharmacists and admins) and tenancy (another pharmacy sees nothing of A's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { closeSql, createServiceClient, sql } from '../support/stack-env.ts';
import { enterPrescription, insertRow, movePrescription } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let zone: string;
const service = createServiceClient();
let insuredId: string;
let cashPatientId: string;
let medicationId: string;
let controlledId: string;
let prescriberId: string;
const FROM = '2026-11-01';
const TO = '2026-11-07';

interface Table { title: string; columns: { key: string; kind: string }[]; rows: Record<string, unknown>[]; totals: Record<string, number> }
interface Report extends Table { notes?: { key: string; text: string }[]; sections?: (Table & { key: string })[]; truncated?: boolean }

async function report(name: string, from: string | null = FROM, to: string | null = TO, client: SupabaseClient = a.pharmacist.client): Promise<Report> {
  const { data, error } = await client.rpc(name as 'sales_report', { from_date: from as string, to_date: to as string });
  if (error) throw new Error(error.message);
  return data as unknown as Report;
}

async function answer(claimId: string, transactionCode: 'B1' | 'B2', transmissionId: string, body: Record<string, unknown>) {
  const { error } = await service.rpc('record_claim_response', {
    claim_id: claimId, actor_id: null, transaction_code: transactionCode, transmission_id: transmissionId,
    attempts: [{ destination: 'claimsProcessor', url: 'http://switch.test/', request: transactionCode, response: 'x', outcome: 'answered', durationMs: 100 }],
    answer: body,
  });
  expect(error).toBeNull();
}

/** A fill verified at a local moment (`YYYY-MM-DD HH:MM` in the pharmacy's zone), paid as told. */
async function fill(options: { patientId: string; medicationId: string; verifiedAt: string; cash?: boolean; paid?: number; patientPaid?: number; reverse?: boolean; prescriberId?: string }) {
  const row = await enterPrescription(a.technician.client, { patientId: options.patientId, medicationId: options.medicationId },
    { quantity: 30, days_supply: 30, ...(options.prescriberId ? { prescriber_id: options.prescriberId } : {}) });
  if (options.cash) expect((await a.technician.client.rpc('save_fill_billing', { prescription_id: row.id, pay_with: 'cash' })).error).toBeNull();
  expect((await movePrescription(a.technician.client, row.id, 'processing')).error).toBeNull();
  if (options.paid !== undefined) {
    const begun = await a.technician.client.rpc('begin_claim_transaction', { fill_id: row.id, transaction_code: 'B1' });
    expect(begun.error).toBeNull();
    const { claimId, transmissionId } = begun.data as { claimId: string; transmissionId: string };
    await answer(claimId, 'B1', transmissionId, { responseStatus: 'P', rejectCodes: [], pricing: { totalPaidCents: options.paid, patientPayCents: options.patientPaid ?? 0 } });
    if (options.reverse) {
      const reversal = await a.technician.client.rpc('begin_claim_transaction', { fill_id: row.id, transaction_code: 'B2', reason: 'Billed in error' });
      expect(reversal.error).toBeNull();
      await answer(claimId, 'B2', (reversal.data as { transmissionId: string }).transmissionId, { responseStatus: 'A' });
    }
  }
  expect((await movePrescription(a.pharmacist.client, row.id, 'ready')).error).toBeNull();
  if (options.patientPaid) {
    expect((await a.technician.client.rpc('record_patient_payment', { prescription_id: row.id, amount_cents: options.patientPaid, method: 'card' })).error).toBeNull();
  }
  // As if verified then: date_filled is the trigger's local date of verification.
  await sql(`update public.prescriptions set verified_at = ($2::timestamp at time zone $3), date_filled = ($2::timestamp)::date where id = $1`,
    [row.id, options.verifiedAt, zone]);
  return row;
}

beforeAll(async () => {
  [a, b] = [await createPharmacy('Reports Pharmacy A'), await createPharmacy('Reports Pharmacy B')];
  zone = (await sql<{ time_zone: string }>('select time_zone from public.pharmacies where id = $1', [a.id]))[0]!.time_zone;
  insuredId = await insertRow(a.technician.client, 'patients', { first_name: 'Ida', last_name: 'Insured', date_of_birth: '1950-03-04', street_address: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62701' });
  cashPatientId = await insertRow(a.technician.client, 'patients', { first_name: 'Carl', last_name: 'Cash', date_of_birth: '2001-07-08', street_address: '9 Elm St', city: 'Peoria', state: 'IL', zip_code: '61602' });
  await insertRow(a.technician.client, 'patients', { first_name: 'Una', last_name: 'Undated' });
  await insertRow(a.technician.client, 'patient_insurance_plans', {
    patient_id: insuredId, payer_name: 'Demo Commercial Rx', bin: '999001', cardholder_id: 'RPT1', priority: 'primary', relationship_code: '1', active: true,
  });
  // Cost: WAC $50.00 per 100 tablets = 50 cents a tablet; 30 tablets cost $15.00. Cash price: $20.00 a fill.
  medicationId = await insertRow(a.pharmacist.client, 'medications', {
    name: 'Metformin', strength: '500 mg', dosage_form: 'tablet', ndc_number: '00093-1048-01', package_size: 100, awp_price: 100, wac_price: 50, price: 20, stock: 1000,
  });
  controlledId = await insertRow(a.pharmacist.client, 'medications', {
    name: 'Alprazolam', strength: '0.5 mg', dosage_form: 'tablet', ndc_number: '00228-2027-10', package_size: 100, wac_price: 30, price: 12, stock: 500, dea_schedule: 'IV',
  });
  prescriberId = await insertRow(a.technician.client, 'prescribers', { first_name: 'Paula', last_name: 'Prescott', dea_number: 'BP1234563', npi_number: '1234567893' });
  await fill({ patientId: insuredId, medicationId, verifiedAt: '2026-11-02 10:00', paid: 3000, patientPaid: 1250 });
  await fill({ patientId: insuredId, medicationId, verifiedAt: '2026-11-02 11:00', paid: 2000, reverse: true });
  // Cash fills earn what the patient paid at the counter: the late one paid $20.00, its refill nothing yet.
  const late = await fill({ patientId: cashPatientId, medicationId, verifiedAt: '2026-11-03 23:30', cash: true, patientPaid: 2000 });
  // A refill of the late fill's order, after it was picked up.
  await sql("update public.prescriptions set status = 'completed', completed_at = now() where id = $1", [late.id]);
  const refill = await a.technician.client.rpc('refill_prescription', { prescription_id: late.id });
  expect(refill.error).toBeNull();
  const refillRow = (await sql<{ id: string; fill_number: number }>('select id, fill_number from public.prescriptions where order_id = $1 and fill_number = 1', [late.order_id]))[0]!;
  expect(refillRow.fill_number).toBe(1);
  expect((await a.technician.client.rpc('save_fill_billing', { prescription_id: refillRow.id, pay_with: 'cash' })).error).toBeNull();
  expect((await movePrescription(a.technician.client, refillRow.id, 'processing')).error).toBeNull();
  expect((await movePrescription(a.pharmacist.client, refillRow.id, 'ready')).error).toBeNull();
  await sql(`update public.prescriptions set verified_at = ('2026-11-05 09:00'::timestamp at time zone $2), date_filled = '2026-11-05' where id = $1`, [refillRow.id, zone]);
  await fill({ patientId: cashPatientId, medicationId: controlledId, verifiedAt: '2026-11-06 14:00', cash: true, patientPaid: 1200, prescriberId });
  // Outside the range.
  await fill({ patientId: insuredId, medicationId, verifiedAt: '2026-11-08 00:30', cash: true });
  // Two patients on file since October; Una was added today.
  await sql("update public.patients set created_at = '2026-10-15 12:00:00+00' where id = any($1)", [[insuredId, cashPatientId]]);
  await sql(`insert into public.pharmacy_settings (pharmacy_id, group_key, settings) values ($1, 'reports', '{"dailyLogPharmacist": "Dana Druggist, RPh", "controlledDrugDisclaimer": "Kept under 21 CFR 1304."}')
             on conflict (pharmacy_id, group_key) do update set settings = excluded.settings`, [a.id]);
}, 180_000);

afterAll(closeSql);

/**
 * The oracle: each filled fill's day is its verification's local date; its revenue is what payers paid on its paid
 * claims plus what the patient paid for it (cash or insurance alike); revenue and cost summed from the raw tables.
 */
async function salesOracle(): Promise<Record<string, unknown>[]> {
  return sql(
    `with f as (
       select rx.id, (rx.verified_at at time zone $2)::date as day
       from public.prescriptions rx
       where rx.pharmacy_id = $1 and rx.status in ('ready', 'completed') and rx.verified_at is not null
     )
     select to_char(d.day, 'YYYY-MM-DD') as day,
            count(f.id)::int as fills,
            coalesce(sum((select coalesce(sum(c.total_paid_cents), 0) from public.claims c where c.prescription_id = f.id and c.status = 'paid')
                         + (select coalesce(sum(pp.amount_cents), 0) from public.patient_payments pp where pp.prescription_id = f.id)), 0)::int as revenue,
            coalesce(sum((select sum(-mv.quantity * mv.unit_cost_cents) from public.inventory_movements mv where mv.prescription_id = f.id)), 0)::int as cost
     from generate_series($3::date, $4::date, interval '1 day') d(day)
     left join f on f.day = d.day::date
     group by d.day order by d.day`,
    [a.id, zone, FROM, TO],
  );
}

describe('sales', () => {
  it('per day equals the oracle: a day without fills is zero, the 23:30 fill is its own local day', async () => {
    const sales = await report('sales_report');
    const oracle = await salesOracle();
    expect(sales.rows.map((row) => ({ day: row.day, fills: row.fills, revenue: row.revenueCents, cost: row.costCents }))).toEqual(oracle);
    // By hand: 11-02 two insurance fills ($30.00 + $12.50 paid, the reversed one nothing), 11-03 the late cash fill
    // (paid $20.00 at the counter), 11-04 none (the late fill is 11-04 in UTC), 11-05 the cash refill (not paid yet:
    // nothing, whatever its price), 11-06 the controlled cash fill (paid $12.00).
    expect(sales.rows.map((row) => [row.day, row.fills, row.revenueCents])).toEqual([
      ['2026-11-01', 0, 0], ['2026-11-02', 2, 4250], ['2026-11-03', 1, 2000], ['2026-11-04', 0, 0],
      ['2026-11-05', 1, 0], ['2026-11-06', 1, 1200], ['2026-11-07', 0, 0],
    ]);
    expect(sales.totals).toMatchObject({ fills: 5, cashFills: 3, insuranceFills: 2, cashCents: 3200, payersCents: 3000, patientsCents: 1250, revenueCents: 7450 });
    // Cost from the ledger: 4 Metformin fills × $15.00 and the Alprazolam fill 30 × 30 cents.
    expect(sales.totals.costCents).toBe(4 * 1500 + 900);
    expect(sales.totals.marginCents).toBe(7450 - 6900);
  });

  it('by payer and by drug add up to the same revenue', async () => {
    const sales = await report('sales_report');
    const [byPayer, byDrug] = sales.sections!;
    expect(byPayer!.rows.map((row) => [row.payer, row.fills, row.revenueCents])).toEqual([
      ['Demo Commercial Rx', 1, 4250], ['Cash', 3, 3200], ['Not paid by a payer', 1, 0],
    ]);
    expect(byDrug!.totals).toEqual({ fills: 5, revenueCents: 7450 });
    expect(byDrug!.rows.map((row) => row.drug)).toEqual(['Metformin 500 mg', 'Alprazolam 0.5 mg']);
  });
});

describe('the logs', () => {
  it('dispensing-log: every fill of the range in verification order, with the sign-off', async () => {
    const log = await report('dispensing_log_report');
    const oracle = await sql<{ rx: string; fill_number: number }>(
      `select rx.rx_number::text as rx, rx.fill_number from public.prescriptions rx
       where rx.pharmacy_id = $1 and rx.status <> 'cancelled' and (rx.verified_at at time zone $2)::date between $3 and $4 order by rx.verified_at`,
      [a.id, zone, FROM, TO]);
    expect(log.rows.map((row) => ({ rx: row.rx, fill_number: row.fillNumber }))).toEqual(oracle);
    expect(log.rows.map((row) => row.fillNumber)).toEqual([0, 0, 0, 1, 0]);
    expect(log.rows[2]).toMatchObject({ dateFilled: '2026-11-03', verifiedAt: '2026-11-03 23:30', patientName: 'Cash, Carl', drug: 'Metformin 500 mg', ndc: '00093-1048-01', quantity: 30 });
    expect(log.rows.every((row) => typeof row.pharmacist === 'string')).toBe(true);
    expect(log.notes).toEqual([{ key: 'pharmacistInCharge', label: 'Pharmacist in charge', text: 'Dana Druggist, RPh' }]);
    // One sign-off row per day of the range, none signed yet (a day without fills says so); each day's fills as the log holds them.
    const signOffs = log.sections!.find((section) => section.key === 'signOffs')!;
    expect(signOffs.rows.map((row) => row.day)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07']);
    expect(signOffs.rows.every((row) => row.status === ((row.fills as number) > 0 ? 'Not signed' : 'No fills'))).toBe(true);
    expect(signOffs.rows.some((row) => row.status === 'No fills')).toBe(true);
    expect(signOffs.rows.reduce((sum, row) => sum + (row.fills as number), 0)).toBe(log.rows.length);
    expect(log.truncated).toBe(false);
  });

  it('dispensing-log sign-off: a pharmacist signs a day, the log says so, and says when it changed afterwards', async () => {
    const day = '2026-11-03';
    const technician = await a.technician.client.rpc('sign_dispensing_log', { log_date: day });
    expect(technician.error?.message).toBe('Only a pharmacist can sign off the daily dispensing log');
    const future = await a.pharmacist.client.rpc('sign_dispensing_log', { log_date: '2099-01-01' });
    expect(future.error?.message).toBe('The log of a day that has not begun cannot be signed off');

    const signed = await a.pharmacist.client.rpc('sign_dispensing_log', { log_date: day });
    expect(signed.error).toBeNull();
    const dayFills = (await sql<{ n: number }>(
      `select count(*)::int as n from public.prescriptions where pharmacy_id = $1 and date_filled = $2 and status <> 'cancelled'`, [a.id, day]))[0]!.n;
    expect(signed.data).toMatchObject({ logDate: day, fills: dayFills });
    const row = (log: Report) => log.sections!.find((section) => section.key === 'signOffs')!.rows.find((r) => r.day === day)!;
    expect(row(await report('dispensing_log_report'))).toMatchObject({ status: 'Signed', fills: dayFills, signedFills: dayFills,
      pharmacistInCharge: 'Dana Druggist, RPh', signedBy: expect.any(String) as string });

    // The log changes after the sign-off (a quantity corrected): the report says so until it is signed again.
    const changed = (await sql<{ id: string; quantity: number }>(
      `select id, quantity from public.prescriptions where pharmacy_id = $1 and date_filled = $2 and status <> 'cancelled' limit 1`, [a.id, day]))[0]!;
    await sql('update public.prescriptions set quantity = quantity + 1 where id = $1', [changed.id]);
    try {
      expect(row(await report('dispensing_log_report'))).toMatchObject({ status: 'Changed since signed' });
      expect((await a.pharmacist.client.rpc('sign_dispensing_log', { log_date: day })).error).toBeNull();
      expect(row(await report('dispensing_log_report'))).toMatchObject({ status: 'Signed' });
    } finally {
      await sql('update public.prescriptions set quantity = $2 where id = $1', [changed.id, changed.quantity]);
    }

    // Kept: both sign-offs, unchangeable even by the owner; read by A's pharmacists only.
    const kept = await a.pharmacist.client.from('dispensing_log_sign_offs').select('log_date, fills').eq('log_date', day);
    expect(kept.data).toHaveLength(2);
    await expect(sql('update public.dispensing_log_sign_offs set fills = 0 where pharmacy_id = $1', [a.id]))
      .rejects.toThrow('A sign-off of the dispensing log cannot be changed: sign the log again instead');
    await expect(sql('delete from public.dispensing_log_sign_offs where pharmacy_id = $1', [a.id])).rejects.toThrow(/cannot be changed/);
    expect((await a.technician.client.from('dispensing_log_sign_offs').select('id')).data).toEqual([]);
    expect((await b.pharmacist.client.from('dispensing_log_sign_offs').select('id')).data).toEqual([]);
    const direct = await a.pharmacist.client.from('dispensing_log_sign_offs').insert({ pharmacy_id: a.id, log_date: day, signed_by_name: 'X', fills: 0, fills_digest: '0'.repeat(32) });
    expect(direct.error).not.toBeNull();
  });

  it('controlled-substances: Schedules II–V only, the DEA number, the address and the disclaimer', async () => {
    const log = await report('controlled_substances_report');
    expect(log.rows).toHaveLength(1);
    expect(log.rows[0]).toMatchObject({ dateFilled: '2026-11-06', schedule: 'IV', drug: 'Alprazolam 0.5 mg', prescriber: 'Paula Prescott',
      prescriberDea: 'BP1234563', patientAddress: '9 Elm St, Peoria, IL 61602', patientName: 'Cash, Carl' });
    expect(log.notes![0]!.text).toBe('Kept under 21 CFR 1304.');
  });
});

describe('patients and inventory', () => {
  it('patients: per age band, new, active in the range and without an active plan', async () => {
    const today = (await sql<{ day: string }>("select to_char(private.pharmacy_local_date($1, now()), 'YYYY-MM-DD') as day", [a.id]))[0]!.day;
    const patients = await report('patients_report', today, today);
    const band = (label: string) => patients.rows.find((row) => row.ageBand === label);
    expect(band('65 and over')).toMatchObject({ patients: 1, newPatients: 0, withoutPlan: 0 });
    expect(band('18–34')).toMatchObject({ patients: 1, newPatients: 0, withoutPlan: 1 });
    expect(band('Date of birth unknown')).toMatchObject({ patients: 1, newPatients: 1, withoutPlan: 1 });
    expect(patients.totals).toEqual({ patients: 3, newPatients: 1, activePatients: 0, withoutPlan: 2 });
    // November's first week: Una was not on file yet; both others had a fill in it.
    const week = await report('patients_report');
    expect(week.totals).toEqual({ patients: 2, newPatients: 0, activePatients: 2, withoutPlan: 1 });
    expect(week.rows.map((row) => row.ageBand)).toEqual(['0–17', '18–34', '35–49', '50–64', '65 and over', 'Date of birth unknown']);
  });

  it('inventory: value on hand × cost per product equals the lots', async () => {
    const inventory = await report('inventory_report');
    const oracle = await sql<{ value: string; units: string }>(
      `select sum(l.on_hand * coalesce(l.unit_cost_cents, round(m.wac_price * 100 / m.package_size)))::text as value, sum(l.on_hand)::text as units
       from public.inventory_lots l join public.medications m on m.id = l.medication_id where l.pharmacy_id = $1 and l.on_hand > 0`, [a.id]);
    expect(inventory.totals).toMatchObject({ products: 2, valueCents: Number(oracle[0]!.value), onHand: Number(oracle[0]!.units) });
    expect(inventory.rows.find((row) => row.drug === 'Alprazolam 0.5 mg')).toMatchObject({ onHand: 470, valueCents: 470 * 30 });
    expect(inventory.sections!.map((section) => section.key)).toEqual(['deadStock', 'expiring']);
    expect(inventory.truncated).toBe(false);
  });

  it('inventory: each table lists at most the row limit, most valuable first; totals stay over every product and lot', async () => {
    const whole = await report('inventory_report');
    expect(whole.rows.length).toBe(2);
    // A limit of one row (restored after): the same totals, the most valuable product alone, truncated.
    await sql('create or replace function private.inventory_report_row_limit() returns integer language sql immutable set search_path = \'\' as $$ select 1 $$');
    try {
      const capped = await report('inventory_report');
      expect(capped.truncated).toBe(true);
      expect(capped.totals).toEqual(whole.totals);
      expect(capped.rows).toEqual([whole.rows[0]]);
      expect(Number(whole.rows[0]!.valueCents)).toBeGreaterThanOrEqual(Number(whole.rows[1]!.valueCents));
      whole.sections!.forEach((section, i) => {
        expect(capped.sections![i]!.totals).toEqual(section.totals);
        expect(capped.sections![i]!.rows).toEqual(section.rows.slice(0, 1));
      });
    } finally {
      await sql('create or replace function private.inventory_report_row_limit() returns integer language sql immutable set search_path = \'\' as $$ select 5000 $$');
    }
    expect((await report('inventory_report')).truncated).toBe(false);
  });
});

describe('rules', () => {
  it('refuses a bad range', async () => {
    await expect(report('sales_report', '2026-11-30', '2026-11-01')).rejects.toThrow('The last day of the report is before its first day');
    await expect(report('sales_report', '2025-01-01', '2026-11-30')).rejects.toThrow('A report covers at most 366 days');
    await expect(report('sales_report', null, '2026-11-30')).rejects.toThrow('Choose the first and last day of the report');
  });

  it('technicians may not read reports; another pharmacy sees nothing of A\'s', async () => {
    for (const name of ['sales_report', 'inventory_report', 'patients_report', 'dispensing_log_report', 'controlled_substances_report']) {
      await expect(report(name, FROM, TO, a.technician.client)).rejects.toThrow('Only pharmacists and admins of the pharmacy can read reports');
      const other = await report(name, FROM, TO, b.admin.client);
      expect(other.totals.fills ?? other.totals.products ?? other.totals.patients).toBe(0);
    }
    expect((await report('sales_report', FROM, TO, a.admin.client)).totals.fills).toBe(5);
  });
});
