/**
 * System Settings → Refills (issue 21) through PUT /api/system-settings/refills, as the admin's screen saves it: what
 * is saved is what the database enforces on the next refill (private.refill_settings, read by
 * private.fill_from_order) — a shorter expiry refuses a refill of an order written 2 months ago with the expiry
 * sentence, 12 months allows it again; a higher too-soon percent makes a refill too soon that 75% allowed. Only
 * the admin reads and saves the group. Time passing is setup with the service `sql` helper (date written, date
 * filled moved into the past).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_ADMIN_ONLY_MESSAGE, SETTINGS_READ_REFUSED_MESSAGE } from '../../shared/src/api/system-settings.ts';
import { REFILLS_SETTINGS_DEFAULTS } from '../../shared/src/settings/refills.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, sql } from '../support/stack-env.ts';
import { addMedication, addPatient, enterPrescription, insertRow, movePrescription, type PrescriptionRow } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let patient: string;
let ibuprofen: string;
let prescriber: string;

beforeAll(async () => {
  a = await createPharmacy('Refill Settings Pharmacy');
  patient = (await addPatient(a.technician.client, 'RefillSettings')).id;
  ibuprofen = (await addMedication(a.pharmacist.client)).id;
  prescriber = await insertRow(a.technician.client, 'prescribers', { first_name: 'Rita', last_name: 'Settings' });
}, 120_000);

afterAll(closeSql);

const saveRefills = (client: SupabaseClient, body: unknown) => callApi<Record<string, unknown>>(client, 'system-settings/refills', { method: 'PUT', body });

async function refill(client: SupabaseClient, id: string): Promise<{ row: PrescriptionRow | null; error: { code?: string; message: string; hint?: string } | null }> {
  const { data, error } = await client.rpc('refill_prescription', { prescription_id: id });
  return error ? { row: null, error: { code: error.code, message: error.message, hint: error.hint } } : { row: data as PrescriptionRow, error: null };
}

/** A prescription of A (30 days supply, 2 refills), entered, verified and picked up, filled `filledDaysAgo` days ago and written `writtenMonthsAgo` months ago. */
async function filledPrescription(filledDaysAgo: number, writtenMonthsAgo: number): Promise<PrescriptionRow> {
  const row = await enterPrescription(a.technician.client, { patientId: patient, medicationId: ibuprofen }, { prescriber_id: prescriber, refills: 2, days_supply: 30 });
  for (const step of ['processing', 'ready', 'completed'] as const) {
    const moved = await movePrescription(step === 'ready' ? a.pharmacist.client : a.technician.client, row.id, step);
    expect(moved.error, step).toBeNull();
  }
  await sql(
    `update public.prescriptions
     set original_date = (private.pharmacy_local_date(pharmacy_id, now()) - make_interval(months => $2::int))::date,
         date_filled = private.pharmacy_local_date(pharmacy_id, now()) - $3::int
     where id = $1`,
    [row.id, writtenMonthsAgo, filledDaysAgo],
  );
  return row;
}

describe('Refills settings saved through the api are what the database enforces', () => {
  it('a group never saved reads as the defaults the database applies (75%, 12 months)', async () => {
    expect(await callApi(a.admin.client, 'system-settings/refills')).toEqual({ status: 200, body: REFILLS_SETTINGS_DEFAULTS });
    expect(await sql(`select private.refill_settings($1) as v`, [a.id])).toEqual([{ v: REFILLS_SETTINGS_DEFAULTS }]);
  });

  it('non-controlled expiry: 1 month refuses a refill of an order written 2 months ago with the expiry sentence; 12 months allows it', async () => {
    const row = await filledPrescription(30, 2);
    const short = await saveRefills(a.admin.client, { refillTooSoonPercent: 75, nonControlledExpiryMonths: 1 });
    expect(short).toEqual({ status: 200, body: { refillTooSoonPercent: 75, nonControlledExpiryMonths: 1 } });
    expect(await sql(`select private.refill_settings($1) as v`, [a.id])).toEqual([{ v: { refillTooSoonPercent: 75, nonControlledExpiryMonths: 1 } }]);

    const [expiry] = await sql<{ expires: string }>(
      `select to_char((o.written_on + interval '1 month')::date, 'YYYY-MM-DD') as expires from public.prescription_orders o where o.id = $1`, [row.id]);
    expect(await refill(a.pharmacist.client, row.id)).toMatchObject({
      row: null,
      error: { code: 'P0001', message: `Rx ${row.rx_number} expired on ${expiry!.expires}, 1 month after it was written; ask the prescriber for a new prescription` },
    });
    expect(await sql(`select count(*)::int as fills from public.prescriptions where order_id = $1`, [row.id])).toEqual([{ fills: 1 }]);

    expect((await saveRefills(a.admin.client, { refillTooSoonPercent: 75, nonControlledExpiryMonths: 12 })).status).toBe(200);
    const allowed = await refill(a.pharmacist.client, row.id);
    expect(allowed.error).toBeNull();
    expect(allowed.row).toMatchObject({ order_id: row.id, fill_number: 1, rx_number: row.rx_number, status: 'pending' });
  });

  it('too soon: at 100% a refill 25 days into a 30-day supply is too soon; back at 75% it is due', async () => {
    const row = await filledPrescription(25, 1);
    expect((await saveRefills(a.admin.client, { refillTooSoonPercent: 100, nonControlledExpiryMonths: 12 })).status).toBe(200);
    const early = await refill(a.technician.client, row.id);
    expect(early.error).toMatchObject({ code: 'P0001', hint: 'refill_too_soon' });
    expect(early.error?.message).toMatch(new RegExp(`^Refill too soon: Rx ${row.rx_number} was filled on \\d{4}-\\d{2}-\\d{2} for 30 days; .*\\(100% of the days supply\\)`));

    expect((await saveRefills(a.admin.client, { refillTooSoonPercent: 75, nonControlledExpiryMonths: 12 })).status).toBe(200);
    expect(await refill(a.technician.client, row.id)).toMatchObject({ error: null, row: { fill_number: 1 } });
  });

  it('only the admin reads and saves the group; a value out of bounds is refused with its sentence and changes nothing', async () => {
    for (const role of ['pharmacist', 'technician'] as const) {
      expect(await callApi(a[role].client, 'system-settings/refills'), role).toEqual({ status: 403, body: { error: SETTINGS_READ_REFUSED_MESSAGE } });
      expect(await saveRefills(a[role].client, { refillTooSoonPercent: 90, nonControlledExpiryMonths: 6 }), role)
        .toEqual({ status: 403, body: { error: SETTINGS_ADMIN_ONLY_MESSAGE } });
    }
    const refused = await saveRefills(a.admin.client, { refillTooSoonPercent: 101, nonControlledExpiryMonths: 25 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Refill too soon percent must be a whole number from 50 to 100');
    expect(JSON.stringify(refused.body)).toContain('Prescription expiry must be a whole number of months from 1 to 24');
    expect(await sql(`select private.refill_settings($1) as v`, [a.id])).toEqual([{ v: { refillTooSoonPercent: 75, nonControlledExpiryMonths: 12 } }]);
  });
});
