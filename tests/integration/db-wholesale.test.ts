/**
 * The wholesale rules in the database (migration 20261129001000_wholesale) that the api test does not reach:
 * saving a connection (who, the key's rules, a blank key keeps the saved one), reading across pharmacies, cancelling,
 * the suggested orders of Auto-Reorder All (whole packages, Schedule II and what is on its way left out, rebuilt in
 * place) and the daily job before each wholesaler's cut-off (once a local day).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, sql } from '../support/stack-env.ts';
import { insertRow } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let wholesalerId: string;
const product: Record<string, string> = {};

const save = (staff: TestPharmacy['admin'], args: Record<string, unknown>) =>
  staff.client.rpc('save_wholesaler', {
    wholesaler_id: null, name: 'Cardinal Test', api_endpoint: 'https://edi.example.com/pharmacy', account_number: 'CARD-1',
    daily_order_cutoff: '14:00', api_key: 'first-key-1234', ...args,
  });

const vaultKey = async (id: string) =>
  (await sql<{ decrypted_secret: string }>('select decrypted_secret from vault.decrypted_secrets where name = $1', [`wholesaler:${id}:api_key`]))[0]?.decrypted_secret;

async function forecast(medicationId: string, orderUnits: number): Promise<void> {
  await sql(
    `insert into public.inventory_forecasts (pharmacy_id, medication_id, window_days, used_7_days, used_30_days, used_90_days,
       used_in_window, in_stock_days, daily_usage, refills_due_units, reorder_point, max_stock, order_quantity, trend)
     select m.pharmacy_id, m.id, 30, 0, 0, 0, 0, 30, 1, 0, 10, 500, $2, 'stable' from public.medications m where m.id = $1
     on conflict (pharmacy_id, medication_id) do update set order_quantity = excluded.order_quantity`,
    [medicationId, orderUnits],
  );
  await sql(
    `insert into public.inventory_products (pharmacy_id, medication_id, auto_order, acquisition_cost_cents)
     select m.pharmacy_id, m.id, true, 25 from public.medications m where m.id = $1
     on conflict (pharmacy_id, medication_id) do update set auto_order = true`,
    [medicationId],
  );
}

beforeAll(async () => {
  [a, b] = [await createPharmacy('Wholesale Rules Pharmacy A'), await createPharmacy('Wholesale Rules Pharmacy B')];
  const add = async (key: string, row: Record<string, unknown>) => {
    product[key] = await insertRow(a.pharmacist.client, 'medications', { price: 5, strength: '10 mg', stock: 0, package_unit: 'EA', ...row });
  };
  await add('atorvastatin', { name: 'Atorvastatin', ndc_number: '12345-0100-01', package_size: 90 });
  await add('lisinopril', { name: 'Lisinopril', ndc_number: '12345-0200-01', package_size: 100 });
  await add('oxycodone', { name: 'Oxycodone', ndc_number: '12345-0300-01', package_size: 100, dea_schedule: 'II' });
  await add('onOrder', { name: 'Metoprolol', ndc_number: '12345-0400-01', package_size: 100 });
}, 120_000);

afterAll(closeSql);

describe('saving a wholesaler connection', () => {
  it('pharmacists and admins only; the key is required when adding and goes to Vault', async () => {
    const byTechnician = await save(a.technician, {});
    expect(byTechnician.error?.message).toBe('Only a pharmacist or admin can configure wholesalers');
    const withoutKey = await save(a.pharmacist, { api_key: '' });
    expect(withoutKey.error?.message).toBe('Enter the API key the wholesaler gave the pharmacy');
    const spaced = await save(a.pharmacist, { api_key: 'has a space' });
    expect(spaced.error?.message).toBe('The API key is at most 200 characters without spaces');
    expect((await sql('select 1 from public.wholesalers where pharmacy_id = $1', [a.id])).length).toBe(0);

    const saved = await save(a.pharmacist, {});
    expect(saved.error).toBeNull();
    wholesalerId = (saved.data as { id: string }).id;
    expect(saved.data).toMatchObject({ partner_id: 'CARDINALTEST', api_key_last4: '1234', status: 'pending' });
    expect(await vaultKey(wholesalerId)).toBe('first-key-1234');
  });

  it('a blank key keeps the saved one; a new key replaces it and makes the status pending', async () => {
    await sql("update public.wholesalers set status = 'connected' where id = $1", [wholesalerId]);
    const renamed = await save(a.admin, { wholesaler_id: wholesalerId, name: 'Cardinal Health', api_key: null });
    expect(renamed.error).toBeNull();
    expect(renamed.data).toMatchObject({ name: 'Cardinal Health', status: 'connected', api_key_last4: '1234' });
    expect(await vaultKey(wholesalerId)).toBe('first-key-1234');
    const rekeyed = await save(a.admin, { wholesaler_id: wholesalerId, name: 'Cardinal Health', api_key: 'second-key-9876' });
    expect(rekeyed.data).toMatchObject({ status: 'pending', api_key_last4: '9876' });
    expect(await vaultKey(wholesalerId)).toBe('second-key-9876');
    expect((await sql<{ n: number }>('select count(*)::int as n from vault.secrets where name = $1', [`wholesaler:${wholesalerId}:api_key`]))[0]!.n).toBe(1);
  });

  it('a saved key is never sent to a new endpoint: changing the endpoint needs the key again', async () => {
    const moved = await save(a.admin, { wholesaler_id: wholesalerId, name: 'Cardinal Health', api_endpoint: 'https://attacker.example', api_key: null });
    expect(moved.error?.message).toBe('Enter the API key again: a saved key is only sent to the endpoint it was entered for');
    expect((await sql<{ api_endpoint: string }>('select api_endpoint from public.wholesalers where id = $1', [wholesalerId]))[0]!.api_endpoint)
      .toBe('https://edi.example.com/pharmacy');
  });

  it("refuses a bad endpoint or account, and another pharmacy's wholesaler", async () => {
    expect((await save(a.admin, { name: 'Bad', api_endpoint: 'ftp://x' })).error?.message).toBe('The API endpoint must be an http(s) URL of at most 500 characters');
    expect((await save(a.admin, { name: 'Bad', account_number: 'A B' })).error?.message).toBe('The account number is 1 to 15 letters, digits or hyphens');
    expect((await save(b.admin, { wholesaler_id: wholesalerId })).error?.message).toBe('Wholesaler not found');
    expect((await b.admin.client.from('wholesalers').select('id')).data).toEqual([]);
    expect((await a.technician.client.from('wholesalers').select('id')).data).toEqual([{ id: wholesalerId }]);
  });
});

describe('orders', () => {
  it('a draft can be cancelled; a sent order cannot', async () => {
    const draft = await a.technician.client.rpc('create_wholesale_order', { wholesaler_id: wholesalerId, lines: [{ ndc: '12345010001', quantity: 1 }] });
    expect(draft.error).toBeNull();
    const id = (draft.data as { id: string }).id;
    expect((await b.admin.client.rpc('cancel_wholesale_order', { order_id: id })).error?.message).toBe('Order not found');
    expect((await b.admin.client.from('wholesale_orders').select('id')).data).toEqual([]);
    const cancelled = await a.technician.client.rpc('cancel_wholesale_order', { order_id: id });
    expect(cancelled.data).toMatchObject({ status: 'cancelled' });
    const sent = await a.technician.client.rpc('create_wholesale_order', { wholesaler_id: wholesalerId, lines: [{ ndc: '12345040001', quantity: 2 }] });
    await sql("update public.wholesale_orders set status = 'submitted' where id = $1", [(sent.data as { id: string }).id]);
    const refused = await a.technician.client.rpc('cancel_wholesale_order', { order_id: (sent.data as { id: string }).id });
    expect(refused.error?.message).toMatch(/^Order PO\d{8} was sent to the wholesaler \(submitted\): call them to cancel it$/);
  });

  it('refuses an NDC not in the Drug Database, a line twice and a bad quantity', async () => {
    const create = (lines: unknown) => a.technician.client.rpc('create_wholesale_order', { wholesaler_id: wholesalerId, lines });
    expect((await create([{ ndc: '99999000099', quantity: 1 }])).error?.message).toBe('Line 1: NDC 99999000099 is not in the Drug Database; add the product first');
    expect((await create([{ ndc: '12345010001', quantity: 1 }, { ndc: '12345010001', quantity: 2 }])).error?.message).toBe('An order has one line per NDC: add the packages up on one line');
    expect((await create([{ ndc: '12345010001', quantity: 0 }])).error?.message).toBe('An order line is 1 to 9,999 packages');
    expect((await create([])).error?.message).toBe('Add at least one line: an NDC and a number of packages');
  });
});

describe('what a wholesaler sends, recorded by the api (service role)', () => {
  let orderId: string;
  let po: string;
  const record = (documents: unknown[], extra: Record<string, unknown> = {}) => sql<{ result: { recorded: number; refused: string[] } }>(
    `select public.record_wholesale_exchange($1, null, $2, $3, 'GET', 'https://edi.example.com/pharmacy/x12', null, 200, 'raw', 'ok',
       'test', $4::jsonb, $5, $6) as result`,
    [wholesalerId, extra.purpose ?? 'sync', extra.orderId ?? null, JSON.stringify(documents), extra.received ?? null, extra.sent ?? false]);
  const doc = (interchange: number, group: number, document: Record<string, unknown>) =>
    ({ direction: 'in', interchangeControlNumber: interchange, groupControlNumber: group, document: { controlNumber: '0001', raw: 'ST*...', ...document } });

  beforeAll(async () => {
    const created = await a.technician.client.rpc('create_wholesale_order', { wholesaler_id: wholesalerId, lines: [{ ndc: '12345010001', quantity: 10 }] });
    orderId = (created.data as { id: string }).id;
    po = (created.data as { po_number: string }).po_number;
    await sql("update public.wholesale_orders set status = 'submitted', interchange_control_number = 4242 where id = $1", [orderId]);
  });

  it('adds up every ACK of a line: 6 accepted and 4 back-ordered ship 6', async () => {
    await record([doc(900, 900, { kind: '855', ackType: 'AC', poNumber: po, poDate: '2026-11-28', lines: [
      { lineNumber: '1', ndc11: '12345010001', quantityOrdered: 10, unit: 'EA', acks: [{ status: 'IA', quantity: 6, unit: 'EA' }, { status: 'IB', quantity: 4, unit: 'EA', expectedShipDate: '2026-12-05' }] },
    ] })], { received: 900 });
    expect((await sql('select ack_status, ack_quantity, expected_ship_date::text from public.wholesale_order_lines where order_id = $1', [orderId]))[0])
      .toEqual({ ack_status: 'IA', ack_quantity: 6, expected_ship_date: '2026-12-05' });
  });

  it('a document with a value the database refuses is kept with the reason, and the rest of the feed is applied', async () => {
    const tooLongLot = 'L'.repeat(30);
    const result = await record([
      doc(901, 1, { kind: '856', purpose: '00', shipmentId: 'SH-BAD', noticeDate: '2026-11-28', orders: [{ poNumber: po, items: [{ ndc11: '12345010001', lot: tooLongLot, quantity: 6, unit: 'EA', serialNumbers: [] }] }] }),
      doc(901, 2, { kind: '856', purpose: '00', shipmentId: 'SH-GOOD', noticeDate: '2026-11-28', shipDate: '2026-11-28', orders: [{ poNumber: po, items: [{ ndc11: '12345010001', lot: 'GOOD1', expiry: '2028-11-30', quantity: 6, unit: 'EA', serialNumbers: [] }] }] }),
    ], { received: 901 });
    expect(result[0]!.result.refused).toHaveLength(1);
    const documents = await sql<{ group_control_number: number; apply_error: string | null }>(
      'select group_control_number, apply_error from public.wholesale_documents where wholesaler_id = $1 and interchange_control_number = 901 order by group_control_number', [wholesalerId]);
    expect(documents[0]!.apply_error).not.toBeNull();
    expect(documents[1]!.apply_error).toBeNull();
    expect((await sql('select shipped_quantity from public.wholesale_order_lines where order_id = $1', [orderId]))[0]).toEqual({ shipped_quantity: 6 });
    expect((await sql<{ last_received_control_number: number }>('select last_received_control_number from public.wholesalers where id = $1', [wholesalerId]))[0]!.last_received_control_number).toBe(901);
  });

  it('the same shipment or invoice in a new interchange is not counted twice', async () => {
    await record([doc(902, 1, { kind: '856', purpose: '00', shipmentId: 'SH-GOOD', noticeDate: '2026-11-28', orders: [{ poNumber: po, items: [{ ndc11: '12345010001', lot: 'GOOD1', expiry: '2028-11-30', quantity: 6, unit: 'EA', serialNumbers: [] }] }] })], { received: 902 });
    const invoice = { kind: '810', invoiceDate: '2026-11-29', invoiceNumber: 'INV-77', poNumber: po, lines: [{ lineNumber: '1', ndc11: '12345010001', quantity: 6, unit: 'EA', unitPriceCents: 2700 }], totalCents: 16200, linesTotalCents: 16200 };
    await record([doc(903, 1, invoice)], { received: 903 });
    await record([doc(904, 1, invoice)], { received: 904 });
    expect((await sql('select shipped_quantity, invoiced_quantity, invoiced_unit_cents from public.wholesale_order_lines where order_id = $1', [orderId]))[0])
      .toEqual({ shipped_quantity: 6, invoiced_quantity: 6, invoiced_unit_cents: 2700 });
    // $27.00 a bottle of 90 is 30 cents a unit.
    expect((await sql('select acquisition_cost_cents from public.inventory_products where medication_id = $1', [product.atorvastatin]))[0])
      .toEqual({ acquisition_cost_cents: 30 });
  });

  it('a 997 fetched by a sync finds the purchase order it rejects by its group control number', async () => {
    const other = await a.technician.client.rpc('create_wholesale_order', { wholesaler_id: wholesalerId, lines: [{ ndc: '12345020001', quantity: 1 }] });
    const otherId = (other.data as { id: string }).id;
    await sql("update public.wholesale_orders set status = 'submitted', interchange_control_number = 4343 where id = $1", [otherId]);
    await record([doc(905, 1, { kind: '997', acknowledgedGroup: { functionalId: 'PO', controlNumber: 4343 }, sets: [], groupStatus: 'R', includedCount: 1, receivedCount: 1, acceptedCount: 0, groupErrorCodes: [] })], { received: 905 });
    expect((await sql('select status from public.wholesale_orders where id = $1', [otherId]))[0]).toEqual({ status: 'rejected' });
    await sql("update public.wholesale_orders set status = 'cancelled' where id = $1", [otherId]);
  });

  it('a submission that may have reached the wholesaler is submitted, never a draft to send again', async () => {
    const again = await a.technician.client.rpc('create_wholesale_order', { wholesaler_id: wholesalerId, lines: [{ ndc: '12345020001', quantity: 1 }] });
    const id = (again.data as { id: string }).id;
    const begun = await a.pharmacist.client.rpc('begin_wholesale_order_submission', { order_id: id });
    expect(begun.error).toBeNull();
    await sql(`select public.record_wholesale_exchange($1, null, 'submit', $2, 'POST', 'https://edi.example.com/pharmacy/x12', 'ISA…', null, null,
      'error', 'The wholesaler did not answer within 15 seconds', '[]'::jsonb, null, true)`, [wholesalerId, id]);
    expect((await sql('select status from public.wholesale_orders where id = $1', [id]))[0]).toEqual({ status: 'submitted' });
    await sql("update public.wholesale_orders set status = 'cancelled' where id = $1", [id]);
    await sql("update public.wholesale_orders set status = 'delivered' where id = $1", [orderId]);
  });
});

describe('suggested orders', () => {
  it('Auto-Reorder All builds one draft per wholesaler in whole packages, leaving out Schedule II and what is on its way', async () => {
    await forecast(product.atorvastatin!, 270);
    await forecast(product.lisinopril!, 100);
    await forecast(product.oxycodone!, 200);
    await forecast(product.onOrder!, 300);
    const built = await a.technician.client.rpc('build_suggested_orders');
    expect(built.error).toBeNull();
    expect(built.data).toMatchObject({ scheduleIiSkipped: 1, withoutWholesaler: 0, orders: [{ wholesaler: 'Cardinal Health', lines: 2 }] });
    const orderId = (built.data as { orders: { orderId: string }[] }).orders[0]!.orderId;
    const lines = async () => sql<{ ndc: string; quantity: number; unit_cost_cents: number }>(
      'select ndc, quantity, unit_cost_cents from public.wholesale_order_lines where order_id = $1 order by ndc', [orderId]);
    // 270 units of a 90-count bottle are 3 packages at the invoiced 30 cents a unit (above); Metoprolol is on the
    // submitted order already.
    expect(await lines()).toEqual([
      { ndc: '12345010001', quantity: 3, unit_cost_cents: 2700 },
      { ndc: '12345020001', quantity: 1, unit_cost_cents: 2500 },
    ]);
    expect((await sql('select source, status from public.wholesale_orders where id = $1', [orderId]))[0]).toEqual({ source: 'auto_reorder', status: 'draft' });

    // Again: the same draft, rebuilt from the current forecasts.
    await forecast(product.lisinopril!, 0);
    const rebuilt = await a.pharmacist.client.rpc('build_suggested_orders');
    expect((rebuilt.data as { orders: { orderId: string }[] }).orders.map((order) => order.orderId)).toEqual([orderId]);
    expect(await lines()).toEqual([{ ndc: '12345010001', quantity: 3, unit_cost_cents: 2700 }]);

    // Nothing to order: no empty draft is left.
    await forecast(product.atorvastatin!, 0);
    const empty = await a.pharmacist.client.rpc('build_suggested_orders');
    expect(empty.data).toMatchObject({ orders: [] });
    expect((await sql('select 1 from public.wholesale_orders where id = $1', [orderId])).length).toBe(0);
  });

  it('the daily job builds each wholesaler\'s suggestion once a local day, in the two hours before its cut-off', async () => {
    await forecast(product.atorvastatin!, 90);
    const localNow = (await sql<{ t: string }>(
      "select to_char((now() at time zone p.time_zone) + interval '1 hour', 'HH24:MI') as t from public.pharmacies p where p.id = $1", [a.id]))[0]!.t;
    const farAway = (await sql<{ t: string }>(
      "select to_char((now() at time zone p.time_zone) + interval '5 hours', 'HH24:MI') as t from public.pharmacies p where p.id = $1", [a.id]))[0]!.t;
    await sql('update public.wholesalers set daily_order_cutoff = $2::time, suggested_order_built_on = null where id = $1', [wholesalerId, farAway]);
    await sql('select private.build_due_suggested_orders()');
    expect((await sql("select 1 from public.wholesale_orders where wholesaler_id = $1 and source = 'auto_reorder' and status = 'draft'", [wholesalerId])).length).toBe(0);

    await sql('update public.wholesalers set daily_order_cutoff = $2::time where id = $1', [wholesalerId, localNow]);
    await sql('select private.build_due_suggested_orders()');
    const drafts = await sql<{ id: string }>("select id from public.wholesale_orders where wholesaler_id = $1 and source = 'auto_reorder' and status = 'draft'", [wholesalerId]);
    expect(drafts).toHaveLength(1);
    expect((await sql<{ built: boolean }>('select suggested_order_built_on is not null as built from public.wholesalers where id = $1', [wholesalerId]))[0]!.built).toBe(true);
    // The same day again: not rebuilt (a pharmacist may be editing it).
    await sql('delete from public.wholesale_orders where id = $1', [drafts[0]!.id]);
    await sql('select private.build_due_suggested_orders()');
    expect((await sql("select 1 from public.wholesale_orders where wholesaler_id = $1 and source = 'auto_reorder' and status = 'draft'", [wholesalerId])).length).toBe(0);
  });

  it("a product's supplier is its preferred wholesaler (chosen by a pharmacist), else the only one", async () => {
    const supplierOf = async (name: string) => {
      const { data, error } = await a.technician.client.rpc('inventory_items', { search: name });
      expect(error).toBeNull();
      return (data as { supplier: string | null; preferred_wholesaler_id: string | null }[])[0];
    };
    expect(await supplierOf('Lisinopril')).toEqual(expect.objectContaining({ supplier: 'Cardinal Health', preferred_wholesaler_id: null }));
    const second = (await save(a.admin, { name: 'McKesson', account_number: 'MCK-1', api_key: 'mck-key-0001' })).data as { id: string };
    expect(await supplierOf('Lisinopril')).toEqual(expect.objectContaining({ supplier: null }));
    const byTechnician = await a.technician.client.from('inventory_products')
      .upsert({ medication_id: product.lisinopril, preferred_wholesaler_id: second.id }, { onConflict: 'pharmacy_id,medication_id' });
    expect(byTechnician.error).not.toBeNull();
    const chosen = await a.pharmacist.client.from('inventory_products')
      .upsert({ medication_id: product.lisinopril, preferred_wholesaler_id: second.id }, { onConflict: 'pharmacy_id,medication_id' });
    expect(chosen.error).toBeNull();
    expect(await supplierOf('Lisinopril')).toEqual(expect.objectContaining({ supplier: 'McKesson', preferred_wholesaler_id: second.id }));
    // Another pharmacy's wholesaler cannot be chosen.
    const foreign = (await save(b.admin, { name: 'Foreign Wholesaler', account_number: 'F-1', api_key: 'foreign-key-1' })).data as { id: string };
    const refused = await a.pharmacist.client.from('inventory_products')
      .upsert({ medication_id: product.lisinopril, preferred_wholesaler_id: foreign.id }, { onConflict: 'pharmacy_id,medication_id' });
    expect(refused.error?.message).toBe("Choose one of the pharmacy's wholesalers");
    await sql('update public.wholesalers set active = false where id = $1', [second.id]);
  });

  it('the jobs are scheduled', async () => {
    const jobs = await sql<{ jobname: string; schedule: string }>(
      "select jobname, schedule from cron.job where jobname in ('build-suggested-wholesale-orders', 'sync-wholesalers') order by jobname");
    expect(jobs).toEqual([
      { jobname: 'build-suggested-wholesale-orders', schedule: '*/15 * * * *' },
      { jobname: 'sync-wholesalers', schedule: '*/30 * * * *' },
    ]);
  });
});
