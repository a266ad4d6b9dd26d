/**
 * Patients served (migration 20261130008700_patients_served): private.reports_patients_served, read from the
 * per-day patient bits, equals count(distinct patient_id) of the filled fills (ready or completed, by date_filled)
 * over random ranges — after a rebuild of loaded fills and after random writes kept by the trigger (verify, return
 * to stock, move a day, another patient, delete, two fills of one patient on one day), with patient numbers on both
 * sides of a chunk boundary (65,536); another pharmacy's fills never count, and its staff read nothing of these; a
 * fill verified through the workflow counts on the pharmacy's local day, not the UTC one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, sql } from '../support/stack-env.ts';
import { addMedication, addPatient, enterPrescription, movePrescription } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

const FILLED = new Set(['ready', 'completed']);
const STATUSES = ['pending', 'processing', 'ready', 'completed', 'completed', 'cancelled'];

let a: TestPharmacy;
let b: TestPharmacy;
let medicationA: string;
let medicationB: string;

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

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const BASE_DAY = '2026-03-01';

/** The function under test and its oracle, the distinct count from the fills themselves. */
async function servedAndCounted(pharmacyId: string, from: string, to: string): Promise<{ served: number; counted: number }> {
  const [row] = await sql<{ served: string; counted: string }>(`
    select private.reports_patients_served($1, $2, $3) as served,
           (select count(distinct rx.patient_id) from public.prescriptions rx
            where rx.pharmacy_id = $1 and rx.status in ('ready', 'completed') and rx.date_filled between $2 and $3) as counted`,
  [pharmacyId, from, to]);
  return { served: Number(row!.served), counted: Number(row!.counted) };
}

async function expectExactOverRandomRanges(pharmacyId: string, random: () => number, ranges = 40): Promise<void> {
  for (let i = 0; i < ranges; i++) {
    const from = addDays(BASE_DAY, Math.floor(random() * 70) - 5);
    const to = addDays(from, Math.floor(random() * 40));
    const { served, counted } = await servedAndCounted(pharmacyId, from, to);
    expect({ from, to, served }).toEqual({ from, to, served: counted });
  }
  // The whole history at once, and a range with no fills.
  const whole = await servedAndCounted(pharmacyId, addDays(BASE_DAY, -10), addDays(BASE_DAY, 80));
  expect(whole.counted).toBeGreaterThan(0);
  expect(whole.served).toBe(whole.counted);
  expect(await servedAndCounted(pharmacyId, '2020-01-01', '2020-12-31')).toEqual({ served: 0, counted: 0 });
}

/**
 * Writes fills as the loads and the workflow would, without the workflow's own guards (not what is tested): in
 * replica mode with only the patients-served trigger enabled ALWAYS, for this transaction (DDL is transactional).
 */
async function withOnlyServedTrigger(statements: string): Promise<void> {
  await sql(`begin;
    alter table public.prescriptions enable always trigger prescriptions_track_patients_served;
    set local session_replication_role = replica;
    ${statements};
    alter table public.prescriptions enable trigger prescriptions_track_patients_served;
    commit;`);
}

let nextRxNumber = 700_000;

/** Fills inserted as values rows: uuids, dates, statuses and numbers only. */
function fillValues(pharmacyId: string, medicationId: string, fills: { id: string; patient: string; status: string; day: string }[]): string {
  return fills.map((f) => `('${f.id}'::uuid, '${pharmacyId}'::uuid, ${nextRxNumber++}, '${f.status}', '${f.patient}'::uuid, '${medicationId}'::uuid, `
    + `30, 3, 30, '{"hasInteractions": false, "interactions": [], "recommendedActions": []}'::jsonb, gen_random_uuid(), 0, `
    + `${FILLED.has(f.status) || f.status === 'cancelled' ? `'${f.day}'::date` : 'null'}, ${f.status === 'cancelled' ? 'now()' : 'null'})`).join(',\n');
}

const INSERT_FILLS = `insert into public.prescriptions (id, pharmacy_id, rx_number, status, patient_id, medication_id, quantity,
  refills, days_supply, ai_flags, order_id, fill_number, date_filled, cancelled_at) values`;

beforeAll(async () => {
  [a, b] = [await createPharmacy('Served Pharmacy A'), await createPharmacy('Served Pharmacy B')];
  medicationA = (await addMedication(a.pharmacist.client, 'Metformin')).id;
  medicationB = (await addMedication(b.pharmacist.client, 'Metformin')).id;
}, 120_000);

afterAll(closeSql);

describe('reports_patients_served', () => {
  it('equals the distinct patients of the filled fills after a rebuild of loaded fills and after random writes', async () => {
    const random = generator(4500);
    const patients = Array.from({ length: 90 }, () => crypto.randomUUID());
    const pick = () => patients[Math.floor(random() * patients.length)]!;
    const day = () => addDays(BASE_DAY, Math.floor(random() * 60));
    // Loaded with every trigger off, as a data load (and the bench) writes history: the rebuild numbers the patients.
    const loaded = Array.from({ length: 900 }, () => ({ id: crypto.randomUUID(), patient: pick(), status: STATUSES[Math.floor(random() * STATUSES.length)]!, day: day() }));
    await sql(`begin; set local session_replication_role = replica; ${INSERT_FILLS} ${fillValues(a.id, medicationA, loaded)}; commit;`);
    expect((await servedAndCounted(a.id, BASE_DAY, addDays(BASE_DAY, 59))).served).toBe(0);
    await sql('select private.rebuild_patients_served($1)', [a.id]);
    await expectExactOverRandomRanges(a.id, random);

    // Random writes, kept by the trigger: verify (pending/processing → ready, a day set), return to stock
    // (ready → cancelled), complete, move to another day, to another patient, delete, new fills (some of patients
    // new to the pharmacy, numbered on their first fill), two fills of one patient on one day.
    for (let round = 0; round < 6; round++) {
      const statements: string[] = [];
      for (let i = 0; i < 60; i++) {
        const target = loaded[Math.floor(random() * loaded.length)]!;
        const choice = random();
        if (choice < 0.25) statements.push(`update public.prescriptions set status = 'ready', date_filled = '${day()}', cancelled_at = null where id = '${target.id}'`);
        else if (choice < 0.45) statements.push(`update public.prescriptions set status = 'cancelled', cancelled_at = now() where id = '${target.id}'`);
        else if (choice < 0.55) statements.push(`update public.prescriptions set status = 'completed' where id = '${target.id}' and status = 'ready'`);
        else if (choice < 0.7) statements.push(`update public.prescriptions set date_filled = '${day()}' where id = '${target.id}'`);
        else if (choice < 0.8) statements.push(`update public.prescriptions set patient_id = '${pick()}' where id = '${target.id}'`);
        else if (choice < 0.85) statements.push(`delete from public.prescriptions where id = '${target.id}'`);
        else {
          const patient = random() < 0.3 ? crypto.randomUUID() : pick();
          const sameDay = day();
          const twice = [0, 1].map(() => ({ id: crypto.randomUUID(), patient, status: 'completed', day: sameDay }));
          loaded.push(...twice);
          statements.push(`${INSERT_FILLS} ${fillValues(a.id, medicationA, twice)}`);
        }
      }
      await withOnlyServedTrigger(statements.join(';\n'));
      await expectExactOverRandomRanges(a.id, random, 15);
    }

    // Two fills of one patient on one day: returning one to stock leaves the patient served that day.
    const patient = crypto.randomUUID();
    const twins = [0, 1].map(() => ({ id: crypto.randomUUID(), patient, status: 'ready', day: '2025-06-10' }));
    await withOnlyServedTrigger(`${INSERT_FILLS} ${fillValues(a.id, medicationA, twins)}`);
    expect(await servedAndCounted(a.id, '2025-06-10', '2025-06-10')).toEqual({ served: 1, counted: 1 });
    await withOnlyServedTrigger(`update public.prescriptions set status = 'cancelled', cancelled_at = now() where id = '${twins[0]!.id}'`);
    expect(await servedAndCounted(a.id, '2025-06-10', '2025-06-10')).toEqual({ served: 1, counted: 1 });
    await withOnlyServedTrigger(`update public.prescriptions set date_filled = '2025-06-11' where id = '${twins[1]!.id}'`);
    expect(await servedAndCounted(a.id, '2025-06-10', '2025-06-10')).toEqual({ served: 0, counted: 0 });
    expect(await servedAndCounted(a.id, '2025-06-10', '2025-06-11')).toEqual({ served: 1, counted: 1 });

    // The rebuild gives the same bits the trigger kept.
    const kept = await sql<{ day: string; chunk: number; bits: string }>(
      `select day::text, chunk, md5(bits::text) as bits from public.served_patient_days where pharmacy_id = $1 and bit_count(bits) > 0 order by day, chunk`, [a.id]);
    await sql('select private.rebuild_patients_served($1)', [a.id]);
    const rebuilt = await sql<{ day: string; chunk: number; bits: string }>(
      `select day::text, chunk, md5(bits::text) as bits from public.served_patient_days where pharmacy_id = $1 and bit_count(bits) > 0 order by day, chunk`, [a.id]);
    expect(rebuilt.map((r) => [r.day, r.chunk])).toEqual(kept.map((r) => [r.day, r.chunk]));
  }, 180_000);

  it('counts patients numbered on both sides of a chunk boundary, once each, in one or both chunks', async () => {
    // Pharmacy B's next numbers straddle 65,536 (chunk 0 ends at 65,535).
    await sql(`insert into public.served_patient_counters (pharmacy_id, last_number) values ($1, 65530)
      on conflict (pharmacy_id) do update set last_number = 65530`, [b.id]);
    const random = generator(65536);
    const patients = Array.from({ length: 12 }, () => crypto.randomUUID());
    const fills = Array.from({ length: 120 }, () => ({
      id: crypto.randomUUID(), patient: patients[Math.floor(random() * patients.length)]!,
      status: random() < 0.8 ? 'completed' : 'cancelled', day: addDays(BASE_DAY, Math.floor(random() * 30)),
    }));
    // The first fill of every patient first, in order, so the numbers run 65,531…65,542.
    const firsts = patients.map((patient) => ({ id: crypto.randomUUID(), patient, status: 'completed', day: addDays(BASE_DAY, -1) }));
    await withOnlyServedTrigger(`${INSERT_FILLS} ${fillValues(b.id, medicationB, firsts)}`);
    await withOnlyServedTrigger(`${INSERT_FILLS} ${fillValues(b.id, medicationB, fills)}`);
    const numbers = await sql<{ number: number }>('select number from public.served_patient_numbers where pharmacy_id = $1 order by number', [b.id]);
    expect(numbers.map((n) => n.number)).toEqual(Array.from({ length: 12 }, (_, i) => 65531 + i));
    const chunks = await sql<{ chunk: number }>('select distinct chunk from public.served_patient_days where pharmacy_id = $1 order by chunk', [b.id]);
    expect(chunks.map((c) => c.chunk)).toEqual([0, 1]);
    expect(await servedAndCounted(b.id, addDays(BASE_DAY, -1), addDays(BASE_DAY, -1))).toEqual({ served: 12, counted: 12 });
    await expectExactOverRandomRanges(b.id, random);
    // Rebuilt, the numbers stay (they are never reused) and the counts are the same.
    await sql('select private.rebuild_patients_served($1)', [b.id]);
    await expectExactOverRandomRanges(b.id, random, 10);
  }, 120_000);

  it('never counts another pharmacy\'s fills, and staff read only their own pharmacy\'s rows', async () => {
    // The same patient id filled at both pharmacies on one day: one patient served at each.
    const patient = crypto.randomUUID();
    await withOnlyServedTrigger(`${INSERT_FILLS} ${fillValues(a.id, medicationA, [{ id: crypto.randomUUID(), patient, status: 'completed', day: '2024-02-29' }])}`);
    await withOnlyServedTrigger(`${INSERT_FILLS} ${fillValues(b.id, medicationB, [{ id: crypto.randomUUID(), patient, status: 'completed', day: '2024-02-29' }])}`);
    expect(await servedAndCounted(a.id, '2024-02-29', '2024-02-29')).toEqual({ served: 1, counted: 1 });
    expect(await servedAndCounted(b.id, '2024-02-29', '2024-02-29')).toEqual({ served: 1, counted: 1 });

    // Through RLS: B's staff asking for A's pharmacy read none of A's rows (the function is security invoker).
    const { data: asB, error } = await b.pharmacist.client.rpc('reports_overview', { from_date: '2024-02-29', to_date: '2024-02-29' });
    expect(error).toBeNull();
    expect((asB as { current: { patientsServed: number } }).current.patientsServed).toBe(1);
    for (const table of ['served_patient_days', 'served_patient_numbers', 'served_patient_counters'] as const) {
      const { data: rows } = await b.admin.client.from(table).select('pharmacy_id');
      expect(rows!.length).toBeGreaterThan(0);
      expect(new Set(rows!.map((r: { pharmacy_id: string }) => r.pharmacy_id))).toEqual(new Set([b.id]));
      const { error: writeError } = await b.admin.client.from(table).delete().eq('pharmacy_id', b.id);
      expect(writeError?.message ?? '').toMatch(/permission denied/);
    }
    const { error: rebuildError } = await b.admin.client.schema('private' as never).rpc('rebuild_patients_served' as never, { for_pharmacy_id: b.id } as never);
    expect(rebuildError).not.toBeNull();
  });

  it('counts a fill verified through the workflow on the pharmacy\'s local day, at the other side of midnight from UTC', async () => {
    // A zone whose date differs from UTC's right now: 14 hours ahead late in the UTC day, 10 behind early in it.
    const utcHour = new Date().getUTCHours();
    const zone = utcHour >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Honolulu';
    const c = await createPharmacy('Served Pharmacy C');
    await sql('update public.pharmacies set time_zone = $2 where id = $1', [c.id, zone]);
    const [today] = await sql<{ local: string; utc: string }>(
      `select to_char((now() at time zone $1)::date, 'YYYY-MM-DD') as local, to_char((now() at time zone 'UTC')::date, 'YYYY-MM-DD') as utc`, [zone]);
    const { local, utc } = today!;
    expect(local).not.toBe(utc);
    const medication = await addMedication(c.pharmacist.client, 'Lisinopril');
    const patient = await addPatient(c.technician.client, 'Midnight');
    const rows = [];
    for (let i = 0; i < 2; i++) {
      const row = await enterPrescription(c.technician.client, { patientId: patient.id, medicationId: medication.id });
      expect((await movePrescription(c.technician.client, row.id, 'processing')).error).toBeNull();
      expect((await movePrescription(c.pharmacist.client, row.id, 'ready')).error).toBeNull();
      rows.push(row);
    }
    const overview = async () => {
      const { data, error } = await c.pharmacist.client.rpc('reports_overview', { from_date: local, to_date: local });
      expect(error).toBeNull();
      return (data as { current: { patientsServed: number; prescriptionsFilled: number } }).current;
    };
    expect(await overview()).toMatchObject({ patientsServed: 1, prescriptionsFilled: 2 });
    expect(await servedAndCounted(c.id, utc, utc)).toEqual({ served: 0, counted: 0 });
    // Returned to stock one by one: served while one is still filled, not after.
    expect((await c.pharmacist.client.rpc('return_fill_to_stock', { fill_id: rows[0]!.id, reason: 'Not picked up' })).error).toBeNull();
    expect(await overview()).toMatchObject({ patientsServed: 1, prescriptionsFilled: 1 });
    expect((await c.pharmacist.client.rpc('return_fill_to_stock', { fill_id: rows[1]!.id, reason: 'Not picked up' })).error).toBeNull();
    expect(await overview()).toMatchObject({ patientsServed: 0, prescriptionsFilled: 0 });
  }, 120_000);
});
