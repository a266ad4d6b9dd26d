/**
 * Returns (migration 20261129003500_inventory_returns): who may create, process and cancel them; the units leave the
 * lot when the return is created and come back when it is cancelled (the ledger, the lots and the stock agreeing
 * throughout, and the rollups with them); a Schedule II return carries its DEA Form 222 number; Process Pending
 * Returns processes the chosen or all pending returns in one transaction, with the credit in cents, and never twice;
 * Analytics' "returned" and "waste" count these movements; the list pages by status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, sql } from '../support/stack-env.ts';
import { insertRow } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let pharmacy: TestPharmacy;
let other: TestPharmacy;
let wholesalerId: string;
let otherWholesalerId: string;

function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function saveWholesaler(of: TestPharmacy, name: string): Promise<string> {
  const saved = await of.admin.client.rpc('save_wholesaler', {
    wholesaler_id: null, name, api_endpoint: 'https://edi.example.com/pharmacy', account_number: 'RET-1',
    daily_order_cutoff: '14:00', api_key: 'returns-key-1234',
  });
  expect(saved.error).toBeNull();
  return (saved.data as { id: string }).id;
}

beforeAll(async () => {
  [pharmacy, other] = await Promise.all([createPharmacy('Returns Pharmacy'), createPharmacy('Returns Other Pharmacy')]);
  [wholesalerId, otherWholesalerId] = await Promise.all([saveWholesaler(pharmacy, 'Returns Wholesaler'), saveWholesaler(other, 'Other Wholesaler')]);
}, 60_000);

afterAll(async () => {
  await closeSql();
});

/** A product received into lot `lotNumber` with `units` at `costCents` each; answers the product and lot ids. */
async function stockedLot(name: string, units: number, costCents: number, lotNumber: string, extra: Record<string, unknown> = {}): Promise<{ productId: string; lotId: string }> {
  const productId = await insertRow(pharmacy.pharmacist.client, 'medications', { name, strength: '10 mg', dosage_form: 'tablet', price: 5, stock: 0, ...extra });
  const received = await pharmacy.pharmacist.client.rpc('receive_inventory', {
    medication_id: productId, quantity: units, lot_number: lotNumber, expiration_date: isoDaysFromNow(200), unit_cost_cents: costCents,
    ...(extra['dea_schedule'] === 'II' ? { reference: '222 form 123456789' } : {}),
  });
  expect(received.error).toBeNull();
  const lotId = (await sql<{ id: string }>('select id from public.inventory_lots where medication_id = $1 and lot_number = $2', [productId, lotNumber]))[0]!.id;
  return { productId, lotId };
}

async function stockOf(productId: string): Promise<{ stock: number; lot: number; ledger: number }> {
  return (await sql<{ stock: number; lot: number; ledger: number }>(
    `select m.stock, (select sum(l.on_hand)::int from public.inventory_lots l where l.medication_id = m.id) as lot,
            (select sum(mv.quantity)::int from public.inventory_movements mv where mv.medication_id = m.id) as ledger
     from public.medications m where m.id = $1`, [productId]))[0]!;
}

async function movementsOf(productId: string): Promise<{ kind: string; quantity: number; reason: string | null; unit_cost_cents: number | null }[]> {
  return sql(`select kind, quantity, reason, unit_cost_cents from public.inventory_movements where medication_id = $1 and kind <> 'receipt' order by id`, [productId]);
}

/** The rollups' daily rows differing from the ledger's sums for the pharmacy (none when they agree). */
async function rollupDifferences(pharmacyId: string): Promise<unknown[]> {
  return sql(
    `select coalesce(l.day, r.day) as day, coalesce(l.kind, r.kind) as kind from
       (select (occurred_at at time zone 'UTC')::date as day, kind, sum(quantity)::bigint as units from public.inventory_movements
        where pharmacy_id = $1 group by 1, 2) l
     full join (select day, kind, units from public.inventory_daily_rollups where pharmacy_id = $1) r on r.day = l.day and r.kind = l.kind
     where l.units is distinct from r.units`, [pharmacyId]);
}

const toWholesaler = (lotId: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  lot_id: lotId, quantity, reason: 'overstock', destination: 'wholesaler', wholesaler_id: wholesalerId, rma_number: 'RMA-1001', ...extra,
});

describe('creating a return', () => {
  it('a pharmacist returns units of a lot to a wholesaler: they leave the lot at once at the lot’s cost; a technician cannot', async () => {
    const { productId, lotId } = await stockedLot('Return Atorvastatin', 100, 37, 'AT1');
    const byTechnician = await pharmacy.technician.client.rpc('create_inventory_return', toWholesaler(lotId, 10));
    expect(byTechnician.error?.message).toBe('Only a pharmacist or admin can return stock');

    const created = await pharmacy.pharmacist.client.rpc('create_inventory_return', toWholesaler(lotId, 30));
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({
      medication_id: productId, lot_id: lotId, quantity: 30, reason: 'overstock', destination: 'wholesaler', wholesaler_id: wholesalerId,
      unit_cost_cents: 37, total_value_cents: 1110, rma_number: 'RMA-1001', status: 'pending', credit_cents: null, created_by: pharmacy.pharmacist.id,
    });
    expect(await stockOf(productId)).toEqual({ stock: 70, lot: 70, ledger: 70 });
    expect(await movementsOf(productId)).toEqual([{ kind: 'return_to_wholesaler', quantity: -30, reason: 'Overstock', unit_cost_cents: 37 }]);

    const byAdmin = await pharmacy.admin.client.rpc('create_inventory_return', {
      lot_id: lotId, quantity: 5, reason: 'damaged', reason_detail: 'Crushed in delivery', destination: 'destruction',
    });
    expect(byAdmin.error).toBeNull();
    expect(byAdmin.data).toMatchObject({ destination: 'destruction', wholesaler_id: null, total_value_cents: 185, reason_detail: 'Crushed in delivery' });
    expect((await movementsOf(productId)).at(-1)).toEqual({ kind: 'destruction', quantity: -5, reason: 'Damaged: Crushed in delivery', unit_cost_cents: 37 });
    expect(await stockOf(productId)).toEqual({ stock: 65, lot: 65, ledger: 65 });
    expect(await rollupDifferences(pharmacy.id)).toEqual([]);
  });

  it('refuses more than the lot holds, a missing reason or destination, another pharmacy’s lot or wholesaler, and changes nothing', async () => {
    const { productId, lotId } = await stockedLot('Refused Return Losartan', 20, 10, 'LO1');
    const client = pharmacy.pharmacist.client;
    expect((await client.rpc('create_inventory_return', toWholesaler(lotId, 21))).error?.message)
      .toBe('Not enough Refused Return Losartan 10 mg in lot LO1: 20 on hand, 21 to take');
    expect((await client.rpc('create_inventory_return', toWholesaler(lotId, 0))).error?.message)
      .toBe('The quantity returned must be a whole number greater than 0');
    expect((await client.rpc('create_inventory_return', toWholesaler(lotId, 5, { reason: 'other' }))).error?.message)
      .toBe('Describe the reason for returning Refused Return Losartan 10 mg');
    expect((await client.rpc('create_inventory_return', toWholesaler(lotId, 5, { reason: 'lost' }))).error?.message)
      .toBe('Choose why the stock is returned: expired, damaged, recalled, overstock or other');
    expect((await client.rpc('create_inventory_return', toWholesaler(lotId, 5, { wholesaler_id: otherWholesalerId }))).error?.message)
      .toBe('Choose the wholesaler that takes the return');
    expect((await client.rpc('create_inventory_return', toWholesaler(lotId, 5, { destination: 'reverse_distributor', wholesaler_id: null }))).error?.message)
      .toBe('Enter the reverse distributor\'s name');
    expect((await client.rpc('create_inventory_return', toWholesaler(lotId, 5, { rma_number: 'RMA 1001!' }))).error?.message)
      .toBe('The RMA or authorization number is 1 to 30 letters, digits or hyphens');
    expect((await client.rpc('create_inventory_return', toWholesaler(lotId, 5, { dea_form_222_number: '123456789' }))).error?.message)
      .toBe('A DEA Form 222 number is only for a Schedule II return');
    expect((await other.pharmacist.client.rpc('create_inventory_return', toWholesaler(lotId, 5, { wholesaler_id: otherWholesalerId }))).error?.message)
      .toBe('Lot not found');
    expect(await stockOf(productId)).toEqual({ stock: 20, lot: 20, ledger: 20 });
    expect(await sql('select 1 from public.inventory_returns where medication_id = $1', [productId])).toEqual([]);
  });

  it('a Schedule II return needs its DEA Form 222 number, is never destroyed here, and is audited', async () => {
    const { productId, lotId } = await stockedLot('Return Oxycodone', 50, 80, 'OX1', { dea_schedule: 'II' });
    const client = pharmacy.pharmacist.client;
    expect((await client.rpc('create_inventory_return', toWholesaler(lotId, 10, { reason: 'expired' }))).error?.message)
      .toBe('A Schedule II return needs the DEA Form 222 number issued by the wholesaler or reverse distributor receiving it');
    expect((await client.rpc('create_inventory_return', { lot_id: lotId, quantity: 10, reason: 'expired', destination: 'destruction', dea_form_222_number: '123456789' })).error?.message)
      .toBe('Schedule II stock is not destroyed here: send it to a reverse distributor, or record its destruction on DEA Form 41 with two witnesses');
    const created = await client.rpc('create_inventory_return', {
      lot_id: lotId, quantity: 10, reason: 'expired', destination: 'reverse_distributor', reverse_distributor: 'Rx Reverse Co', dea_form_222_number: '123456789',
    });
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ dea_form_222_number: '123456789', reverse_distributor: 'Rx Reverse Co', total_value_cents: 800 });
    expect(await stockOf(productId)).toEqual({ stock: 40, lot: 40, ledger: 40 });
    const audited = await sql<{ description: string }>(
      `select description from public.audit_log where pharmacy_id = $1 and action = 'controlled_substance_changed' and entity_id = $2 order by created_at desc limit 1`,
      [pharmacy.id, productId]);
    expect(audited[0]?.description).toBe('Controlled substance Return Oxycodone: stock 50 → 40, schedule II → II (Returned to Rx Reverse Co: Expired)');
  });
});

describe('cancelling a return', () => {
  it('puts the units back into the lot they left; the kind’s sum is what actually left; a processed return cannot be cancelled', async () => {
    const { productId, lotId } = await stockedLot('Cancelled Return Metoprolol', 40, 12, 'ME1');
    const client = pharmacy.pharmacist.client;
    const created = await client.rpc('create_inventory_return', toWholesaler(lotId, 15, { reason: 'recalled' }));
    const returnId = (created.data as { id: string }).id;
    expect(await stockOf(productId)).toEqual({ stock: 25, lot: 25, ledger: 25 });

    expect((await pharmacy.technician.client.rpc('cancel_inventory_return', { return_id: returnId, reason: 'Wrong lot' })).error?.message)
      .toBe('Only a pharmacist or admin can cancel a return');
    expect((await client.rpc('cancel_inventory_return', { return_id: returnId, reason: ' ' })).error?.message)
      .toBe('Give the reason for cancelling the return');
    const cancelled = await client.rpc('cancel_inventory_return', { return_id: returnId, reason: 'Recall withdrawn' });
    expect(cancelled.error).toBeNull();
    expect(cancelled.data).toMatchObject({ status: 'cancelled', cancel_reason: 'Recall withdrawn', cancelled_by: pharmacy.pharmacist.id });
    expect(await stockOf(productId)).toEqual({ stock: 40, lot: 40, ledger: 40 });
    expect(await movementsOf(productId)).toEqual([
      { kind: 'return_to_wholesaler', quantity: -15, reason: 'Recalled', unit_cost_cents: 12 },
      { kind: 'return_to_wholesaler', quantity: 15, reason: 'Return cancelled: Recall withdrawn', unit_cost_cents: 12 },
    ]);
    expect((await client.rpc('cancel_inventory_return', { return_id: returnId, reason: 'Again' })).error?.message)
      .toBe('The return of 15 Cancelled Return Metoprolol 10 mg is already cancelled; only a pending return is cancelled');
    expect((await client.rpc('process_inventory_returns', { return_ids: [returnId], credits: { [returnId]: 100 } })).error?.message)
      .toMatch(/^The return of 15 Cancelled Return Metoprolol 10 mg on \d{2}\/\d{2}\/\d{4} is already cancelled: nothing was processed$/);
    expect(await rollupDifferences(pharmacy.id)).toEqual([]);
  });
});

describe('Process Pending Returns', () => {
  it('processes the chosen returns with their credits in cents, once; then all the pending ones in one transaction', async () => {
    // A pharmacy of its own, so "all pending" is exactly these.
    const own = await createPharmacy('Returns Processing Pharmacy');
    const ownWholesaler = await saveWholesaler(own, 'Processing Wholesaler');
    const productId = await insertRow(own.pharmacist.client, 'medications', { name: 'Processed Amlodipine', strength: '5 mg', dosage_form: 'tablet', price: 5, stock: 0 });
    expect((await own.pharmacist.client.rpc('receive_inventory', { medication_id: productId, quantity: 200, lot_number: 'AM1', expiration_date: isoDaysFromNow(100), unit_cost_cents: 25 })).error).toBeNull();
    const lotId = (await sql<{ id: string }>('select id from public.inventory_lots where medication_id = $1 and lot_number = $2', [productId, 'AM1']))[0]!.id;
    const create = async (quantity: number, destination: 'wholesaler' | 'destruction') => {
      const created = await own.pharmacist.client.rpc('create_inventory_return', {
        lot_id: lotId, quantity, reason: 'expired', destination, ...(destination === 'wholesaler' ? { wholesaler_id: ownWholesaler } : {}),
      });
      expect(created.error).toBeNull();
      return (created.data as { id: string }).id;
    };
    const [first, second, third, destroyed] = [await create(10, 'wholesaler'), await create(20, 'wholesaler'), await create(30, 'wholesaler'), await create(4, 'destruction')];

    expect((await own.technician.client.rpc('process_inventory_returns', { return_ids: [first], credits: { [first]: 250 } })).error?.message)
      .toBe('Only a pharmacist or admin can process returns');
    expect((await own.pharmacist.client.rpc('process_inventory_returns', { return_ids: [first, second], credits: { [first]: 250 } })).error?.message)
      .toBe('Enter the credit received for the return of 20 Processed Amlodipine 5 mg');
    expect((await own.pharmacist.client.rpc('process_inventory_returns', { return_ids: [first], credits: { [first]: 2.5 } })).error?.message)
      .toBe('The credit for the return of 10 Processed Amlodipine 5 mg must be a whole number of cents of at least 0');
    expect((await pharmacy.pharmacist.client.rpc('process_inventory_returns', { return_ids: [first], credits: { [first]: 250 } })).error?.message)
      .toBe('Return not found');
    // Nothing of a refused batch was processed.
    expect((await sql<{ status: string }>('select distinct status from public.inventory_returns where pharmacy_id = $1', [own.id])).map((row) => row.status)).toEqual(['pending']);

    const chosen = await own.pharmacist.client.rpc('process_inventory_returns', { return_ids: [first, second], credits: { [first]: 250, [second]: 475 } });
    expect(chosen.error).toBeNull();
    expect(chosen.data).toEqual({ processed: 2, creditCents: 725 });
    const twice = await own.admin.client.rpc('process_inventory_returns', { return_ids: [second], credits: { [second]: 475 } });
    expect(twice.error?.message).toMatch(/^The return of 20 Processed Amlodipine 5 mg on \d{2}\/\d{2}\/\d{4} is already processed: nothing was processed$/);

    const all = await own.admin.client.rpc('process_inventory_returns', { credits: { [third]: 700 } });
    expect(all.error).toBeNull();
    expect(all.data).toEqual({ processed: 2, creditCents: 700 });
    const rows = await sql<{ id: string; status: string; credit_cents: string; processed_by: string }>(
      'select id, status, credit_cents, processed_by from public.inventory_returns where pharmacy_id = $1 order by quantity', [own.id]);
    expect(rows.map((row) => [row.id, row.status, Number(row.credit_cents), row.processed_by])).toEqual([
      [destroyed, 'processed', 0, own.admin.id], [first, 'processed', 250, own.pharmacist.id],
      [second, 'processed', 475, own.pharmacist.id], [third, 'processed', 700, own.admin.id],
    ]);
    expect((await own.admin.client.rpc('process_inventory_returns', {})).error?.message).toBe('There are no pending returns to process');
    // Processing moves no stock: 200 received, 64 returned or destroyed.
    const stock = (await sql<{ stock: number }>('select stock from public.medications where id = $1', [productId]))[0]!.stock;
    expect(stock).toBe(136);

    // Analytics count these movements: 60 returned, 4 destroyed, in every period.
    const analytics = (await own.technician.client.rpc('inventory_analytics')).data as { days: number; returned: number; waste: number }[];
    expect(analytics.map((period) => [period.days, period.returned, period.waste])).toEqual([[7, 60, 4], [30, 60, 4], [90, 60, 4]]);
    expect(await rollupDifferences(own.id)).toEqual([]);

    // The list: newest first, by status, with the total; read by every role of the pharmacy only.
    const page = await own.technician.client.rpc('inventory_return_page', { status_filter: 'processed', page_size: 2, page_offset: 0 });
    expect(page.error).toBeNull();
    expect(page.data).toHaveLength(2);
    expect(page.data![0]).toMatchObject({ id: destroyed, product_name: 'Processed Amlodipine', lot_number: 'AM1', status: 'processed', credit_cents: 0, total_count: 4 });
    expect(page.data![1]).toMatchObject({ id: third, wholesaler_name: 'Processing Wholesaler', total_value_cents: 750, credit_cents: 700, processed_by_name: expect.any(String) });
    expect((await own.technician.client.rpc('inventory_return_page', { status_filter: 'pending' })).data).toEqual([]);
    expect((await pharmacy.admin.client.rpc('inventory_return_page', {})).data!.every((row: { id: string }) => row.id !== first)).toBe(true);
    expect((await own.technician.client.rpc('inventory_return_page', { status_filter: 'open' })).error?.message).toBe('Status must be all, pending, processed or cancelled');
  });

  it('nobody writes a return directly', async () => {
    const row = (await sql<{ id: string }>('select id from public.inventory_returns where pharmacy_id = $1 limit 1', [pharmacy.id]))[0]!;
    const updated = await pharmacy.admin.client.from('inventory_returns').update({ status: 'processed', credit_cents: 1 }).eq('id', row.id).select('id');
    expect(updated.error !== null || (updated.data ?? []).length === 0).toBe(true);
    const deleted = await pharmacy.admin.client.from('inventory_returns').delete().eq('id', row.id).select('id');
    expect(deleted.error !== null || (deleted.data ?? []).length === 0).toBe(true);
    expect(await sql('select 1 from public.inventory_returns where id = $1', [row.id])).toHaveLength(1);
  });
});
