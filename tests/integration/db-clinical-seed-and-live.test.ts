/**
 * The Demo Pharmacy's clinical seed as its technician sees it through supabase-js (catalogue, prescribers,
 * patients, a queue in every status with interaction alerts), and the live queue: a transition made at one
 * terminal reaches another terminal of the same pharmacy through Realtime, and never a terminal of another
 * pharmacy.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, eventually, sql } from '../support/stack-env.ts';
import { createPharmacy, signIn, type TestPharmacy } from './db-fixtures.ts';
import { addMedication, addPatient, enterPrescription, updatePrescription } from './db-clinical-support.ts';

const NDC_SHAPE = /^(\d{5}-\d{4}-\d{2}|\d{4}-\d{4}-\d{2}|\d{5}-\d{3}-\d{2}|\d{5}-\d{4}-\d)$/;
let demoTechnician: SupabaseClient;

beforeAll(async () => {
  demoTechnician = await signIn('tech@demo.pharmacy', 'demo-password');
});

afterAll(async () => {
  await closeSql();
});

describe('demo seed', () => {
  it('has a catalogue of at least 60 drugs with NDCs, the ONC pair members, controlled schedules and low stock', async () => {
    const { data, error } = await demoTechnician.from('medications').select('generic_name, ndc_number, price, stock, dea_schedule, is_low_stock');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThanOrEqual(60);
    for (const row of data!) expect(row.ndc_number, row.generic_name).toMatch(NDC_SHAPE);
    const generics = new Set(data!.map((row) => row.generic_name.split(' ')[0]));
    for (const drug of ['warfarin', 'ibuprofen', 'amoxicillin', 'fluoxetine', 'phenelzine', 'simvastatin', 'clarithromycin', 'ketoconazole',
      'sildenafil', 'nitroglycerin', 'methotrexate', 'sulfamethoxazole', 'tizanidine', 'ciprofloxacin', 'fluvoxamine', 'ramelteon',
      'amiodarone', 'citalopram', 'oxycodone', 'alprazolam', 'lisinopril', 'spironolactone']) {
      expect(generics.has(drug), drug).toBe(true);
    }
    expect(data!.filter((row) => row.dea_schedule === 'II').length).toBeGreaterThan(0);
    expect(data!.filter((row) => row.is_low_stock).length).toBeGreaterThanOrEqual(3);
  });

  it('has prescribers, patients with allergies and medications, and a queue in every status', async () => {
    expect((await demoTechnician.from('prescribers').select('id')).data!.length).toBeGreaterThanOrEqual(6);
    const patients = (await demoTechnician.from('patients').select('allergies, current_medications')).data!;
    expect(patients.length).toBeGreaterThanOrEqual(12);
    expect(patients.filter((p) => p.allergies.length > 0 && p.current_medications.length > 0).length).toBeGreaterThan(5);
    const queue = (await demoTechnician.from('prescriptions')
      .select('rx_number, fill_number, status, ai_flags, entered_by, verified_by, overridden_by').order('rx_number').order('fill_number')).data!;
    expect(queue.length).toBeGreaterThanOrEqual(12);
    expect(new Set(queue.map((rx) => rx.status))).toEqual(new Set(['pending', 'processing', 'ready', 'completed']));
    // Each prescription's original has the next Rx number; refills share their original's.
    const originals = queue.filter((rx) => rx.fill_number === 0);
    expect(originals.map((rx) => rx.rx_number)).toEqual(originals.map((_, index) => 1001 + index));
    expect(queue.filter((rx) => rx.ai_flags.hasInteractions && rx.status === 'pending').length).toBeGreaterThanOrEqual(1);
    expect(queue.some((rx) => rx.overridden_by !== null)).toBe(true);
    expect(queue.filter((rx) => ['ready', 'completed'].includes(rx.status)).every((rx) => rx.verified_by !== null)).toBe(true);
  });

  it('has a refill history: three prescriptions filled 60–75 days ago and refilled about a month ago, one due today, one not yet', async () => {
    const fills = await sql<{ rx_number: string; fill_number: number; status: string; filled_days_ago: number; days_supply: number; refills: number; prints: number }>(
      `select rx.rx_number, rx.fill_number, rx.status, private.pharmacy_local_date(rx.pharmacy_id, now()) - rx.date_filled as filled_days_ago,
              rx.days_supply, rx.refills, (select count(*)::int from public.prescription_label_prints lp where lp.prescription_id = rx.id) as prints
       from public.prescriptions rx join public.pharmacies p on p.id = rx.pharmacy_id
       where p.dea_number = 'BD4726189' and rx.order_id in (select order_id from public.prescriptions where fill_number > 0)
       order by rx.rx_number, rx.fill_number`);
    expect(fills.map(({ rx_number: _rx, ...fill }) => fill)).toEqual([
      // In entry order: carvedilol (entered 75 days ago), metoprolol (62), metformin (60).
      { fill_number: 0, status: 'completed', filled_days_ago: 75, days_supply: 60, refills: 3, prints: 1 },
      { fill_number: 1, status: 'completed', filled_days_ago: 28, days_supply: 60, refills: 3, prints: 1 },
      { fill_number: 0, status: 'completed', filled_days_ago: 62, days_supply: 30, refills: 5, prints: 1 },
      { fill_number: 1, status: 'completed', filled_days_ago: 31, days_supply: 30, refills: 5, prints: 1 },
      { fill_number: 0, status: 'completed', filled_days_ago: 60, days_supply: 30, refills: 3, prints: 1 },
      { fill_number: 1, status: 'completed', filled_days_ago: 23, days_supply: 30, refills: 3, prints: 1 },
    ]);
    // The patients' prescriptions as the app reads them: the metformin refill is due today (75% of 30 days after
    // refill 1), the metoprolol one overdue, the carvedilol one not due for 17 days.
    const [{ today }] = await sql<{ today: string }>(
      `select to_char(private.pharmacy_local_date(id, now()), 'YYYY-MM-DD') as today from public.pharmacies where dea_number = 'BD4726189'`) as [{ today: string }];
    const dueIn = async (patientId: string) => {
      const { data, error } = await demoTechnician.rpc('patient_prescription_orders', { for_patient_id: patientId });
      expect(error).toBeNull();
      const refilled = (data as Array<{ refills_used: number; refills_remaining: number; refill_due_on: string }>).filter((o) => o.refills_used > 0);
      expect(refilled).toHaveLength(1);
      const days = Math.round((Date.parse(refilled[0]!.refill_due_on) - Date.parse(today)) / 86_400_000);
      return [refilled[0]!.refills_used, refilled[0]!.refills_remaining, days];
    };
    expect(await dueIn('00000000-0000-4000-8000-0000000cc001')).toEqual([1, 4, -8]);
    expect(await dueIn('00000000-0000-4000-8000-0000000cc003')).toEqual([1, 2, 0]);
    expect(await dueIn('00000000-0000-4000-8000-0000000cc012')).toEqual([1, 2, 17]);
  });
});

describe('the live queue', () => {
  it('publishes the queue, patients, stock and print history to Realtime', async () => {
    const rows = await sql<{ tablename: string }>(
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public'
         and tablename in ('prescriptions', 'patients', 'medications', 'prescription_label_prints') order by tablename`,
    );
    expect(rows.map((row) => row.tablename)).toEqual(['medications', 'patients', 'prescription_label_prints', 'prescriptions']);
  });

  let a: TestPharmacy;
  let b: TestPharmacy;
  const channels: Array<{ client: SupabaseClient; channel: RealtimeChannel }> = [];

  beforeAll(async () => {
    [a, b] = [await createPharmacy('Live Pharmacy A'), await createPharmacy('Live Pharmacy B')];
  }, 120_000);

  afterAll(async () => {
    for (const { client, channel } of channels) await client.removeChannel(channel);
  });

  function watchQueue(client: SupabaseClient, name: string): { events: Array<{ eventType: string; new: { id?: string; status?: string } }>; live: Promise<unknown> } {
    const events: Array<{ eventType: string; new: { id?: string; status?: string } }> = [];
    const system: Array<{ message: string }> = [];
    const channel = client.channel(name)
      .on('postgres_changes' as never, { event: '*', schema: 'public', table: 'prescriptions' }, (payload: { eventType: string; new: { id?: string; status?: string } }) => events.push(payload))
      .on('system' as never, {}, (payload: { message: string }) => system.push(payload));
    channels.push({ client, channel });
    const subscribed = new Promise<void>((resolve, reject) => channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    }));
    const live = subscribed.then(() => eventually(() => system.some((m) => m.message === 'Subscribed to PostgreSQL'), `${name} subscription`));
    return { events, live };
  }

  it('a pharmacist\'s terminal sees the technician\'s entry and the technician\'s sees the verification; another pharmacy sees nothing', async () => {
    const pharmacistScreen = watchQueue(a.pharmacist.client, 'queue-pharmacist');
    const technicianScreen = watchQueue(a.technician.client, 'queue-technician');
    const outsiderScreen = watchQueue(b.admin.client, 'queue-outsider');
    await Promise.all([pharmacistScreen.live, technicianScreen.live, outsiderScreen.live]);

    const parts = { patientId: (await addPatient(a.technician.client)).id, medicationId: (await addMedication(a.pharmacist.client)).id };
    const row = await enterPrescription(a.technician.client, parts);
    await eventually(() => pharmacistScreen.events.find((e) => e.eventType === 'INSERT' && e.new.id === row.id), 'the entry on the pharmacist\'s screen');
    await updatePrescription(a.technician.client, row.id, { status: 'processing' });
    await updatePrescription(a.pharmacist.client, row.id, { status: 'ready' });
    await eventually(() => technicianScreen.events.find((e) => e.eventType === 'UPDATE' && e.new.id === row.id && e.new.status === 'ready'),
      'the verification on the technician\'s screen');

    // A change of B's own queue arrives at B; by then A's changes would have too, had they been sent.
    const partsB = { patientId: (await addPatient(b.technician.client)).id, medicationId: (await addMedication(b.pharmacist.client)).id };
    const rowB = await enterPrescription(b.technician.client, partsB);
    await eventually(() => outsiderScreen.events.find((e) => e.new.id === rowB.id), 'B\'s own entry on B\'s screen');
    expect(outsiderScreen.events.filter((e) => e.new.id === row.id)).toEqual([]);
  });
});
