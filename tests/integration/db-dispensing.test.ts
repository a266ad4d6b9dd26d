/**
 * Dispensing rules in the database (migration 20261122000700_dispensing): each pharmacy keeps its time zone
 * (its state's by default, changed only by an admin, unknown names refused); verification is the fill, so its
 * date is the pharmacy's local date and the quantity leaves the medication's stock in the same transaction;
 * a fill the stock cannot cover is refused and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, sql } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';
import { addMedication, addPatient, enterPrescription, updatePrescription, type PrescriptionParts } from './db-clinical-support.ts';

let pharmacy: TestPharmacy;
let parts: PrescriptionParts;

beforeAll(async () => {
  pharmacy = await createPharmacy('Dispensing Pharmacy');
  parts = { patientId: (await addPatient(pharmacy.technician.client)).id, medicationId: (await addMedication(pharmacy.pharmacist.client)).id };
}, 60_000);

afterAll(async () => {
  await closeSql();
});

async function stockOf(medicationId: string): Promise<number> {
  return (await sql<{ stock: number }>('select stock from public.medications where id = $1', [medicationId]))[0]!.stock;
}

async function setStock(medicationId: string, stock: number): Promise<void> {
  await sql('update public.medications set stock = $2 where id = $1', [medicationId, stock]);
}

/** A prescription of the pharmacy moved to processing by its technician. */
async function processingPrescription(extra: Record<string, unknown> = {}) {
  const entered = await enterPrescription(pharmacy.technician.client, parts, extra);
  const processed = await updatePrescription(pharmacy.technician.client, entered.id, { status: 'processing' });
  if (!processed.row) throw new Error(`could not process: ${processed.error}`);
  return processed.row;
}

function dateIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

describe('the pharmacy time zone', () => {
  it("is its state's main time zone by default", async () => {
    const { data, error } = await pharmacy.technician.client.from('pharmacies').select('state, time_zone').eq('id', pharmacy.id).single();
    expect(error).toBeNull();
    expect(data).toEqual({ state: 'IL', time_zone: 'America/Chicago' });
  });

  it('an admin changes it; an unknown name is refused and changes nothing', async () => {
    const other = await createPharmacy('Dispensing Time Zone Pharmacy');
    const changed = await other.admin.client.from('pharmacies').update({ time_zone: 'America/Denver' }).eq('id', other.id).select('time_zone');
    expect(changed.error).toBeNull();
    expect(changed.data).toEqual([{ time_zone: 'America/Denver' }]);

    const unknown = await other.admin.client.from('pharmacies').update({ time_zone: 'Mars/Olympus_Mons' }).eq('id', other.id).select('time_zone');
    expect(unknown.error?.message).toBe('Unknown time zone "Mars/Olympus_Mons": use an IANA name such as America/Chicago');
    expect((await sql<{ time_zone: string }>('select time_zone from public.pharmacies where id = $1', [other.id]))[0]!.time_zone).toBe('America/Denver');
  });

  it('a pharmacist cannot change it', async () => {
    const refused = await pharmacy.pharmacist.client.from('pharmacies').update({ time_zone: 'America/Denver' }).eq('id', pharmacy.id).select('time_zone');
    expect(refused.data ?? []).toEqual([]);
    expect((await sql<{ time_zone: string }>('select time_zone from public.pharmacies where id = $1', [pharmacy.id]))[0]!.time_zone).toBe('America/Chicago');
  });
});

describe('verification fills the prescription', () => {
  it("dates the fill with the pharmacy's local date, not the server's", async () => {
    // A zone whose date differs from UTC's right now: UTC+14 from 10:00 UTC, UTC-11 before 11:00 UTC.
    const zone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const local = await createPharmacy('Dispensing Far Zone Pharmacy');
    await sql('update public.pharmacies set time_zone = $2 where id = $1', [local.id, zone]);
    const localParts = { patientId: (await addPatient(local.technician.client)).id, medicationId: (await addMedication(local.pharmacist.client)).id };
    const entered = await enterPrescription(local.technician.client, localParts);
    await updatePrescription(local.technician.client, entered.id, { status: 'processing' });

    const before = new Date();
    const verified = await updatePrescription(local.pharmacist.client, entered.id, { status: 'ready' });
    const after = new Date();

    expect(verified.error).toBeNull();
    expect([dateIn(zone, before), dateIn(zone, after)]).toContain(verified.row!.date_filled);
    expect(verified.row!.date_filled).not.toBe(before.toISOString().slice(0, 10));
  });

  it('takes the quantity (whole units, rounded up) out of stock; pickup takes nothing more', async () => {
    await setStock(parts.medicationId, 100);
    const row = await processingPrescription({ quantity: 30.5 });
    expect(await stockOf(parts.medicationId)).toBe(100);

    const verified = await updatePrescription(pharmacy.pharmacist.client, row.id, { status: 'ready' });
    expect(verified.error).toBeNull();
    expect(await stockOf(parts.medicationId)).toBe(69);

    const completed = await updatePrescription(pharmacy.technician.client, row.id, { status: 'completed' });
    expect(completed.error).toBeNull();
    expect(await stockOf(parts.medicationId)).toBe(69);

    // The stock change is audited as the pharmacist's (the verification that caused it).
    const audited = await sql<{ actor_user_id: string; old_stock: string; new_stock: string }>(
      `select actor_user_id, details -> 'old' ->> 'stock' as old_stock, details -> 'new' ->> 'stock' as new_stock
       from public.audit_log where entity_type = 'medications' and entity_id = $1 order by id desc limit 1`,
      [parts.medicationId],
    );
    expect(audited[0]).toEqual({ actor_user_id: pharmacy.pharmacist.id, old_stock: '100', new_stock: '69' });
  });

  it('refuses a fill the stock cannot cover, with the numbers, and changes nothing', async () => {
    await setStock(parts.medicationId, 5);
    const row = await processingPrescription({ quantity: 30 });

    const refused = await updatePrescription(pharmacy.pharmacist.client, row.id, { status: 'ready' });
    expect(refused.error).toBe(`Not enough Ibuprofen 800 mg in stock to fill Prescription RX ${row.rx_number}: 5 on hand, 30 needed`);
    expect(await stockOf(parts.medicationId)).toBe(5);
    const stored = await sql<{ status: string; verified_by: string | null; date_filled: string | null }>(
      'select status, verified_by, date_filled from public.prescriptions where id = $1', [row.id],
    );
    expect(stored[0]).toEqual({ status: 'processing', verified_by: null, date_filled: null });
  });

  it('a technician still cannot verify, and the stock stays', async () => {
    await setStock(parts.medicationId, 100);
    const row = await processingPrescription({ quantity: 10 });
    const refused = await updatePrescription(pharmacy.technician.client, row.id, { status: 'ready' });
    expect(refused.error).toBe('Only a pharmacist or admin can verify a prescription (processing → ready)');
    expect(await stockOf(parts.medicationId)).toBe(100);
  });
});
