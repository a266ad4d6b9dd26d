/**
 * The Reports and Analytics screen's SQL (migration 20261130003000_reports_overview): on generated fills (random
 * statuses, fill numbers, patients, medications and days, made here with a seeded generator) the stat cards, the
 * weekly activity and the top medications equal what this file counts from the rows it generated (the oracle); revenue
 * is what was paid for the period's filled fills, on each fill's day whatever day the money came in (migration
 * 20261130008500_report_rollups), the Sales report's revenue of the same days; inventory value is the Inventory
 * Overview's; the system alerts list real conditions made here;
 * another pharmacy and an empty one see only their own (zeros); anon may not call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, createTestClient, sql } from '../support/stack-env.ts';
import { addMedication, addWarfarinPatient, enterPrescription } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

const TIME_ZONE = 'Pacific/Honolulu';

interface Figures { prescriptionsFilled: number; revenueCents: number; payersCents: number; patientsCents: number; patientsServed: number; inventoryValueCents: number }
interface Overview { from: string; to: string; previousFrom: string; previousTo: string; current: Figures; previous: Figures }
interface Fill { id: string; day: string; status: string; fillNumber: number; patient: string; medication: string }

let a: TestPharmacy;
let b: TestPharmacy;
let today: string;
const fills: Fill[] = [];
const medications: { id: string; name: string }[] = [];

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

async function rpc<T>(client: TestPharmacy['admin']['client'], name: string, args?: Record<string, unknown>): Promise<T> {
  const { data, error } = await client.rpc(name as never, args as never);
  if (error) throw new Error(error.message);
  return data as T;
}

/** What the generated rows say for a range: the oracle. */
function counted(from: string, to: string) {
  const filled = fills.filter((f) => (f.status === 'ready' || f.status === 'completed') && f.day >= from && f.day <= to);
  return { filled, prescriptionsFilled: filled.length, patientsServed: new Set(filled.map((f) => f.patient)).size };
}

beforeAll(async () => {
  [a, b] = [await createPharmacy('Reports Pharmacy A'), await createPharmacy('Reports Pharmacy B')];
  await sql('update public.pharmacies set time_zone = $2 where id = $1', [a.id, TIME_ZONE]);
  today = (await sql<{ d: string }>(`select to_char((now() at time zone '${TIME_ZONE}')::date, 'YYYY-MM-DD') as d`))[0]!.d;
  for (const name of ['Amoxicillin', 'Lisinopril', 'Metformin', 'Atorvastatin', 'Omeprazole', 'Sertraline', 'Losartan']) {
    medications.push({ id: (await addMedication(a.pharmacist.client, name)).id, name });
  }
  // 1,500 fills over the last 70 days of 60 patients: statuses and fill numbers at random, medications skewed so the
  // top five are clear. Loaded without triggers (the fills' own rules are not what is measured).
  const random = generator(26);
  const patients = Array.from({ length: 60 }, () => crypto.randomUUID());
  const statuses = ['pending', 'processing', 'ready', 'completed', 'completed', 'completed', 'cancelled'];
  for (let i = 0; i < 1500; i++) {
    const status = statuses[Math.floor(random() * statuses.length)]!;
    const skew = Math.floor(random() * random() * medications.length);
    fills.push({
      id: crypto.randomUUID(), day: addDays(today, -Math.floor(random() * 70)), status,
      fillNumber: random() < 0.4 ? 1 + Math.floor(random() * 3) : 0,
      patient: patients[Math.floor(random() * patients.length)]!, medication: medications[skew]!.id,
    });
  }
  // Inlined (a multi-statement query takes no parameters): uuids, dates and status words only.
  const rows = JSON.stringify(fills.map((f, n) => ({ n, id: f.id, status: f.status, patient: f.patient, medication: f.medication, fill_number: f.fillNumber, day: f.day })));
  await sql(`begin; set local session_replication_role = replica;
    insert into public.prescriptions (id, pharmacy_id, rx_number, status, patient_id, medication_id, quantity, refills,
      days_supply, ai_flags, order_id, fill_number, date_filled, cancelled_at)
    select f.id, '${a.id}', 900000 + f.n, f.status, f.patient, f.medication, 30, 3, 30,
      '{"hasInteractions": false, "interactions": [], "recommendedActions": []}', gen_random_uuid(), f.fill_number,
      case when f.status in ('ready', 'completed', 'cancelled') then f.day end,
      case when f.status = 'cancelled' then now() end
    from jsonb_to_recordset('${rows}'::jsonb) as f(id uuid, status text, patient uuid, medication uuid, fill_number int, day date, n int);
    commit;`);
  // Loaded with triggers off, as the bench and data migrations do: the report rollups and the patients-served bits
  // are rebuilt from the rows.
  await sql('select private.rebuild_report_rollups($1)', [a.id]);
  await sql('select private.rebuild_patients_served($1)', [a.id]);
}, 180_000);

afterAll(closeSql);

describe('reports_overview', () => {
  it('counts filled fills and patients served of a period and the one before, as the generated rows say', async () => {
    for (const [from, to] of [[addDays(today, -29), today], [addDays(today, -6), today], [addDays(today, -40), addDays(today, -35)]] as const) {
      const overview = await rpc<Overview>(a.technician.client, 'reports_overview', { from_date: from, to_date: to });
      const length = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
      expect(overview.previousFrom).toBe(addDays(from, -length));
      expect(overview.previousTo).toBe(addDays(from, -1));
      const current = counted(from, to);
      const previous = counted(overview.previousFrom, overview.previousTo);
      expect(current.prescriptionsFilled).toBeGreaterThan(0);
      expect(overview.current).toMatchObject({ prescriptionsFilled: current.prescriptionsFilled, patientsServed: current.patientsServed });
      expect(overview.previous).toMatchObject({ prescriptionsFilled: previous.prescriptionsFilled, patientsServed: previous.patientsServed });
    }
  });

  it('takes revenue from what was paid for the period\'s filled fills, on the fill\'s day, as the Sales report does', async () => {
    const from = addDays(today, -13);
    const to = addDays(today, -7);
    const isFilled = (f: Fill) => f.status === 'ready' || f.status === 'completed';
    const inRange = fills.find((f) => isFilled(f) && f.day >= from && f.day <= to)!;
    const before = fills.find((f) => isFilled(f) && f.day >= addDays(from, -7) && f.day < from)!;
    const notFilled = fills.find((f) => f.status === 'processing')!;
    const returned = fills.find((f) => f.status === 'cancelled')!;
    const local = (day: string, time: string) => `(timestamp '${day} ${time}' at time zone '${TIME_ZONE}')`;
    // Paid days after the fill (counted on the fill's day), a payment inside the range for a fill of the period before
    // (the period before's), and payments for a fill not verified and one returned to stock (no one's revenue).
    await sql(`insert into public.patient_payments (pharmacy_id, prescription_id, amount_cents, method, received_at) values
      ($1, $2, 1500, 'cash', ${local(today, '08:00')}), ($1, $2, 250, 'card', ${local(from, '00:00')}),
      ($1, $3, 77, 'cash', ${local(to, '23:30')}), ($1, $4, 999, 'card', ${local(to, '12:00')}), ($1, $5, 500, 'check', ${local(to, '12:00')})`,
      [a.id, inRange.id, before.id, notFilled.id, returned.id]);
    const overview = await rpc<Overview>(a.pharmacist.client, 'reports_overview', { from_date: from, to_date: to });
    expect(overview.current).toMatchObject({ payersCents: 0, patientsCents: 1750, revenueCents: 1750 });
    expect(overview.previous).toMatchObject({ payersCents: 0, patientsCents: 77, revenueCents: 77 });
    const sales = await rpc<{ totals: { revenueCents: number } }>(a.pharmacist.client, 'sales_report', { from_date: from, to_date: to });
    expect(sales.totals.revenueCents).toBe(overview.current.revenueCents);
  });

  it('values the inventory as the Inventory Overview does, as of the end of each period', async () => {
    const overview = await rpc<Overview>(a.admin.client, 'reports_overview', { from_date: addDays(today, -6), to_date: today });
    const inventory = await rpc<{ totalValueCents: number }>(a.admin.client, 'inventory_overview');
    expect(overview.current.inventoryValueCents).toBe(inventory.totalValueCents);
    // The period before ended at local midnight 6 days ago: today's value less what the ledger moved since.
    const [moved] = await sql<{ cents: string }>(`select coalesce(sum(quantity::bigint * coalesce(unit_cost_cents, 0)), 0) as cents
      from public.inventory_movements where pharmacy_id = $1 and occurred_at >= $2::timestamp at time zone '${TIME_ZONE}'`, [a.id, addDays(today, -6)]);
    expect(overview.previous.inventoryValueCents).toBe(inventory.totalValueCents - Number(moved!.cents));
  });

  it('refuses a missing, reversed or too long range', async () => {
    for (const [from, to] of [[today, addDays(today, -1)], [addDays(today, -400), today]]) {
      const { error } = await a.admin.client.rpc('reports_overview', { from_date: from, to_date: to });
      expect(error?.code).toBe('22023');
    }
  });
});

describe('reports_weekly_activity', () => {
  it('gives the last 7 local days, today last, new fills and refills, days without fills as 0', async () => {
    const days = await rpc<{ day: string; newFills: number; refills: number }[]>(a.technician.client, 'reports_weekly_activity');
    expect(days.map((d) => d.day)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)));
    for (const day of days) {
      const filled = counted(day.day, day.day).filled;
      expect(day).toEqual({ day: day.day, newFills: filled.filter((f) => f.fillNumber === 0).length, refills: filled.filter((f) => f.fillNumber > 0).length });
    }
    expect(days.some((d) => d.newFills > 0 && d.refills > 0)).toBe(true);
  });
});

describe('reports_top_medications', () => {
  it('ranks the medications by filled fills in the range, top 5 unless asked', async () => {
    const from = addDays(today, -29);
    const tally = new Map<string, number>();
    for (const f of counted(from, today).filled) tally.set(f.medication, (tally.get(f.medication) ?? 0) + 1);
    const expected = [...tally.entries()].sort((x, y) => y[1] - x[1]).map(([id, n]) => ({ id, n }));
    const top = await rpc<{ medicationId: string; name: string; fills: number }[]>(a.technician.client, 'reports_top_medications', { from_date: from, to_date: today });
    expect(top).toHaveLength(5);
    expect(top.map((t) => t.fills)).toEqual(expected.slice(0, 5).map((e) => e.n));
    for (const t of top) expect(t.fills).toBe(tally.get(t.medicationId));
    expect(top[0]!.name).toBe(medications.find((m) => m.id === top[0]!.medicationId)!.name);
    const three = await rpc<unknown[]>(a.technician.client, 'reports_top_medications', { from_date: from, to_date: today, top: 3 });
    expect(three).toHaveLength(3);
    const { error } = await a.technician.client.rpc('reports_top_medications', { from_date: from, to_date: today, top: 500 });
    expect(error?.code).toBe('22023');
  });
});

describe('reports_system_alerts', () => {
  it('lists the real conditions of the pharmacy, each with a link to act on it', async () => {
    type Alert = { kind: string; severity: string; count: number; link: string; title: string };
    const before = await rpc<Alert[]>(a.technician.client, 'reports_system_alerts');
    expect(before.map((x) => x.kind)).not.toContain('interaction_alerts');
    // An out-of-stock and a low product, a lot expiring in 30 days, the DEA registration expiring, the pharmacist in
    // charge's licence expired, an open interaction alert, a rejected claim and a failed email.
    await a.pharmacist.client.from('medications').insert([
      { name: 'Zolpidem', strength: '10 mg', dosage_form: 'tablet', price: 5, stock: 0, low_stock_threshold: 10 },
      { name: 'Warfarin', strength: '5 mg', dosage_form: 'tablet', price: 5, stock: 4, low_stock_threshold: 10 },
    ]).throwOnError();
    await sql(`update public.inventory_lots set expiration_date = $2 where pharmacy_id = $1 and medication_id = $3`, [a.id, addDays(today, 30), medications[0]!.id]);
    await sql(`insert into public.pharmacy_settings (pharmacy_id, group_key, settings) values ($1, 'controlled', jsonb_build_object('deaExpirationDate', $2::text))
      on conflict (pharmacy_id, group_key) do update set settings = public.pharmacy_settings.settings || excluded.settings`, [a.id, addDays(today, 45)]);
    await sql(`update public.pharmacists_in_charge set license_expiration = $2 where pharmacy_id = $1`, [a.id, addDays(today, -1)]);
    const onWarfarin = (await addWarfarinPatient(a.technician.client)).id;
    const ibuprofen = (await addMedication(a.pharmacist.client, 'Ibuprofen')).id;
    await enterPrescription(a.technician.client, { patientId: onWarfarin, medicationId: ibuprofen });
    await sql(`insert into public.claim_counters (pharmacy_id, status, claims) values ($1, 'rejected', 2)
      on conflict (pharmacy_id, status) do update set claims = public.claim_counters.claims + 2`, [a.id]);
    await sql(`insert into public.outbound_messages (pharmacy_id, channel, kind, recipient, subject, body, status, attempts, last_error, last_attempt_at)
      values ($1, 'email', 'test_email', 'owner@example.com', 'Test', 'Test', 'failed', 3, 'refused', now())`, [a.id]);

    const alerts = await rpc<Alert[]>(a.technician.client, 'reports_system_alerts');
    const byKind = Object.fromEntries(alerts.map((x) => [x.kind, x]));
    const totals = (await sql<{ out_of_stock_products: number; low_stock_products: number }>('select * from public.inventory_totals where pharmacy_id = $1', [a.id]))[0]!;
    expect(byKind.out_of_stock).toMatchObject({ severity: 'error', count: totals.out_of_stock_products, link: '/inventory' });
    expect(byKind.low_stock).toMatchObject({ severity: 'warning', count: totals.low_stock_products, link: '/inventory' });
    const [lots] = await sql<{ n: string }>(`select count(*) as n from public.inventory_lots where pharmacy_id = $1 and on_hand > 0 and expiration_date between $2 and $3`, [a.id, today, addDays(today, 90)]);
    expect(Number(lots!.n)).toBeGreaterThan(0);
    expect(byKind.lots_expiring).toMatchObject({ severity: 'warning', count: Number(lots!.n), link: '/inventory' });
    expect(byKind.dea_registration).toMatchObject({ severity: 'warning', title: 'DEA registration expiring', link: '/system-settings' });
    expect(byKind.pharmacist_licence).toMatchObject({ severity: 'error', title: 'Pharmacist-in-charge licence expired' });
    expect(byKind.interaction_alerts).toMatchObject({
      count: 1, link: '/prescriptions', detail: '1 prescription in the queue has an interaction alert no pharmacist has resolved.',
    });
    expect(byKind.rejected_claims).toMatchObject({ severity: 'error', count: 2, link: '/billing', detail: '2 claims were rejected and wait to be fixed or resubmitted.' });
    // Outbound messages are admins' to read; the count of failed ones is everyone's.
    expect(byKind.failed_messages).toMatchObject({ count: 1, detail: '1 email or fax message failed in the last 7 days.' });
    expect((await a.technician.client.from('outbound_messages').select('id')).data).toEqual([]);
  });
});

describe('tenancy', () => {
  it('gives another pharmacy, empty, only its own zeros and no alerts of the first', async () => {
    const from = addDays(today, -29);
    const overview = await rpc<Overview>(b.admin.client, 'reports_overview', { from_date: from, to_date: today });
    const zero = { prescriptionsFilled: 0, revenueCents: 0, payersCents: 0, patientsCents: 0, patientsServed: 0, inventoryValueCents: 0 };
    expect(overview.current).toEqual(zero);
    expect(overview.previous).toEqual(zero);
    const week = await rpc<{ newFills: number; refills: number }[]>(b.technician.client, 'reports_weekly_activity');
    expect(week).toHaveLength(7);
    expect(week.every((d) => d.newFills === 0 && d.refills === 0)).toBe(true);
    expect(await rpc(b.technician.client, 'reports_top_medications', { from_date: from, to_date: today })).toEqual([]);
    expect(await rpc(b.technician.client, 'reports_system_alerts')).toEqual([]);
  });

  it('refuses anyone who is not staff of a pharmacy', async () => {
    const anon = createTestClient();
    for (const [name, args] of [['reports_overview', { from_date: today, to_date: today }], ['reports_weekly_activity', {}],
      ['reports_top_medications', { from_date: today, to_date: today }], ['reports_system_alerts', {}]] as const) {
      const { error } = await anon.rpc(name, args as never);
      expect(error).not.toBeNull();
    }
  });
});
