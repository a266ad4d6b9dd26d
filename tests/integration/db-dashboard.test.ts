/**
 * public.dashboard_stats (migration 20261122000600_dashboard) through supabase-js as real users: the four
 * stat cards count the caller's own pharmacy only — pending prescriptions, prescriptions completed inside
 * the day the caller names, open interaction alerts (overridden ones excluded) and the revenue of the day's
 * pickups (medications.price per fill) — another pharmacy's staff see zeros, and anon may not call it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, createTestClient } from '../support/stack-env.ts';
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
const HOUR = 3_600_000;

async function statsOf(client: TestPharmacy['technician']['client'], dayStart: Date, dayEnd: Date): Promise<DashboardStats> {
  const { data, error } = await client.rpc('dashboard_stats', { day_start: dayStart.toISOString(), day_end: dayEnd.toISOString() });
  if (error) throw new Error(error.message);
  return data as DashboardStats;
}

function aroundNow(): [Date, Date] {
  return [new Date(Date.now() - 12 * HOUR), new Date(Date.now() + 12 * HOUR)];
}

beforeAll(async () => {
  [a, b] = [await createPharmacy('Dashboard Pharmacy A'), await createPharmacy('Dashboard Pharmacy B')];
  const tech = a.technician.client;
  const rph = a.pharmacist.client;
  const patient = (await addPatient(tech)).id;
  const onWarfarin = (await addWarfarinPatient(tech)).id;
  const cheap = (await addMedication(tech, 'Ibuprofen')).id; // 9.99 per fill
  const { data: pricey, error } = await tech.from('medications')
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
  }
}, 120_000);

afterAll(async () => {
  await closeSql();
});

describe('dashboard_stats', () => {
  it('counts pending prescriptions, today\'s pickups, open alerts and today\'s revenue of the caller\'s pharmacy', async () => {
    const [start, end] = aroundNow();
    for (const client of [a.technician.client, a.pharmacist.client, a.admin.client]) {
      expect(await statsOf(client, start, end)).toEqual({ pendingPrescriptions: 2, completedToday: 2, aiAlerts: 1, revenueToday: 35.49 });
    }
  });

  it('counts pickups and revenue only inside the day the caller names', async () => {
    const tomorrow = new Date(Date.now() + 24 * HOUR);
    const stats = await statsOf(a.technician.client, tomorrow, new Date(tomorrow.getTime() + 24 * HOUR));
    expect(stats).toEqual({ pendingPrescriptions: 2, completedToday: 0, aiAlerts: 1, revenueToday: 0 });
  });

  it('shows another pharmacy\'s staff only their own (empty) pharmacy', async () => {
    const [start, end] = aroundNow();
    expect(await statsOf(b.pharmacist.client, start, end)).toEqual({ pendingPrescriptions: 0, completedToday: 0, aiAlerts: 0, revenueToday: 0 });
  });

  it('refuses anon', async () => {
    const [start, end] = aroundNow();
    const { data, error } = await createTestClient().rpc('dashboard_stats', { day_start: start.toISOString(), day_end: end.toISOString() });
    expect(data).toBeNull();
    expect(error?.message).toMatch(/permission denied/);
  });
});
