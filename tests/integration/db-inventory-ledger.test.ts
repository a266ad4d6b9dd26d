/**
 * The perpetual inventory (migration 20261128006000_inventory_ledger): lots and the append-only stock ledger.
 * After every kind of movement, for every product: stock = the sum of its lots = the sum of its ledger rows, each
 * lot's on_hand = the sum of its rows, and the last row's product balance = stock. Dispensing takes unexpired lots
 * first-expiry-first-out; concurrent fills of the last units cannot both succeed; who may post what is the
 * database's; the ledger cannot be rewritten.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, sql } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';
import { addPatient, enterPrescription, insertRow, movePrescription } from './db-clinical-support.ts';

let pharmacy: TestPharmacy;
let other: TestPharmacy;
let patientId: string;

beforeAll(async () => {
  [pharmacy, other] = await Promise.all([createPharmacy('Ledger Pharmacy'), createPharmacy('Ledger Other Pharmacy')]);
  patientId = (await addPatient(pharmacy.technician.client)).id;
}, 60_000);

afterAll(async () => {
  await closeSql();
});

/** Every way the ledger, the lots and medications.stock could disagree in a pharmacy, as readable lines. */
async function ledgerDisagreements(pharmacyId: string): Promise<string[]> {
  const rows = await sql<{ problem: string }>(
    `select format('%s: stock %s, lots %s, ledger %s, last balance %s', m.name, m.stock, lots.total, ledger.total, last.after) as problem
     from public.medications m
     cross join lateral (select coalesce(sum(l.on_hand), 0)::int as total from public.inventory_lots l where l.medication_id = m.id) lots
     cross join lateral (select coalesce(sum(mv.quantity), 0)::int as total from public.inventory_movements mv where mv.medication_id = m.id) ledger
     cross join lateral (select coalesce((select mv.product_on_hand_after from public.inventory_movements mv
                                          where mv.medication_id = m.id order by mv.id desc limit 1), 0) as after) last
     where m.pharmacy_id = $1 and not (m.stock = lots.total and lots.total = ledger.total and ledger.total = last.after)
     union all
     select format('lot %s: on hand %s, ledger %s', l.lot_number, l.on_hand, coalesce(sum(mv.quantity), 0))
     from public.inventory_lots l left join public.inventory_movements mv on mv.lot_id = l.id
     where l.pharmacy_id = $1 group by l.id having l.on_hand <> coalesce(sum(mv.quantity), 0)`,
    [pharmacyId],
  );
  return rows.map((row) => row.problem);
}

async function addProduct(client: SupabaseClient, name: string, stock: number, extra: Record<string, unknown> = {}): Promise<string> {
  return insertRow(client, 'medications', { name, strength: '10 mg', dosage_form: 'tablet', price: 5, stock, ...extra });
}

async function stockOf(medicationId: string): Promise<number> {
  return (await sql<{ stock: number }>('select stock from public.medications where id = $1', [medicationId]))[0]!.stock;
}

async function lotsOf(medicationId: string): Promise<{ lot_number: string; expiration_date: string | null; on_hand: number }[]> {
  return sql(
    `select lot_number, to_char(expiration_date, 'YYYY-MM-DD') as expiration_date, on_hand from public.inventory_lots
     where medication_id = $1 order by expiration_date nulls first, lot_number`,
    [medicationId],
  );
}

async function movementsOf(medicationId: string): Promise<{ kind: string; quantity: number; lot_number: string; reason: string | null }[]> {
  return sql(
    `select mv.kind, mv.quantity, l.lot_number, mv.reason from public.inventory_movements mv
     join public.inventory_lots l on l.id = mv.lot_id where mv.medication_id = $1 order by mv.id`,
    [medicationId],
  );
}

function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A fill of `quantity` of the product, moved to processing (ready for a pharmacist's verification). */
async function processingFill(medicationId: string, quantity: number): Promise<string> {
  const entered = await enterPrescription(pharmacy.technician.client, { patientId, medicationId }, { quantity });
  const processed = await movePrescription(pharmacy.technician.client, entered.id, 'processing');
  if (!processed.row) throw new Error(`could not process: ${processed.error}`);
  return entered.id;
}

describe('the opening balance and direct writes of stock', () => {
  it('a product created with stock opens its ledger; a correction in the Drug Database is an adjustment with its reason', async () => {
    const id = await addProduct(pharmacy.pharmacist.client, 'Opening Amoxicillin', 40);
    expect(await movementsOf(id)).toEqual([{ kind: 'opening', quantity: 40, lot_number: '', reason: null }]);

    const raised = await pharmacy.pharmacist.client.from('medications').update({ stock: 55, change_reason: 'Found a bottle behind the shelf' }).eq('id', id);
    expect(raised.error).toBeNull();
    const lowered = await pharmacy.pharmacist.client.from('medications').update({ stock: 50 }).eq('id', id);
    expect(lowered.error).toBeNull();
    expect((await movementsOf(id)).slice(1)).toEqual([
      { kind: 'adjustment', quantity: 15, lot_number: '', reason: 'Found a bottle behind the shelf' },
      { kind: 'adjustment', quantity: -5, lot_number: '', reason: 'Stock on hand corrected in the Drug Database' },
    ]);
    expect(await stockOf(id)).toBe(50);
    expect(await ledgerDisagreements(pharmacy.id)).toEqual([]);
  });

  it('a technician cannot write stock at all, and a negative stock is refused, changing nothing', async () => {
    const id = await addProduct(pharmacy.pharmacist.client, 'Guarded Cetirizine', 10);
    const byTechnician = await pharmacy.technician.client.from('medications').update({ stock: 99 }).eq('id', id).select('id');
    expect(byTechnician.error !== null || (byTechnician.data ?? []).length === 0).toBe(true);
    const negative = await pharmacy.pharmacist.client.from('medications').update({ stock: -1 }).eq('id', id);
    expect(negative.error?.message).toBe('Stock cannot be negative');
    expect(await stockOf(id)).toBe(10);
    expect(await movementsOf(id)).toHaveLength(1);
  });
});

describe('receiving', () => {
  it('a technician receives into a lot with its expiry and cost; the same lot again adds to it', async () => {
    const id = await addProduct(pharmacy.pharmacist.client, 'Received Lisinopril', 0);
    const expires = isoDaysFromNow(400);
    const first = await pharmacy.technician.client.rpc('receive_inventory', {
      medication_id: id, quantity: 100, lot_number: 'LX100', expiration_date: expires, unit_cost_cents: 12, reference: 'PO-1',
    });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ kind: 'receipt', quantity: 100, lot_on_hand_after: 100, product_on_hand_after: 100, reference: 'PO-1', unit_cost_cents: 12 });
    await pharmacy.technician.client.rpc('receive_inventory', { medication_id: id, quantity: 30, lot_number: 'LX100', expiration_date: expires });
    expect(await lotsOf(id)).toEqual([{ lot_number: 'LX100', expiration_date: expires, on_hand: 130 }]);
    expect(await stockOf(id)).toBe(130);
    expect(await ledgerDisagreements(pharmacy.id)).toEqual([]);
  });

  it('refuses an expired lot, a quantity of 0, a package without its lot or expiry, Schedule II from a technician, and another pharmacy’s product', async () => {
    const id = await addProduct(pharmacy.pharmacist.client, 'Refused Receipt Metformin', 0);
    const expired = await pharmacy.technician.client.rpc('receive_inventory', { medication_id: id, quantity: 5, lot_number: 'OLD1', expiration_date: isoDaysFromNow(-3) });
    expect(expired.error?.message).toMatch(/^Lot OLD1 expired on \d{2}\/\d{2}\/\d{4}: do not receive it; return it to the wholesaler$/);
    const zero = await pharmacy.technician.client.rpc('receive_inventory', { medication_id: id, quantity: 0 });
    expect(zero.error?.message).toBe('The quantity received must be a whole number greater than 0');
    const noLot = await pharmacy.technician.client.rpc('receive_inventory', { medication_id: id, quantity: 5, expiration_date: isoDaysFromNow(100) });
    expect(noLot.error?.message).toBe('Enter the lot number printed on the package (at most 20 characters)');
    const noExpiry = await pharmacy.technician.client.rpc('receive_inventory', { medication_id: id, quantity: 5, lot_number: 'NOEXP' });
    expect(noExpiry.error?.message).toBe('Enter the expiry date printed on the package');

    const oxycodone = await addProduct(pharmacy.pharmacist.client, 'Oxycodone', 0, { dea_schedule: 'II' });
    const byTechnician = await pharmacy.technician.client.rpc('receive_inventory', { medication_id: oxycodone, quantity: 100, lot_number: 'CII-1', expiration_date: isoDaysFromNow(300) });
    expect(byTechnician.error?.message).toBe('Only a pharmacist or admin can receive Schedule II stock (DEA Form 222 or CSOS)');
    const byPharmacist = await pharmacy.pharmacist.client.rpc('receive_inventory', { medication_id: oxycodone, quantity: 100, lot_number: 'CII-1', expiration_date: isoDaysFromNow(300), reference: '222 form 123456789' });
    expect(byPharmacist.error).toBeNull();

    const foreign = await other.admin.client.rpc('receive_inventory', { medication_id: id, quantity: 5 });
    expect(foreign.error?.message).toBe('Medication not found');
    expect(await stockOf(id)).toBe(0);
    expect(await stockOf(oxycodone)).toBe(100);
  });
});

describe('dispensing at verification', () => {
  it('takes the earliest unexpired lot first, never an expired one, one movement per lot', async () => {
    const id = await addProduct(pharmacy.pharmacist.client, 'FEFO Atorvastatin', 0);
    await sql(`insert into public.inventory_lots (pharmacy_id, medication_id, lot_number, expiration_date) values ($1, $2, 'EXPIRED', current_date - 10)`, [pharmacy.id, id]);
    // An expired lot is on the shelf from before: stock it through the ledger (receiving refuses it).
    await sql(`select private.post_stock_movement(l.id, 'adjustment', 20, 'Stock found at count') from public.inventory_lots l where l.medication_id = $1 and l.lot_number = 'EXPIRED'`, [id]);
    for (const [lot, days, quantity] of [['LATE', 300, 50], ['SOON', 60, 15]] as const) {
      const received = await pharmacy.technician.client.rpc('receive_inventory', { medication_id: id, quantity, lot_number: lot, expiration_date: isoDaysFromNow(days) });
      expect(received.error).toBeNull();
    }
    const fill = await processingFill(id, 30);
    const verified = await movePrescription(pharmacy.pharmacist.client, fill, 'ready');
    expect(verified.error).toBeNull();
    expect((await movementsOf(id)).filter((movement) => movement.kind === 'dispense')).toEqual([
      { kind: 'dispense', quantity: -15, lot_number: 'SOON', reason: null },
      { kind: 'dispense', quantity: -15, lot_number: 'LATE', reason: null },
    ]);
    expect((await lotsOf(id)).map((lot) => [lot.lot_number, lot.on_hand])).toEqual([['EXPIRED', 20], ['SOON', 0], ['LATE', 35]]);
    expect(await stockOf(id)).toBe(55);
    expect(await ledgerDisagreements(pharmacy.id)).toEqual([]);
  });

  it('refuses a fill only expired stock could cover, with the numbers, and changes nothing', async () => {
    const id = await addProduct(pharmacy.pharmacist.client, 'Expired Only Prednisone', 0);
    await sql(`insert into public.inventory_lots (pharmacy_id, medication_id, lot_number, expiration_date) values ($1, $2, 'GONE', private.pharmacy_local_date($1, now()) - 1)`, [pharmacy.id, id]);
    await sql(`select private.post_stock_movement(l.id, 'adjustment', 40, 'Stock found at count') from public.inventory_lots l where l.medication_id = $1`, [id]);
    await pharmacy.technician.client.rpc('receive_inventory', { medication_id: id, quantity: 10, lot_number: 'GOOD', expiration_date: isoDaysFromNow(90) });
    const fill = await processingFill(id, 20);
    const refused = await movePrescription(pharmacy.pharmacist.client, fill, 'ready');
    expect(refused.error).toMatch(/^Not enough unexpired Expired Only Prednisone 10 mg to fill Prescription RX \d+: 50 on hand, 40 of it expired, 20 needed$/);
    expect(await stockOf(id)).toBe(50);
    expect((await sql<{ status: string }>('select status from public.prescriptions where id = $1', [fill]))[0]!.status).toBe('processing');
  });

  it('two pharmacists verifying the last units at once: one fill is made, the other refused', async () => {
    const id = await addProduct(pharmacy.pharmacist.client, 'Last Units Sertraline', 30);
    const second = await createPharmacyPharmacist();
    const [a, b] = [await processingFill(id, 30), await processingFill(id, 30)];
    const results = await Promise.all([
      movePrescription(pharmacy.pharmacist.client, a, 'ready'),
      movePrescription(second, b, 'ready'),
    ]);
    expect(results.filter((result) => result.error === null)).toHaveLength(1);
    expect(results.find((result) => result.error !== null)?.error).toMatch(/^Not enough Last Units Sertraline 10 mg in stock to fill Prescription RX \d+: 0 on hand, 30 needed$/);
    expect(await stockOf(id)).toBe(0);
    expect(await ledgerDisagreements(pharmacy.id)).toEqual([]);
  });
});

/** A second pharmacist of the test pharmacy, signed in on their own connection. */
async function createPharmacyPharmacist(): Promise<SupabaseClient> {
  const { addStaff } = await import('./db-fixtures.ts');
  return (await addStaff(pharmacy.id, 'pharmacist', 'Second', 'Pharmacist')).client;
}

describe('returning a ready fill to stock', () => {
  it('puts the units back into the lots they came from, cancels the fill and frees the refill', async () => {
    const id = await addProduct(pharmacy.pharmacist.client, 'Returned Omeprazole', 0);
    await pharmacy.technician.client.rpc('receive_inventory', { medication_id: id, quantity: 10, lot_number: 'R1', expiration_date: isoDaysFromNow(30) });
    await pharmacy.technician.client.rpc('receive_inventory', { medication_id: id, quantity: 50, lot_number: 'R2', expiration_date: isoDaysFromNow(200) });
    const fill = await processingFill(id, 30);
    expect((await movePrescription(pharmacy.pharmacist.client, fill, 'ready')).error).toBeNull();

    const byTechnician = await pharmacy.technician.client.rpc('return_fill_to_stock', { fill_id: fill, reason: 'Not picked up' });
    expect(byTechnician.error?.message).toBe('Only a pharmacist or admin can return a fill to stock');
    const noReason = await pharmacy.pharmacist.client.rpc('return_fill_to_stock', { fill_id: fill, reason: ' ' });
    expect(noReason.error?.message).toBe('Give a reason for returning the fill to stock');

    const returned = await pharmacy.pharmacist.client.rpc('return_fill_to_stock', { fill_id: fill, reason: 'Not picked up in 14 days' });
    expect(returned.error).toBeNull();
    expect(returned.data).toEqual({ ok: true, prescriptionId: fill, unitsReturned: 30 });
    expect((await lotsOf(id)).map((lot) => [lot.lot_number, lot.on_hand])).toEqual([['R1', 10], ['R2', 50]]);
    expect((await movementsOf(id)).filter((movement) => movement.kind === 'return_to_stock').map((movement) => [movement.lot_number, movement.quantity]))
      .toEqual(expect.arrayContaining([['R1', 10], ['R2', 20]]));
    const row = (await sql<{ status: string; cancelled_by: string | null }>('select status, cancelled_by from public.prescriptions where id = $1', [fill]))[0]!;
    expect(row.status).toBe('cancelled');
    expect(row.cancelled_by).toBe(pharmacy.pharmacist.id);
    expect((await movePrescription(pharmacy.pharmacist.client, fill, 'completed')).error).toMatch(/was returned to stock; it cannot move$/);
    const again = await pharmacy.pharmacist.client.rpc('return_fill_to_stock', { fill_id: fill, reason: 'Twice' });
    expect(again.error?.message).toMatch(/is cancelled; only a ready fill that was not picked up goes back to stock$/);
    // The refill it used is available again.
    // The original it was is filled again as the original, no refill used; a refill returned frees its number too.
    const again0 = await pharmacy.technician.client.rpc('refill_prescription', { prescription_id: fill });
    expect(again0.error).toBeNull();
    expect(again0.data).toMatchObject({ fill_number: 0, status: 'pending' });
    const refilled = (again0.data as { id: string }).id;
    await movePrescription(pharmacy.technician.client, refilled, 'processing');
    expect((await movePrescription(pharmacy.pharmacist.client, refilled, 'ready')).error).toBeNull();
    await movePrescription(pharmacy.technician.client, refilled, 'completed');
    const first = await pharmacy.pharmacist.client.rpc('refill_prescription', { prescription_id: fill, too_soon_reason: 'Vacation supply' });
    expect(first.error).toBeNull();
    const firstRefill = (first.data as { id: string; fill_number: number });
    expect(firstRefill.fill_number).toBe(1);
    await movePrescription(pharmacy.technician.client, firstRefill.id, 'processing');
    expect((await movePrescription(pharmacy.pharmacist.client, firstRefill.id, 'ready')).error).toBeNull();
    expect((await pharmacy.pharmacist.client.rpc('return_fill_to_stock', { fill_id: firstRefill.id, reason: 'Not picked up' })).error).toBeNull();
    const second = await pharmacy.pharmacist.client.rpc('refill_prescription', { prescription_id: fill, too_soon_reason: 'Vacation supply' });
    expect(second.error).toBeNull();
    expect(second.data).toMatchObject({ fill_number: 1 });
    expect(await ledgerDisagreements(pharmacy.id)).toEqual([]);
  });

  it('a picked-up (completed) fill is not returned', async () => {
    const id = await addProduct(pharmacy.pharmacist.client, 'Completed Losartan', 100);
    const fill = await processingFill(id, 10);
    await movePrescription(pharmacy.pharmacist.client, fill, 'ready');
    await movePrescription(pharmacy.technician.client, fill, 'completed');
    const refused = await pharmacy.pharmacist.client.rpc('return_fill_to_stock', { fill_id: fill, reason: 'Too late' });
    expect(refused.error?.message).toMatch(/is completed; only a ready fill that was not picked up goes back to stock$/);
    expect(await stockOf(id)).toBe(90);
  });
});

describe('adjusting', () => {
  it('a pharmacist adjusts with a reason; a technician cannot; taking more than is there changes nothing', async () => {
    const id = await addProduct(pharmacy.pharmacist.client, 'Adjusted Gabapentin', 20);
    const byTechnician = await pharmacy.technician.client.rpc('adjust_inventory', { medication_id: id, quantity_change: -2, reason: 'Broken' });
    expect(byTechnician.error?.message).toBe('Only a pharmacist or admin can adjust stock');
    const noReason = await pharmacy.pharmacist.client.rpc('adjust_inventory', { medication_id: id, quantity_change: -2, reason: '' });
    expect(noReason.error?.message).toBe('Give a reason for adjusting the stock of Adjusted Gabapentin 10 mg');
    const tooMuch = await pharmacy.pharmacist.client.rpc('adjust_inventory', { medication_id: id, quantity_change: -21, reason: 'Broken' });
    expect(tooMuch.error?.message).toBe('Not enough Adjusted Gabapentin 10 mg in stock: 20 on hand, 21 to take away');
    expect(await stockOf(id)).toBe(20);

    const broken = await pharmacy.pharmacist.client.rpc('adjust_inventory', { medication_id: id, quantity_change: -3, reason: 'Dropped and broken' });
    expect(broken.error).toBeNull();
    expect(broken.data).toMatchObject([{ kind: 'adjustment', quantity: -3, reason: 'Dropped and broken', product_on_hand_after: 17 }]);
    expect(await ledgerDisagreements(pharmacy.id)).toEqual([]);
  });

  it("a controlled substance's adjustment is audited with its reason", async () => {
    const id = await addProduct(pharmacy.pharmacist.client, 'Alprazolam', 60, { dea_schedule: 'IV' });
    const adjusted = await pharmacy.pharmacist.client.rpc('adjust_inventory', { medication_id: id, quantity_change: -1, reason: 'Count corrected after double count' });
    expect(adjusted.error).toBeNull();
    const audit = await sql<{ description: string }>(
      `select description from public.audit_log where pharmacy_id = $1 and action = 'controlled_substance_changed' and entity_id = $2`, [pharmacy.id, id]);
    expect(audit.map((row) => row.description)).toEqual(['Controlled substance Alprazolam: stock 60 → 59, schedule IV → IV (Count corrected after double count)']);
  });
});

describe('the ledger itself', () => {
  it('cannot be written, changed or removed by staff, nor changed by the owner', async () => {
    const id = await addProduct(pharmacy.pharmacist.client, 'Immutable Naproxen', 5);
    const lot = (await sql<{ id: string }>('select id from public.inventory_lots where medication_id = $1', [id]))[0]!.id;
    const inserted = await pharmacy.admin.client.from('inventory_movements').insert({ pharmacy_id: pharmacy.id, medication_id: id, lot_id: lot, kind: 'receipt', quantity: 5, lot_on_hand_after: 10, product_on_hand_after: 10 });
    expect(inserted.error).not.toBeNull();
    const lotWrite = await pharmacy.admin.client.from('inventory_lots').update({ on_hand: 500 }).eq('id', lot);
    expect(lotWrite.error).not.toBeNull();
    await expect(sql('update public.inventory_movements set quantity = 50 where medication_id = $1', [id])).rejects.toThrow(/append-only/);
    await expect(sql('delete from public.inventory_movements where medication_id = $1', [id])).rejects.toThrow(/append-only/);
    expect(await stockOf(id)).toBe(5);
  });

  it('is read by staff of its pharmacy only', async () => {
    const id = await addProduct(pharmacy.pharmacist.client, 'Tenant Famotidine', 8);
    expect((await pharmacy.technician.client.from('inventory_movements').select('quantity').eq('medication_id', id)).data).toEqual([{ quantity: 8 }]);
    expect((await other.admin.client.from('inventory_movements').select('quantity').eq('medication_id', id)).data).toEqual([]);
    expect((await other.admin.client.from('inventory_lots').select('id').eq('medication_id', id)).data).toEqual([]);
  });

  it('a product received or dispensed cannot be removed; one with only its opening balance can', async () => {
    const kept = await addProduct(pharmacy.pharmacist.client, 'Kept Tramadol', 0);
    await pharmacy.technician.client.rpc('receive_inventory', { medication_id: kept, quantity: 5, lot_number: 'K1', expiration_date: isoDaysFromNow(100) });
    const refused = await pharmacy.admin.client.from('medications').delete().eq('id', kept);
    expect(refused.error?.message).toBe('Kept Tramadol 10 mg has inventory history (receipts, dispensing, returns) and cannot be removed: mark it inactive instead');
    const removable = await addProduct(pharmacy.pharmacist.client, 'Removable Loratadine', 12);
    expect((await pharmacy.admin.client.from('medications').delete().eq('id', removable).select('id')).data).toEqual([{ id: removable }]);
    expect(await movementsOf(removable)).toEqual([]);
  });
});

describe('expiring lots', () => {
  it('lists lots on hand expiring within the days asked, expired ones flagged, soonest first', async () => {
    const fresh = await createPharmacy('Expiry Pharmacy');
    const id = await addProduct(fresh.pharmacist.client, 'Expiring Albuterol', 0);
    for (const [lot, days] of [['E90', 90], ['E20', 20], ['E400', 400]] as const) {
      await fresh.technician.client.rpc('receive_inventory', { medication_id: id, quantity: 3, lot_number: lot, expiration_date: isoDaysFromNow(days) });
    }
    const within = await fresh.technician.client.rpc('expiring_inventory_lots', { within_days: 100 });
    expect(within.error).toBeNull();
    expect((within.data ?? []).map((row: { lot_number: string; expired: boolean }) => [row.lot_number, row.expired])).toEqual([['E20', false], ['E90', false]]);
  });
});
