/**
 * System Settings → Controlled, enforced by the database (migration 20261125000200_controlled_substance_rules),
 * as real staff through supabase-js (inserts through PostgREST, moves through move_prescription as the web app
 * calls it) and the api function:
 * - a schedule switched off refuses new prescriptions of that schedule (and the fill of one entered before);
 * - an expired DEA registration refuses controlled entry and fills (valid on its expiration day);
 * - requireDoubleCount: a Schedule II fill needs a count of its quantity by someone other than the verifier;
 * - maxDailyDispensing caps controlled fills per pharmacy day, also for two fills racing for the last one;
 * - controlled_substance_counts command by command (RLS; counts never change), and controlled_substance_status().
 * Settings are written as the pharmacy's admin straight into pharmacy_settings (RLS lets admins), as the
 * settings api does.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTROLLED_RULE_MESSAGES } from '../../shared/src/prescriptions/controlled-substance-rules.ts';
import { controlledSubstanceStatusSchema, type ControlledSubstanceStatus } from '../../shared/src/prescriptions/controlled-substance-status.ts';
import type { DeaSchedule } from '../../shared/src/prescriptions/prescription.ts';
import { CONTROLLED_SETTINGS_DEFAULTS, type ControlledSettings } from '../../shared/src/settings/controlled.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, createTestClient, eventually, sql, stackEnv } from '../support/stack-env.ts';
import { addMedication, addPatient, enterPrescription, insertRow, movePrescription, type PrescriptionRow } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let anon: SupabaseClient;
let patient: string;
let prescriber: string;
let ibuprofen: string;
const drugs = {} as Record<DeaSchedule, string>;
const SCHEDULES: DeaSchedule[] = ['II', 'III', 'IV', 'V'];

beforeAll(async () => {
  anon = createTestClient();
  [a, b] = [await createPharmacy('Controlled Rules Pharmacy A'), await createPharmacy('Controlled Rules Pharmacy B')];
  for (const schedule of SCHEDULES) {
    drugs[schedule] = await insertRow(a.pharmacist.client, 'medications', {
      name: `Controlled ${schedule}`, generic_name: `controlled ${schedule.toLowerCase()}`, strength: '5 mg', price: 10, stock: 100_000, dea_schedule: schedule,
    });
  }
  ibuprofen = (await addMedication(a.pharmacist.client)).id;
  patient = (await addPatient(a.technician.client, 'Controlled Rules')).id;
  prescriber = await insertRow(a.technician.client, 'prescribers', { first_name: 'Dana', last_name: 'Registered', dea_number: 'BL1234563' });
}, 120_000);

beforeEach(async () => {
  await sql(`delete from public.pharmacy_settings where group_key = 'controlled' and pharmacy_id in ($1, $2)`, [a.id, b.id]);
});

afterAll(closeSql);

/** Saves the Controlled group as the pharmacy's admin (RLS: admins write), over the §9 defaults. */
async function saveControlled(pharmacy: TestPharmacy, changes: Partial<Record<keyof ControlledSettings, unknown>>): Promise<void> {
  const { deaNumber: _deaNumber, ...defaults } = CONTROLLED_SETTINGS_DEFAULTS;
  const settings = { ...defaults, ...changes };
  const client = pharmacy.admin.client;
  const updated = await client.from('pharmacy_settings').update({ settings }).eq('group_key', 'controlled').select('group_key');
  if (updated.error) throw new Error(`could not save the controlled settings: ${updated.error.message}`);
  if (updated.data.length > 0) return;
  const inserted = await client.from('pharmacy_settings').insert({ group_key: 'controlled', settings });
  if (inserted.error) throw new Error(`could not save the controlled settings: ${inserted.error.message}`);
}

async function pharmacyToday(pharmacyId: string): Promise<string> {
  return (await sql<{ today: string }>(`select to_char(private.pharmacy_local_date($1, now()), 'YYYY-MM-DD') as today`, [pharmacyId]))[0]!.today;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function status(client: SupabaseClient): Promise<ControlledSubstanceStatus> {
  const { data, error } = await client.rpc('controlled_substance_status');
  if (error) throw new Error(`controlled_substance_status failed: ${error.message}`);
  return controlledSubstanceStatusSchema.parse(data);
}

/** A pending prescription of `medicationId` entered by A's technician (Schedule II: no refills). */
function enter(medicationId: string, extra: Record<string, unknown> = {}): Promise<PrescriptionRow> {
  return enterPrescription(a.technician.client, { patientId: patient, medicationId }, { prescriber_id: prescriber, refills: 0, quantity: 30, ...extra });
}

/** Entered and moved to processing by A's technician. */
async function processing(medicationId: string, extra: Record<string, unknown> = {}): Promise<PrescriptionRow> {
  const row = await enter(medicationId, extra);
  const moved = await movePrescription(a.technician.client, row.id, 'processing');
  expect(moved.error).toBeNull();
  return moved.row!;
}

async function statusOf(id: string): Promise<string> {
  return (await sql<{ status: string }>('select status from public.prescriptions where id = $1', [id]))[0]!.status;
}

async function count(client: SupabaseClient, prescriptionId: string, quantity: number, extra: Record<string, unknown> = {}) {
  return client.from('controlled_substance_counts').insert({ prescription_id: prescriptionId, quantity_counted: quantity, ...extra }).select('*');
}

function rx(row: PrescriptionRow): string {
  return `Prescription RX ${row.rx_number}`;
}

describe('controlled_substance_status()', () => {
  it('a group never saved reads as the §9 defaults (the SQL coalesces agree with the shared ones)', async () => {
    const today = await pharmacyToday(a.id);
    expect(await status(a.technician.client)).toEqual({
      deaNumberPresent: true,
      deaExpirationDate: null,
      expired: false,
      daysLeft: null,
      today,
      schedules: {
        II: CONTROLLED_SETTINGS_DEFAULTS.scheduleIIEnabled, III: CONTROLLED_SETTINGS_DEFAULTS.scheduleIIIEnabled,
        IV: CONTROLLED_SETTINGS_DEFAULTS.scheduleIVEnabled, V: CONTROLLED_SETTINGS_DEFAULTS.scheduleVEnabled,
      },
      requireDoubleCount: CONTROLLED_SETTINGS_DEFAULTS.requireDoubleCount,
      controlledFillsToday: expect.any(Number),
      maxDailyDispensing: CONTROLLED_SETTINGS_DEFAULTS.maxDailyDispensing,
    });
  });

  it('every staff role reads its own pharmacy\'s status; values of the wrong type read as defaults; anon is refused', async () => {
    const today = await pharmacyToday(a.id);
    await saveControlled(a, { deaExpirationDate: addDays(today, 30), scheduleIIIEnabled: false, requireDoubleCount: true, maxDailyDispensing: 7 });
    for (const staff of [a.technician, a.pharmacist, a.admin]) {
      expect(await status(staff.client)).toMatchObject({
        deaExpirationDate: addDays(today, 30), expired: false, daysLeft: 30,
        schedules: { II: true, III: false, IV: true, V: true }, requireDoubleCount: true, maxDailyDispensing: 7,
      });
    }
    // Pharmacy B's staff see B's (never saved), not A's.
    expect(await status(b.technician.client)).toMatchObject({ deaExpirationDate: null, schedules: { III: true }, requireDoubleCount: false, maxDailyDispensing: 500 });

    await saveControlled(a, { deaExpirationDate: '2026-02-30', scheduleIIIEnabled: 'no', requireDoubleCount: 1, maxDailyDispensing: 2.5 });
    expect(await status(a.technician.client)).toMatchObject({
      deaExpirationDate: null, schedules: { III: true }, requireDoubleCount: false, maxDailyDispensing: 500 });

    const refused = await anon.rpc('controlled_substance_status');
    expect(refused.error).not.toBeNull();
  });
});

describe('schedules switched off', () => {
  it.each(SCHEDULES)('Schedule %s off: a new prescription of it is refused (PostgREST and the api); other schedules and plain drugs are not', async (schedule) => {
    await saveControlled(a, { [`schedule${schedule}Enabled`]: false });
    const before = (await sql<{ n: number }>('select count(*)::int as n from public.prescriptions where pharmacy_id = $1', [a.id]))[0]!.n;
    const direct = await a.technician.client.from('prescriptions')
      .insert({ patient_id: patient, medication_id: drugs[schedule], prescriber_id: prescriber, refills: 0, quantity: 10 }).select('id');
    expect(direct.error?.message).toBe(CONTROLLED_RULE_MESSAGES.scheduleDisabled(schedule));
    const viaApi = await callApi<{ error: string }>(a.technician.client, 'prescriptions', {
      body: { prescriptionType: 'written', patientId: patient, medicationId: drugs[schedule], prescriberId: prescriber, directions: 'Take 1 tablet', quantity: '10', refills: '0' },
    });
    expect(viaApi.status).toBe(400);
    expect(JSON.stringify(viaApi.body)).toContain(CONTROLLED_RULE_MESSAGES.scheduleDisabled(schedule));
    expect((await sql<{ n: number }>('select count(*)::int as n from public.prescriptions where pharmacy_id = $1', [a.id]))[0]!.n).toBe(before);

    const other = SCHEDULES.find((candidate) => candidate !== schedule)!;
    await expect(enter(drugs[other])).resolves.toMatchObject({ status: 'pending' });
    await expect(enter(ibuprofen)).resolves.toMatchObject({ status: 'pending' });
  });

  it('switched on again (or never saved) it is accepted; another pharmacy\'s setting does not apply', async () => {
    await saveControlled(b, { scheduleIIEnabled: false });
    await expect(enter(drugs.II)).resolves.toMatchObject({ status: 'pending' });
    await saveControlled(a, { scheduleIIEnabled: false });
    await saveControlled(a, { scheduleIIEnabled: true });
    await expect(enter(drugs.II)).resolves.toMatchObject({ status: 'pending' });
  });

  it('a prescription entered before its schedule was switched off is not filled: the refusal is answered and audited', async () => {
    const row = await processing(drugs.IV);
    await saveControlled(a, { scheduleIVEnabled: false });
    const { data } = await a.pharmacist.client.rpc('move_prescription', { prescription_id: row.id, to_status: 'ready' });
    expect(data).toMatchObject({ ok: false, code: '23514', message: CONTROLLED_RULE_MESSAGES.scheduleDisabled('IV') });
    expect(await statusOf(row.id)).toBe('processing');
    const audit = await sql<{ success: boolean }>(`select success from public.audit_log where entity_id = $1 and action = 'prescription_move_refused'`, [row.id]);
    expect(audit).toEqual([{ success: false }]);
  });
});

describe('DEA registration expiry', () => {
  it('expired before the pharmacy\'s today: controlled entry and fills are refused; plain drugs are not', async () => {
    const today = await pharmacyToday(a.id);
    const waiting = await processing(drugs.III);
    const yesterday = addDays(today, -1);
    await saveControlled(a, { deaExpirationDate: yesterday });

    const direct = await a.technician.client.from('prescriptions')
      .insert({ patient_id: patient, medication_id: drugs.V, prescriber_id: prescriber, refills: 0, quantity: 10 }).select('id');
    expect(direct.error?.message).toBe(CONTROLLED_RULE_MESSAGES.deaExpired(yesterday));
    expect(await movePrescription(a.pharmacist.client, waiting.id, 'ready')).toEqual({ row: null, error: CONTROLLED_RULE_MESSAGES.deaExpired(yesterday) });
    expect(await statusOf(waiting.id)).toBe('processing');

    const plain = await processing(ibuprofen);
    expect((await movePrescription(a.pharmacist.client, plain.id, 'ready')).error).toBeNull();
    expect(await status(a.technician.client)).toMatchObject({ deaExpirationDate: yesterday, expired: true, daysLeft: -1 });
  });

  it('valid on its expiration day: entry and fill go through', async () => {
    const today = await pharmacyToday(a.id);
    await saveControlled(a, { deaExpirationDate: today });
    const row = await processing(drugs.II);
    expect((await movePrescription(a.pharmacist.client, row.id, 'ready')).row).toMatchObject({ status: 'ready' });
    expect(await status(a.technician.client)).toMatchObject({ expired: false, daysLeft: 0 });
  });
});

describe('double count (requireDoubleCount)', () => {
  it('off: a Schedule II fill needs no count', async () => {
    const row = await processing(drugs.II);
    expect((await movePrescription(a.pharmacist.client, row.id, 'ready')).row).toMatchObject({ status: 'ready' });
  });

  it('on: needs two people — no count and the verifier\'s own count are refused; a colleague\'s count of the quantity lets it through', async () => {
    await saveControlled(a, { requireDoubleCount: true });
    const row = await processing(drugs.II);
    const missing = CONTROLLED_RULE_MESSAGES.doubleCountMissing(rx(row));
    expect(await movePrescription(a.pharmacist.client, row.id, 'ready')).toEqual({ row: null, error: missing });

    // The pharmacist counts it themselves: still one person.
    expect((await count(a.pharmacist.client, row.id, 30)).error).toBeNull();
    expect(await movePrescription(a.pharmacist.client, row.id, 'ready')).toEqual({ row: null, error: missing });
    expect(await statusOf(row.id)).toBe('processing');

    // The technician's count of another quantity is recorded, but does not satisfy the rule.
    expect((await count(a.technician.client, row.id, 29)).error).toBeNull();
    expect(await movePrescription(a.pharmacist.client, row.id, 'ready')).toEqual({
      row: null, error: CONTROLLED_RULE_MESSAGES.doubleCountMismatch(rx(row), 29, 30) });

    // Counted by the technician (whatever counted_by the client sends), then verified by the pharmacist.
    const counted = await count(a.technician.client, row.id, 30, { counted_by: a.pharmacist.id, counted_at: '2001-01-01T00:00:00Z' });
    expect(counted.error).toBeNull();
    expect(counted.data![0]).toMatchObject({ counted_by: a.technician.id, quantity_counted: 30 });
    expect(new Date(counted.data![0].counted_at as string).getFullYear()).toBeGreaterThan(2001);
    expect((await movePrescription(a.pharmacist.client, row.id, 'ready')).row).toMatchObject({ status: 'ready', verified_by: a.pharmacist.id });
  });

  it('on: the pharmacist\'s count lets the admin verify; other schedules need no count', async () => {
    await saveControlled(a, { requireDoubleCount: true });
    const row = await processing(drugs.II, { quantity: 12.5 });
    expect((await count(a.pharmacist.client, row.id, 12.5)).error).toBeNull();
    expect((await movePrescription(a.admin.client, row.id, 'ready')).row).toMatchObject({ status: 'ready', verified_by: a.admin.id });

    const scheduleIII = await processing(drugs.III);
    expect((await movePrescription(a.pharmacist.client, scheduleIII.id, 'ready')).row).toMatchObject({ status: 'ready' });
  });
});

describe('controlled_substance_counts, command by command', () => {
  let row: PrescriptionRow;

  beforeAll(async () => {
    row = await processing(drugs.II);
  });

  it('insert: staff of the pharmacy, any role, while it is processing; audited', async () => {
    for (const staff of [a.technician, a.pharmacist, a.admin]) {
      const inserted = await count(staff.client, row.id, 30);
      expect(inserted.error).toBeNull();
      expect(inserted.data![0]).toMatchObject({ pharmacy_id: a.id, counted_by: staff.id });
    }
    const audit = await sql<{ actor_user_id: string; description: string; success: boolean }>(
      `select actor_user_id, description, success from public.audit_log where entity_id = $1 and action = 'controlled_substance_counted' order by id`, [row.id]);
    expect(audit).toEqual([a.technician.id, a.pharmacist.id, a.admin.id].map((id) => ({
      actor_user_id: id, description: `Prescription RX ${row.rx_number}: counted 30 (quantity 30)`, success: true })));
  });

  it('insert refused: not processing, not controlled, a bad quantity, another pharmacy, anon', async () => {
    const pending = await enter(drugs.II);
    expect((await count(a.technician.client, pending.id, 30)).error?.message).toBe(CONTROLLED_RULE_MESSAGES.countNotProcessing(rx(pending), 'pending'));
    const plain = await processing(ibuprofen);
    expect((await count(a.technician.client, plain.id, 30)).error?.message).toBe(CONTROLLED_RULE_MESSAGES.countNotControlled(rx(plain)));
    expect((await count(a.technician.client, row.id, 0)).error?.message).toBe('The quantity counted must be greater than 0');
    // B's staff cannot count A's prescription, whichever pharmacy they name.
    expect((await count(b.technician.client, row.id, 30)).error?.message).toBe('The prescription is not in this pharmacy');
    expect((await count(b.technician.client, row.id, 30, { pharmacy_id: a.id })).error?.message).toBe('Rows can only be added to your own pharmacy');
    expect((await count(anon, row.id, 30)).error).not.toBeNull();

    const filled = await processing(drugs.IV);
    expect((await movePrescription(a.pharmacist.client, filled.id, 'ready')).error).toBeNull();
    expect((await count(a.technician.client, filled.id, 30)).error?.message).toBe(CONTROLLED_RULE_MESSAGES.countNotProcessing(rx(filled), 'ready'));
    const counts = await sql<{ n: number }>('select count(*)::int as n from public.controlled_substance_counts where prescription_id = any($1)', [[pending.id, plain.id, filled.id]]);
    expect(counts).toEqual([{ n: 0 }]);
  });

  it('select: staff of the pharmacy read its counts; another pharmacy and anon read nothing', async () => {
    const stored = (await sql<{ n: number }>('select count(*)::int as n from public.controlled_substance_counts where prescription_id = $1', [row.id]))[0]!.n;
    expect(stored).toBeGreaterThan(0);
    for (const staff of [a.technician, a.pharmacist, a.admin]) {
      const { data, error } = await staff.client.from('controlled_substance_counts').select('id').eq('prescription_id', row.id);
      expect(error).toBeNull();
      expect(data).toHaveLength(stored);
    }
    for (const client of [b.technician.client, b.pharmacist.client, b.admin.client]) {
      const { data } = await client.from('controlled_substance_counts').select('id');
      expect(data).toEqual([]);
    }
    const { data: anonRows } = await anon.from('controlled_substance_counts').select('id');
    expect(anonRows ?? []).toEqual([]);
  });

  it('live: a count reaches the pharmacy\'s terminals through Realtime (RLS applying), never another pharmacy\'s', async () => {
    const watch = (client: SupabaseClient, name: string) => {
      const events: Array<{ new: { prescription_id?: string; counted_by?: string } }> = [];
      const system: Array<{ message: string }> = [];
      const channel = client.channel(name)
        .on('postgres_changes' as never, { event: 'INSERT', schema: 'public', table: 'controlled_substance_counts' }, (payload: (typeof events)[number]) => events.push(payload))
        .on('system' as never, {}, (payload: { message: string }) => system.push(payload));
      const subscribed = new Promise<void>((resolve, reject) => channel.subscribe((state, error) => {
        if (state === 'SUBSCRIBED') resolve();
        else if (state === 'CHANNEL_ERROR' || state === 'TIMED_OUT') reject(error ?? new Error(state));
      }));
      const live = subscribed.then(() => eventually(() => system.some((m) => m.message === 'Subscribed to PostgreSQL'), `${name} subscription`));
      return { client, channel, events, live };
    };
    const pharmacistScreen = watch(a.pharmacist.client, 'counts-pharmacist');
    const outsiderScreen = watch(b.admin.client, 'counts-outsider');
    try {
      await Promise.all([pharmacistScreen.live, outsiderScreen.live]);
      expect((await count(a.technician.client, row.id, 30)).error).toBeNull();
      await eventually(() => pharmacistScreen.events.find((e) => e.new.prescription_id === row.id && e.new.counted_by === a.technician.id),
        'the count on the pharmacist\'s screen');
      // B's own count arrives at B; by then A's would have too, had it been sent.
      const patientB = (await addPatient(b.technician.client, 'Live Count')).id;
      const drugB = await insertRow(b.pharmacist.client, 'medications', { name: 'Controlled B', strength: '5 mg', price: 1, stock: 100, dea_schedule: 'II' });
      const prescriberB = await insertRow(b.technician.client, 'prescribers', { first_name: 'Bo', last_name: 'Registered', dea_number: 'BL1234563' });
      const rowB = await enterPrescription(b.technician.client, { patientId: patientB, medicationId: drugB }, { prescriber_id: prescriberB, refills: 0 });
      expect((await movePrescription(b.technician.client, rowB.id, 'processing')).error).toBeNull();
      expect((await count(b.technician.client, rowB.id, 30)).error).toBeNull();
      await eventually(() => outsiderScreen.events.find((e) => e.new.prescription_id === rowB.id), 'B\'s own count on B\'s screen');
      expect(outsiderScreen.events.filter((e) => e.new.prescription_id === row.id)).toEqual([]);
    } finally {
      await a.pharmacist.client.removeChannel(pharmacistScreen.channel);
      await b.admin.client.removeChannel(outsiderScreen.channel);
    }
  });

  it('update and delete: nobody through the API; not even SQL changes a count', async () => {
    const before = await sql('select * from public.controlled_substance_counts where prescription_id = $1 order by id', [row.id]);
    for (const staff of [a.technician, a.pharmacist, a.admin]) {
      const updated = await staff.client.from('controlled_substance_counts').update({ quantity_counted: 1 }).eq('prescription_id', row.id).select('id');
      expect(updated.error).not.toBeNull();
      const deleted = await staff.client.from('controlled_substance_counts').delete().eq('prescription_id', row.id).select('id');
      expect(deleted.error).not.toBeNull();
    }
    await expect(sql('update public.controlled_substance_counts set quantity_counted = 1 where prescription_id = $1', [row.id]))
      .rejects.toThrow(CONTROLLED_RULE_MESSAGES.countChanged);
    expect(await sql('select * from public.controlled_substance_counts where prescription_id = $1 order by id', [row.id])).toEqual(before);
  });
});

describe('daily maximum of controlled fills (maxDailyDispensing)', () => {
  it('the fill beyond the cap is refused with the numbers; plain fills are not capped', async () => {
    const today = await pharmacyToday(a.id);
    const filledBefore = (await status(a.technician.client)).controlledFillsToday;
    await saveControlled(a, { maxDailyDispensing: filledBefore + 2 });
    const [first, second, third] = [await processing(drugs.II), await processing(drugs.IV), await processing(drugs.V)];
    expect((await movePrescription(a.pharmacist.client, first.id, 'ready')).error).toBeNull();
    expect((await movePrescription(a.pharmacist.client, second.id, 'ready')).error).toBeNull();
    expect(await movePrescription(a.pharmacist.client, third.id, 'ready')).toEqual({
      row: null, error: CONTROLLED_RULE_MESSAGES.dailyMaximum(filledBefore + 2, filledBefore + 2, today, rx(third)) });
    expect(await statusOf(third.id)).toBe('processing');
    expect(await status(a.pharmacist.client)).toMatchObject({ controlledFillsToday: filledBefore + 2, maxDailyDispensing: filledBefore + 2 });

    const plain = await processing(ibuprofen);
    expect((await movePrescription(a.pharmacist.client, plain.id, 'ready')).error).toBeNull();
    // Another pharmacy's fills are its own.
    expect((await status(b.pharmacist.client)).controlledFillsToday).toBe(0);

    await saveControlled(a, { maxDailyDispensing: filledBefore + 3 });
    expect((await movePrescription(a.pharmacist.client, third.id, 'ready')).row).toMatchObject({ status: 'ready' });
  });

  it('two fills racing for the last one: the second waits for the first and is refused', async () => {
    const filledBefore = (await status(a.technician.client)).controlledFillsToday;
    await saveControlled(a, { maxDailyDispensing: filledBefore + 1 });
    const [first, second] = [await processing(drugs.II), await processing(drugs.III)];
    // The pharmacist's fill of the first, in a transaction held open (as PostgREST would run it).
    const held = new pg.Client({ connectionString: stackEnv().dbUrl });
    await held.connect();
    try {
      await held.query('begin');
      await held.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: a.pharmacist.id, role: 'authenticated' })]);
      await held.query('set local role authenticated');
      const firstMove = (await held.query<{ result: { ok: boolean } }>('select public.move_prescription($1, $2) as result', [first.id, 'ready'])).rows[0]!.result;
      expect(firstMove.ok).toBe(true);
      // The admin's fill of the second starts while the first is not committed yet.
      const secondMove = movePrescription(a.admin.client, second.id, 'ready');
      // It waits for the first's advisory lock (controlled fills of a pharmacy take turns)…
      await eventually(async () => (await sql<{ n: number }>(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`))[0]!.n > 0 || null, 'the second fill waiting for the first');
      // …and counts the first once it commits.
      await held.query('commit');
      expect((await secondMove).error).toMatch(/^The daily maximum of controlled substance fills is reached: /);
    } finally {
      await held.end();
    }
    expect(await statusOf(first.id)).toBe('ready');
    expect(await statusOf(second.id)).toBe('processing');
  });
});
