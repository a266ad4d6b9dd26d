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
      .select('rx_number, status, ai_flags, entered_by, verified_by, overridden_by').order('rx_number')).data!;
    expect(queue.length).toBeGreaterThanOrEqual(12);
    expect(new Set(queue.map((rx) => rx.status))).toEqual(new Set(['pending', 'processing', 'ready', 'completed']));
    expect(queue.map((rx) => rx.rx_number)).toEqual(queue.map((_, index) => 1001 + index));
    expect(queue.filter((rx) => rx.ai_flags.hasInteractions && rx.status === 'pending').length).toBeGreaterThanOrEqual(1);
    expect(queue.some((rx) => rx.overridden_by !== null)).toBe(true);
    expect(queue.filter((rx) => ['ready', 'completed'].includes(rx.status)).every((rx) => rx.verified_by !== null)).toBe(true);
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
