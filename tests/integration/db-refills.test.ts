/**
 * Refills (issue 21, migration 20261128002000_refills) as real staff through supabase-js: refill_prescription
 * applies every rule with its sentence (discontinued, inactive, Schedule II, a fill still in the queue, no refills
 * left, Schedule III–V 5 refills / 6 months, non-controlled expiry by the pharmacy's Refills setting, too soon —
 * allowed only by a pharmacist or admin with a reason, recorded and audited); who may refill (each role; another
 * pharmacy's staff see no prescription); prescription_orders is read-only and per pharmacy; a fill's order
 * columns cannot be edited (fill 0 while pending carries its order along); discontinue_prescription cancels the
 * fill in the queue; patient_prescription_orders counts refills; two terminals refilling the last refill at once
 * make exactly one fill, and the new fill reaches another terminal live.
 *
 * Time passing is setup, done with the service `sql` helper: a fill's date filled (and, where a test needs an old
 * prescription, fill 0's date written, which its order follows) moved into the past.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, eventually, sql } from '../support/stack-env.ts';
import { addMedication, addPatient, enterPrescription, insertRow, movePrescription, type PrescriptionRow } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let patient: string;
let ibuprofen: string;
let prescriber: string;
let scheduleII: string;
let scheduleIV: string;

beforeAll(async () => {
  [a, b] = await Promise.all([createPharmacy('Refills Pharmacy A'), createPharmacy('Refills Pharmacy B')]);
  patient = (await addPatient(a.technician.client, 'Refills')).id;
  ibuprofen = (await addMedication(a.pharmacist.client)).id;
  prescriber = await insertRow(a.technician.client, 'prescribers', { first_name: 'Dana', last_name: 'Registered', dea_number: 'BL1234563' });
  scheduleII = await insertRow(a.pharmacist.client, 'medications', {
    name: 'Oxycodone', generic_name: 'oxycodone', strength: '5 mg', price: 10, stock: 100_000, dea_schedule: 'II',
  });
  scheduleIV = await insertRow(a.pharmacist.client, 'medications', {
    name: 'Alprazolam', generic_name: 'alprazolam', strength: '0.5 mg', price: 10, stock: 100_000, dea_schedule: 'IV',
  });
}, 120_000);

afterAll(closeSql);

interface Refused {
  code: string | undefined;
  message: string;
}

interface RefillResult {
  row: PrescriptionRow | null;
  error: Refused | null;
}

async function refill(client: SupabaseClient, id: string, tooSoonReason?: string): Promise<RefillResult> {
  const { data, error } = await client.rpc('refill_prescription', {
    prescription_id: id, ...(tooSoonReason === undefined ? {} : { too_soon_reason: tooSoonReason }),
  });
  if (error) return { row: null, error: { code: error.code, message: error.message } };
  return { row: data as PrescriptionRow, error: null };
}

async function refilled(client: SupabaseClient, id: string, tooSoonReason?: string): Promise<PrescriptionRow> {
  const result = await refill(client, id, tooSoonReason);
  expect(result.error).toBeNull();
  return result.row!;
}

const STEPS = ['pending', 'processing', 'ready', 'completed'] as const;

/** Moves a fill from `from` to `to` step by step the way staff do: the technician, the pharmacist verifies. */
async function moveTo(id: string, to: 'processing' | 'ready' | 'completed', from: 'pending' | 'processing' = 'pending'): Promise<void> {
  for (const step of STEPS.slice(STEPS.indexOf(from) + 1, STEPS.indexOf(to) + 1)) {
    const moved = await movePrescription(step === 'ready' ? a.pharmacist.client : a.technician.client, id, step);
    expect(moved.error, `${id} → ${step}`).toBeNull();
  }
}

/** Setup: the fill was filled `daysAgo` days ago (its date filled moved back, as time would have). */
async function filledDaysAgo(id: string, daysAgo: number): Promise<void> {
  await sql(`update public.prescriptions set date_filled = private.pharmacy_local_date(pharmacy_id, now()) - $2::int where id = $1`, [id, daysAgo]);
}

/** Setup: fill 0 (and so its order) was written `months` months ago. */
async function writtenMonthsAgo(fillZeroId: string, months: number): Promise<void> {
  await sql(`update public.prescriptions set original_date = (private.pharmacy_local_date(pharmacy_id, now()) - make_interval(months => $2::int))::date where id = $1`, [fillZeroId, months]);
}

/** A prescription of A entered by its technician, verified and completed, filled 30 days ago (30 days supply): a refill is due. */
async function filledPrescription(extra: Record<string, unknown> = {}, medicationId = ibuprofen): Promise<PrescriptionRow> {
  const row = await enterPrescription(a.technician.client, { patientId: patient, medicationId }, { prescriber_id: prescriber, refills: 2, days_supply: 30, ...extra });
  await moveTo(row.id, 'completed');
  await filledDaysAgo(row.id, 30);
  return row;
}

async function fillsOf(orderId: string): Promise<Array<{ fill_number: number; status: string }>> {
  return sql(`select fill_number, status from public.prescriptions where order_id = $1 order by fill_number`, [orderId]);
}

async function orderOf(orderId: string): Promise<{ status: string; refills: number; written_on: string; prescriber_id: string | null }> {
  return (await sql<{ status: string; refills: number; written_on: string; prescriber_id: string | null }>(
    `select status, refills, to_char(written_on, 'YYYY-MM-DD') as written_on, prescriber_id from public.prescription_orders where id = $1`, [orderId]))[0]!;
}

async function today(): Promise<string> {
  return (await sql<{ day: string }>(`select to_char(private.pharmacy_local_date($1, now()), 'YYYY-MM-DD') as day`, [a.id]))[0]!.day;
}

async function dayPlus(day: string, days: number): Promise<string> {
  return (await sql<{ day: string }>(`select to_char($1::date + $2::int, 'YYYY-MM-DD') as day`, [day, days]))[0]!.day;
}

describe('a refill', () => {
  it('is the next fill of the order: same Rx number, patient, drug, prescriber and refills, pending, entered by the caller', async () => {
    const original = await filledPrescription({ quantity: 45, directions: 'Take 1 tablet twice daily' });
    const fill = await refilled(a.pharmacist.client, original.id);
    expect(fill).toMatchObject({
      order_id: original.id, fill_number: 1, rx_number: original.rx_number, patient_id: patient, medication_id: ibuprofen,
      prescriber_id: prescriber, refills: 2, quantity: 45, days_supply: 30, directions: 'Take 1 tablet twice daily',
      status: 'pending', entered_by: a.pharmacist.id, date_filled: null, too_soon_reason: null, too_soon_allowed_by: null,
    });
    expect(fill.id).not.toBe(original.id);
    // The order's id and any fill's id name the same order.
    await moveTo(fill.id, 'completed');
    await filledDaysAgo(fill.id, 30);
    expect(await refilled(a.technician.client, fill.id)).toMatchObject({ order_id: original.id, fill_number: 2, rx_number: original.rx_number });
    expect(await fillsOf(original.id)).toEqual([
      { fill_number: 0, status: 'completed' }, { fill_number: 1, status: 'completed' }, { fill_number: 2, status: 'pending' },
    ]);
    const audit = await sql<{ action: string; actor_user_id: string }>(
      `select action, actor_user_id from public.audit_log where entity_id = $1 and action = 'prescription_refilled'`, [fill.id]);
    expect(audit).toEqual([{ action: 'prescription_refilled', actor_user_id: a.pharmacist.id }]);
  });

  it.each(['admin', 'pharmacist', 'technician'] as const)('may be made by the %s', async (role) => {
    const original = await filledPrescription();
    expect(await refilled(a[role].client, original.id)).toMatchObject({ fill_number: 1, entered_by: a[role].id, status: 'pending' });
  });

  it("of another pharmacy's prescription, or of none, is 'Prescription not found' and inserts nothing", async () => {
    const original = await filledPrescription();
    for (const staff of [b.admin, b.pharmacist, b.technician]) {
      expect(await refill(staff.client, original.id)).toEqual({ row: null, error: { code: 'P0002', message: 'Prescription not found' } });
    }
    expect(await refill(a.pharmacist.client, '00000000-0000-4000-8000-000000000000')).toEqual({ row: null, error: { code: 'P0002', message: 'Prescription not found' } });
    expect(await fillsOf(original.id)).toEqual([{ fill_number: 0, status: 'completed' }]);
  });
});

describe('the refill rules, each refused with its sentence', () => {
  it('a fill still in the queue (pending or processing) is finished first', async () => {
    const row = await enterPrescription(a.technician.client, { patientId: patient, medicationId: ibuprofen }, { refills: 2 });
    expect((await refill(a.pharmacist.client, row.id)).error).toEqual({
      code: 'P0001', message: `Rx ${row.rx_number} already has a fill in the queue (the original, pending); finish it before refilling again`,
    });
    await moveTo(row.id, 'processing');
    expect((await refill(a.pharmacist.client, row.id)).error?.message).toBe(
      `Rx ${row.rx_number} already has a fill in the queue (the original, processing); finish it before refilling again`);
    await moveTo(row.id, 'ready', 'processing');
    await filledDaysAgo(row.id, 30);
    const fill = await refilled(a.pharmacist.client, row.id);
    expect((await refill(a.pharmacist.client, row.id)).error?.message).toBe(
      `Rx ${row.rx_number} already has a fill in the queue (refill 1, pending); finish it before refilling again`);
    expect(fill.fill_number).toBe(1);
  });

  it('no refills left: every refill authorised has been used', async () => {
    const none = await filledPrescription({ refills: 0 });
    expect((await refill(a.pharmacist.client, none.id)).error).toEqual({
      code: 'P0001', message: `Rx ${none.rx_number} has no refills left (0 of 0 used); ask the prescriber for a new prescription`,
    });
    const one = await filledPrescription({ refills: 1 });
    const last = await refilled(a.technician.client, one.id);
    await moveTo(last.id, 'completed');
    await filledDaysAgo(last.id, 30);
    expect((await refill(a.technician.client, one.id)).error?.message).toBe(
      `Rx ${one.rx_number} has no refills left (1 of 1 used); ask the prescriber for a new prescription`);
    expect((await fillsOf(one.id)).length).toBe(2);
  });

  it('Schedule II is never refilled', async () => {
    const row = await filledPrescription({ refills: 0 }, scheduleII);
    expect((await refill(a.admin.client, row.id)).error).toEqual({
      code: 'P0001', message: `Schedule II controlled substances cannot be refilled (21 CFR 1306.12): Rx ${row.rx_number} needs a new prescription`,
    });
  });

  it('Schedule III–V: refilled within 6 months of the date written, not after', async () => {
    const row = await filledPrescription({ refills: 3 }, scheduleIV);
    await writtenMonthsAgo(row.id, 5);
    const fill = await refilled(a.pharmacist.client, row.id);
    await moveTo(fill.id, 'completed');
    await filledDaysAgo(fill.id, 30);
    await writtenMonthsAgo(row.id, 7);
    const written = (await orderOf(row.id)).written_on;
    expect((await refill(a.pharmacist.client, row.id)).error).toEqual({
      code: 'P0001',
      message: `A schedule IV prescription cannot be refilled more than 6 months after the date written (${written}) (21 CFR 1306.22): Rx ${row.rx_number} needs a new prescription`,
    });
  });

  it('Schedule III–V: at most 5 refills, even when the drug was rescheduled after the prescription was written', async () => {
    const medication = (await addMedication(a.pharmacist.client, 'Tramadol')).id;
    const row = await filledPrescription({ refills: 7 }, medication);
    let last = row;
    for (let fill = 1; fill <= 5; fill += 1) {
      last = await refilled(a.pharmacist.client, row.id);
      await moveTo(last.id, 'completed');
      await filledDaysAgo(last.id, 30);
    }
    expect(last.fill_number).toBe(5);
    const rescheduled = await a.pharmacist.client.from('medications')
      .update({ dea_schedule: 'IV', change_reason: 'Rescheduled to Schedule IV by the DEA' }).eq('id', medication).select('dea_schedule');
    expect(rescheduled.error).toBeNull();
    expect((await refill(a.pharmacist.client, row.id)).error).toEqual({
      code: 'P0001',
      message: `Schedule IV controlled substances allow at most 5 refills (21 CFR 1306.22): Rx ${row.rx_number} needs a new prescription`,
    });
    expect((await fillsOf(row.id)).length).toBe(6);
  });

  it("non-controlled: expires the pharmacy's Refills setting of months after it was written (12 when never saved)", async () => {
    const row = await filledPrescription();
    await writtenMonthsAgo(row.id, 7);
    const saved = await a.admin.client.from('pharmacy_settings').insert({ group_key: 'refills', settings: { refillTooSoonPercent: 75, nonControlledExpiryMonths: 6 } });
    expect(saved.error).toBeNull();
    try {
      const written = (await orderOf(row.id)).written_on;
      const expires = (await sql<{ day: string }>(`select to_char(($1::date + interval '6 months')::date, 'YYYY-MM-DD') as day`, [written]))[0]!.day;
      expect((await refill(a.pharmacist.client, row.id)).error).toEqual({
        code: 'P0001', message: `Rx ${row.rx_number} expired on ${expires}, 6 months after it was written; ask the prescriber for a new prescription`,
      });
      // Another pharmacy's setting is not A's.
      const other = await b.admin.client.from('pharmacy_settings').insert({ group_key: 'refills', settings: { nonControlledExpiryMonths: 12 } });
      expect(other.error).toBeNull();
      expect((await refill(a.pharmacist.client, row.id)).error?.message).toContain('expired on');
    } finally {
      await sql(`delete from public.pharmacy_settings where group_key = 'refills' and pharmacy_id in ($1, $2)`, [a.id, b.id]);
    }
    expect(await refilled(a.pharmacist.client, row.id)).toMatchObject({ fill_number: 1 });
  });

  it('non-controlled: a refill entered before its prescription expired is not verified after it', async () => {
    const row = await filledPrescription();
    const fill = await refilled(a.pharmacist.client, row.id);
    await moveTo(fill.id, 'processing');
    // Setup: time passes while it waits — the order is now 13 months old.
    await sql(`update public.prescription_orders set written_on = (private.pharmacy_local_date(pharmacy_id, now()) - interval '13 months')::date where id = $1`, [row.id]);
    const expires = (await sql<{ day: string }>(`select to_char(written_on + interval '12 months', 'YYYY-MM-DD') as day from public.prescription_orders where id = $1`, [row.id]))[0]!.day;
    expect((await movePrescription(a.pharmacist.client, fill.id, 'ready')).error)
      .toBe(`Rx ${row.rx_number} expired on ${expires} while its refill waited; it cannot be filled. Ask the prescriber for a new prescription`);
    expect(await fillsOf(row.id)).toEqual([{ fill_number: 0, status: 'completed' }, { fill_number: 1, status: 'processing' }]);
  });

  it('refills used before fills were kept (an upgraded or imported order) count: the next refill follows them', async () => {
    const row = await filledPrescription({ refills: 3 });
    await sql(`update public.prescription_orders set refills_used_before = 2 where id = $1`, [row.id]);
    expect(await refilled(a.pharmacist.client, row.id)).toMatchObject({ fill_number: 3, refills: 3 });
    const orders = (await a.technician.client.rpc('patient_prescription_orders', { for_patient_id: patient })).data as Array<{ order_id: string; refills_used: number; refills_remaining: number }>;
    expect(orders.find((order) => order.order_id === row.id)).toMatchObject({ refills_used: 3, refills_remaining: 0 });
  });

  it('inactive (e.g. transferred out): not refilled', async () => {
    const row = await filledPrescription();
    await sql(`update public.prescription_orders set status = 'inactive' where id = $1`, [row.id]);
    expect((await refill(a.pharmacist.client, row.id)).error).toEqual({ code: 'P0001', message: `Rx ${row.rx_number} is inactive; it cannot be refilled` });
  });

  it('discontinued: not refilled, the date and reason named', async () => {
    const row = await filledPrescription();
    const { error } = await a.pharmacist.client.rpc('discontinue_prescription', { prescription_id: row.id, reason: 'Therapy changed to naproxen' });
    expect(error).toBeNull();
    expect((await refill(a.admin.client, row.id)).error).toEqual({
      code: 'P0001', message: `Rx ${row.rx_number} was discontinued on ${await today()} (Therapy changed to naproxen); it cannot be refilled`,
    });
  });
});

describe('a refill too soon', () => {
  let original: PrescriptionRow;
  let tooSoon: string;

  beforeAll(async () => {
    original = await enterPrescription(a.technician.client, { patientId: patient, medicationId: ibuprofen }, { refills: 2, days_supply: 30 });
    await moveTo(original.id, 'completed');
    const filled = (await sql<{ day: string }>(`select to_char(date_filled, 'YYYY-MM-DD') as day from public.prescriptions where id = $1`, [original.id]))[0]!.day;
    tooSoon = `Refill too soon: Rx ${original.rx_number} was filled on ${filled} for 30 days; it can be refilled from ${await dayPlus(filled, 23)} (75% of the days supply). A pharmacist can allow it with a reason`;
  });

  it('is refused with the day it becomes due, for everyone without a reason', async () => {
    for (const staff of [a.technician, a.pharmacist, a.admin]) {
      expect((await refill(staff.client, original.id)).error).toEqual({ code: 'P0001', message: tooSoon });
    }
  });

  it('a technician cannot allow it, even with a reason', async () => {
    expect((await refill(a.technician.client, original.id, 'Going on vacation')).error).toEqual({
      code: '42501', message: 'Only a pharmacist or admin can allow a refill too soon',
    });
    expect(await fillsOf(original.id)).toEqual([{ fill_number: 0, status: 'completed' }]);
  });

  it('a pharmacist allows it with a reason: recorded on the fill and audited', async () => {
    const fill = await refilled(a.pharmacist.client, original.id, '  Going on vacation for three weeks  ');
    expect(fill).toMatchObject({ fill_number: 1, too_soon_reason: 'Going on vacation for three weeks', too_soon_allowed_by: a.pharmacist.id });
    expect(fill.too_soon_allowed_at).not.toBeNull();
    const audit = await sql<{ actor_user_id: string; success: boolean; description: string }>(
      `select actor_user_id, success, description from public.audit_log where entity_id = $1 and action = 'refill_too_soon_allowed'`, [fill.id]);
    expect(audit).toEqual([{
      actor_user_id: a.pharmacist.id, success: true,
      description: `Prescription RX ${original.rx_number} refill 1 allowed too soon: Going on vacation for three weeks`,
    }]);
  });

  it('a refill that is not early records no reason', async () => {
    const row = await filledPrescription();
    expect(await refilled(a.pharmacist.client, row.id, 'Not needed')).toMatchObject({ too_soon_reason: null, too_soon_allowed_by: null, too_soon_allowed_at: null });
  });
});

describe('prescription_orders', () => {
  it("staff read their own pharmacy's orders only", async () => {
    const row = await filledPrescription();
    for (const staff of [a.admin, a.pharmacist, a.technician]) {
      const { data, error } = await staff.client.from('prescription_orders').select('id, rx_number, refills, status').eq('id', row.id);
      expect(error).toBeNull();
      expect(data).toEqual([{ id: row.id, rx_number: row.rx_number, refills: 2, status: 'active' }]);
    }
    for (const staff of [b.admin, b.pharmacist, b.technician]) {
      expect((await staff.client.from('prescription_orders').select('id').eq('id', row.id)).data).toEqual([]);
    }
  });

  it('are written only by the database: insert, update and delete are refused to staff', async () => {
    const row = await filledPrescription();
    const client = a.admin.client;
    const inserted = await client.from('prescription_orders').insert({
      pharmacy_id: a.id, rx_number: 999_999, patient_id: patient, medication_id: ibuprofen, refills: 9, written_on: '2026-01-01',
    });
    expect(inserted.error?.code).toBe('42501');
    const updated = await client.from('prescription_orders').update({ refills: 9 }).eq('id', row.id).select('id');
    expect(updated.error?.code).toBe('42501');
    const deleted = await client.from('prescription_orders').delete().eq('id', row.id).select('id');
    expect(deleted.error?.code).toBe('42501');
    expect(await orderOf(row.id)).toMatchObject({ status: 'active', refills: 2 });
  });
});

describe("a fill's recorded columns", () => {
  it('order, fill number and too-soon reason cannot be changed', async () => {
    const row = await filledPrescription();
    const fill = await refilled(a.pharmacist.client, row.id);
    const label = `Prescription RX ${row.rx_number}`;
    const other = await filledPrescription();
    for (const changes of [{ order_id: other.id }, { fill_number: 2 }]) {
      const { error } = await a.admin.client.from('prescriptions').update(changes).eq('id', fill.id).select('id');
      expect(error?.message).toBe(`${label}: its id, Rx number, fill number and entry (who and when) cannot be changed`);
    }
    const { error } = await a.pharmacist.client.from('prescriptions').update({ too_soon_reason: 'Afterthought' }).eq('id', fill.id).select('id');
    expect(error?.message).toBe(`${label}: a refill allowed too soon keeps its recorded reason`);
    expect((await sql('select order_id, fill_number, too_soon_reason from public.prescriptions where id = $1', [fill.id]))[0]).toEqual({
      order_id: row.id, fill_number: 1, too_soon_reason: null,
    });
  });

  it("a pending refill keeps its prescription's prescriber, refills, date written, directions, quantity and days supply", async () => {
    const row = await filledPrescription({ quantity: 30 });
    const fill = await refilled(a.pharmacist.client, row.id);
    const otherPrescriber = await insertRow(a.technician.client, 'prescribers', { first_name: 'Omar', last_name: 'Other' });
    for (const changes of [{ refills: 5 }, { prescriber_id: otherPrescriber }, { original_date: '2026-01-02' }, { quantity: 900 }, { days_supply: 1 }, { directions: 'Take 10' }]) {
      const { error } = await a.technician.client.from('prescriptions').update(changes).eq('id', fill.id).select('id');
      expect(error?.message).toBe(`Prescription RX ${row.rx_number}: a refill keeps its prescription's prescriber, refills, date written, directions, quantity and days supply; enter a new prescription instead`);
    }
    expect(await orderOf(row.id)).toMatchObject({ refills: 2, prescriber_id: prescriber });
  });

  it('a refill inserted with other contents is filled as last time', async () => {
    const row = await filledPrescription({ quantity: 30, directions: 'Take 1 tablet daily' });
    const { data, error } = await a.technician.client.from('prescriptions')
      .insert({ order_id: row.id, quantity: 900, days_supply: 1, directions: 'Take 30 tablets daily' } as never)
      .select('fill_number, quantity, days_supply, directions').single();
    expect(error).toBeNull();
    expect(data).toEqual({ fill_number: 1, quantity: 30, days_supply: 30, directions: 'Take 1 tablet daily' });
  });

  it('the fill date is the database\'s: staff cannot set it, so a refill is never made due early', async () => {
    const row = await filledPrescription();
    const fill = await refilled(a.pharmacist.client, row.id);
    for (const client of [a.technician.client, a.pharmacist.client]) {
      const { error } = await client.from('prescriptions').update({ date_filled: '2020-01-01' }).eq('id', fill.id).select('id');
      expect(error?.message).toBe(`Prescription RX ${row.rx_number}: who processed, verified, completed or overrode it, and when (the fill date too), is recorded by the database; leave those columns out`);
    }
    await moveTo(fill.id, 'ready');
    expect((await sql<{ filled: boolean }>(`select date_filled = private.pharmacy_local_date(pharmacy_id, now()) as filled from public.prescriptions where id = $1`, [fill.id]))[0])
      .toEqual({ filled: true });
  });

  it("fill 0 corrected while pending carries its order along (refills, prescriber, date written)", async () => {
    const row = await enterPrescription(a.technician.client, { patientId: patient, medicationId: ibuprofen }, { refills: 1, prescriber_id: prescriber });
    const otherPrescriber = await insertRow(a.technician.client, 'prescribers', { first_name: 'Nia', last_name: 'New' });
    const { error } = await a.technician.client.from('prescriptions')
      .update({ refills: 3, prescriber_id: otherPrescriber, original_date: '2026-11-01' }).eq('id', row.id).select('id');
    expect(error).toBeNull();
    expect(await orderOf(row.id)).toEqual({ status: 'active', refills: 3, written_on: '2026-11-01', prescriber_id: otherPrescriber });
  });
});

describe('discontinue_prescription', () => {
  it('a technician cannot; a reason is required', async () => {
    const row = await filledPrescription();
    expect((await a.technician.client.rpc('discontinue_prescription', { prescription_id: row.id, reason: 'Allergy' })).error?.message)
      .toBe('Only a pharmacist or admin can discontinue a prescription');
    for (const reason of ['', '   ']) {
      expect((await a.pharmacist.client.rpc('discontinue_prescription', { prescription_id: row.id, reason })).error?.message)
        .toBe('Give a reason for discontinuing the prescription');
    }
    expect((await b.pharmacist.client.rpc('discontinue_prescription', { prescription_id: row.id, reason: 'Allergy' })).error?.message)
      .toBe('Prescription not found');
    expect((await orderOf(row.id)).status).toBe('active');
  });

  it("a pharmacist discontinues: the pending fill is cancelled, leaves the queue and its counts, and can't move again", async () => {
    const row = await filledPrescription();
    const fill = await refilled(a.pharmacist.client, row.id);
    const countsBefore = (await a.technician.client.rpc('prescription_queue_counts')).data as { byStatus: { pending: number }; total: number };
    const pendingBefore = ((await a.technician.client.rpc('queue_page', { queue_status: 'pending', page_size: 200 })).data as Array<{ id: string }>).map((rx) => rx.id);
    expect(pendingBefore).toContain(fill.id);

    const { data, error } = await a.pharmacist.client.rpc('discontinue_prescription', { prescription_id: fill.id, reason: ' Patient developed a rash ' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: row.id, status: 'discontinued', discontinued_reason: 'Patient developed a rash', discontinued_by: a.pharmacist.id });
    expect(await fillsOf(row.id)).toEqual([{ fill_number: 0, status: 'completed' }, { fill_number: 1, status: 'cancelled' }]);
    const cancelled = (await sql('select cancelled_by from public.prescriptions where id = $1', [fill.id]))[0];
    expect(cancelled).toEqual({ cancelled_by: a.pharmacist.id });

    const countsAfter = (await a.technician.client.rpc('prescription_queue_counts')).data as { byStatus: { pending: number }; total: number };
    expect(countsAfter.byStatus.pending).toBe(countsBefore.byStatus.pending - 1);
    expect(countsAfter.total).toBe(countsBefore.total - 1);
    const pendingAfter = ((await a.technician.client.rpc('queue_page', { queue_status: 'pending', page_size: 200 })).data as Array<{ id: string }>).map((rx) => rx.id);
    expect(pendingAfter).not.toContain(fill.id);

    expect((await movePrescription(a.technician.client, fill.id, 'processing')).error)
      .toBe(`Prescription RX ${row.rx_number} was cancelled when its prescription was discontinued; it cannot move`);
    expect((await a.pharmacist.client.rpc('discontinue_prescription', { prescription_id: row.id, reason: 'Again' })).error?.message)
      .toBe(`Rx ${row.rx_number} is already discontinued`);
    const audit = await sql<{ actor_user_id: string }>(`select actor_user_id from public.audit_log where entity_id = $1 and action = 'prescription_discontinued'`, [row.id]);
    expect(audit).toEqual([{ actor_user_id: a.pharmacist.id }]);
  });
});

describe('patient_prescription_orders', () => {
  it("answers each order's refills authorised, used and remaining and its last fill", async () => {
    const own = (await addPatient(a.technician.client, 'Orders')).id;
    const row = await enterPrescription(a.technician.client, { patientId: own, medicationId: ibuprofen }, { refills: 3, days_supply: 30, quantity: 60 });
    await moveTo(row.id, 'completed');
    await filledDaysAgo(row.id, 30);
    const fill = await refilled(a.pharmacist.client, row.id);
    const { data, error } = await a.technician.client.rpc('patient_prescription_orders', { for_patient_id: own });
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({
      order_id: row.id, rx_number: row.rx_number, status: 'active', refills: 3, refills_used: 1, refills_remaining: 2,
      last_fill_id: fill.id, last_fill_status: 'pending', last_filled_on: null, last_days_supply: 30, last_quantity: 60,
    })]);
    // Another pharmacy's staff read nothing of it.
    expect((await b.pharmacist.client.rpc('patient_prescription_orders', { for_patient_id: own })).data).toEqual([]);
  });

  it('still lists an order discontinued before its only fill was filled, with no last fill', async () => {
    const own = (await addPatient(a.technician.client, 'Stopped')).id;
    const row = await enterPrescription(a.technician.client, { patientId: own, medicationId: ibuprofen }, { refills: 2 });
    expect((await a.pharmacist.client.rpc('discontinue_prescription', { prescription_id: row.id, reason: 'Entered for the wrong patient' })).error).toBeNull();
    const { data, error } = await a.technician.client.rpc('patient_prescription_orders', { for_patient_id: own });
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({
      order_id: row.id, status: 'discontinued', discontinued_reason: 'Entered for the wrong patient', refills: 2, refills_used: 0,
      refills_remaining: 2, last_fill_id: null, last_fill_status: null, refill_due_on: null,
    })]);
  });
});

describe('two terminals', () => {
  const channels: Array<{ client: SupabaseClient; channel: RealtimeChannel }> = [];
  afterAll(async () => {
    for (const { client, channel } of channels) await client.removeChannel(channel);
  });

  it('refilling the last refill at the same moment make exactly one fill; the other is refused with a sentence', async () => {
    const row = await filledPrescription({ refills: 1 });
    const [first, second] = await Promise.all([refill(a.pharmacist.client, row.id), refill(a.technician.client, row.id)]);
    const results = [first, second];
    expect(results.filter((result) => result.error === null)).toHaveLength(1);
    const refused = results.find((result) => result.error !== null)!.error!;
    expect(refused.code).toBe('P0001');
    expect([
      `Rx ${row.rx_number} already has a fill in the queue (refill 1, pending); finish it before refilling again`,
      `Rx ${row.rx_number} has no refills left (1 of 1 used); ask the prescriber for a new prescription`,
    ]).toContain(refused.message);
    expect(await fillsOf(row.id)).toEqual([{ fill_number: 0, status: 'completed' }, { fill_number: 1, status: 'pending' }]);
  });

  it("a refill made at one terminal reaches another terminal's queue live", async () => {
    const events: Array<{ eventType: string; new: { id?: string; fill_number?: number; rx_number?: number; status?: string } }> = [];
    const system: Array<{ message: string }> = [];
    const channel = a.admin.client.channel('refills-queue')
      .on('postgres_changes' as never, { event: '*', schema: 'public', table: 'prescriptions' }, (payload: (typeof events)[number]) => events.push(payload))
      .on('system' as never, {}, (payload: { message: string }) => system.push(payload));
    channels.push({ client: a.admin.client, channel });
    await new Promise<void>((resolve, reject) => channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    }));
    await eventually(() => system.some((m) => m.message === 'Subscribed to PostgreSQL'), 'the subscription');

    const row = await filledPrescription();
    const fill = await refilled(a.technician.client, row.id);
    const seen = await eventually(() => events.find((e) => e.eventType === 'INSERT' && e.new.id === fill.id), 'the refill on the admin\'s screen');
    expect(seen.new).toMatchObject({ fill_number: 1, rx_number: row.rx_number, status: 'pending' });
  });
});
