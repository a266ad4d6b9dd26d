/**
 * public.dashboard_stats() (migrations 20261122000600_dashboard, 20261122001400_queue_scale) through supabase-js
 * as real users: the four stat cards count the caller's own pharmacy only — pending prescriptions, prescriptions
 * completed within the pharmacy's own day (its time zone, the day dispensing's fill date uses), open interaction
 * alerts (overridden ones excluded) and the revenue of the day's pickups (medications.price per fill) — another
 * pharmacy's staff see zeros, and anon may not call it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, createTestClient, sql } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';
import {
  addMedication, addPatient, addWarfarinPatient, enterPrescription, updatePrescription,
} from './db-clinical-support.ts';

interface DashboardStats {
  pendingPrescriptions: number;
  completedToday: number;
  aiAlerts: number;
  revenueToday: number;
}

let a: TestPharmacy;
let b: TestPharmacy;
let pricedPickup: string;

async function statsOf(client: TestPharmacy['technician']['client']): Promise<DashboardStats> {
  const { data, error } = await client.rpc('dashboard_stats');
  if (error) throw new Error(error.message);
  return data as DashboardStats;
}

/** Sets when a pickup happened, `offset` from the pharmacy's local midnight of today (its time zone). */
async function completedAtLocalMidnightPlus(prescriptionId: string, timeZone: string, offset: string): Promise<void> {
  await sql(`begin; set local session_replication_role = replica;
    update public.prescriptions set completed_at =
      (date_trunc('day', now() at time zone '${timeZone}') at time zone '${timeZone}') + interval '${offset}'
    where id = '${prescriptionId}'; commit;`);
}

beforeAll(async () => {
  [a, b] = [await createPharmacy('Dashboard Pharmacy A'), await createPharmacy('Dashboard Pharmacy B')];
  const tech = a.technician.client;
  const rph = a.pharmacist.client;
  const patient = (await addPatient(tech)).id;
  const onWarfarin = (await addWarfarinPatient(tech)).id;
  const cheap = (await addMedication(rph, 'Ibuprofen')).id; // 9.99 per fill
  const { data: pricey, error } = await rph.from('medications')
    .insert({ name: 'Atorvastatin', strength: '40 mg', price: 25.5, stock: 50 }).select('id').single();
  if (error || !pricey) throw new Error(error?.message);

  // Two pending (one with an open alert), one alerted and overridden (processing), two completed.
  await enterPrescription(tech, { patientId: patient, medicationId: cheap });
  await enterPrescription(tech, { patientId: onWarfarin, medicationId: cheap });
  const overridden = await enterPrescription(tech, { patientId: onWarfarin, medicationId: cheap });
  expect((await updatePrescription(rph, overridden.id, { status: 'processing', override_reason: 'Prescriber confirmed' })).error).toBeNull();
  for (const medicationId of [cheap, pricey.id]) {
    const rx = await enterPrescription(tech, { patientId: patient, medicationId });
    for (const [client, status] of [[tech, 'processing'], [rph, 'ready'], [tech, 'completed']] as const) {
      expect((await updatePrescription(client, rx.id, { status })).error).toBeNull();
    }
    if (medicationId === pricey.id) pricedPickup = rx.id;
  }
}, 120_000);

afterAll(async () => {
  await closeSql();
});

describe('dashboard_stats', () => {
  it('counts pending prescriptions, today\'s pickups, open alerts and today\'s revenue of the caller\'s pharmacy', async () => {
    for (const client of [a.technician.client, a.pharmacist.client, a.admin.client]) {
      expect(await statsOf(client)).toEqual({ pendingPrescriptions: 2, completedToday: 2, aiAlerts: 1, revenueToday: 35.49 });
    }
  });

  it('counts pickups and revenue within the pharmacy\'s own day, in its time zone', async () => {
    // Honolulu (UTC-10) and Kiritimati (UTC+14): a day apart at every moment, so the same pickup instant falls on
    // a different local day in each; the terminal's clock and the database server's zone play no part.
    for (const timeZone of ['Pacific/Honolulu', 'Pacific/Kiritimati']) {
      await sql(`update public.pharmacies set time_zone = $2 where id = $1`, [a.id, timeZone]);
      await completedAtLocalMidnightPlus(pricedPickup, timeZone, '1 minute');
      expect(await statsOf(a.technician.client)).toMatchObject({ completedToday: 2, revenueToday: 35.49 });
      await completedAtLocalMidnightPlus(pricedPickup, timeZone, '-1 minute');
      expect(await statsOf(a.technician.client)).toMatchObject({ completedToday: 1, revenueToday: 9.99 });
    }
  });

  it('shows another pharmacy\'s staff only their own (empty) pharmacy', async () => {
    expect(await statsOf(b.pharmacist.client)).toEqual({ pendingPrescriptions: 0, completedToday: 0, aiAlerts: 0, revenueToday: 0 });
  });

  it('refuses anon', async () => {
    const { data, error } = await createTestClient().rpc('dashboard_stats');
    expect(data).toBeNull();
    expect(error?.message).toMatch(/permission denied/);
  });
});
