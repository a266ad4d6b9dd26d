/**
 * Wholesale ordering against the stack's test wholesaler (shared/src/api/wholesale.ts, edge-functions/api/routes/
 * wholesale.ts, migration 20261129001000_wholesale): a connection with its key in Vault (shown masked), Test
 * Connection, an order sent as an X12 850 and answered by a 997 and an 855, a sync that brings the 856 and the 810
 * (recorded once, however often they come), receiving by scanning each package's GS1 DataMatrix into the ledger with
 * its lot, expiry and serial, discrepancies, the invoice's cost becoming the acquisition cost, Schedule II by DEA
 * Form 222, and who may do what.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExchangeResult, type ReceiveResult, type Wholesaler } from '../../shared/src/inventory/wholesale.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, createServiceClient, sql, stackEnv } from '../support/stack-env.ts';
import { insertRow } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
const apiKey = `test-${randomUUID()}`;
let wholesaler: Wholesaler;
const product: Record<string, string> = {};

interface ShippedPackage {
  ndc11: string;
  lot: string;
  expiry: string;
  serial: string;
  scan: string;
}

async function packagesFor(po: string): Promise<ShippedPackage[]> {
  const answer = await fetch(`${stackEnv().wholesalerUrl}/packages?po=${po}`, { headers: { Authorization: `Bearer ${apiKey}` } });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { packages: ShippedPackage[] }).packages;
}

const orderRow = async (id: string) =>
  (await sql<{ status: string; po_number: string; interchange_control_number: number | null; invoice_number: string | null; api_order_id: string | null }>(
    'select status, po_number, interchange_control_number, invoice_number, api_order_id from public.wholesale_orders where id = $1', [id]))[0]!;

beforeAll(async () => {
  [a, b] = [await createPharmacy('Wholesale Pharmacy A'), await createPharmacy('Wholesale Pharmacy B')];
  const add = async (key: string, row: Record<string, unknown>) => {
    product[key] = await insertRow(a.pharmacist.client, 'medications', { price: 5, strength: '10 mg', stock: 0, package_unit: 'EA', ...row });
  };
  await add('lipitor', { name: 'Lipitor', ndc_number: '0071-0155-23', package_size: 90 });
  await add('ordered', { name: 'Metformin', ndc_number: '12345-0678-98', package_size: 100 });
  await add('substitute', { name: 'Metformin (other labeler pack)', ndc_number: '12345-0678-97', package_size: 100 });
  await add('rejected', { name: 'Discontinued', ndc_number: '12345-0678-99', package_size: 30 });
  await add('oxycodone', { name: 'Oxycodone', ndc_number: '12345-1111-01', package_size: 100, dea_schedule: 'II' });
}, 120_000);

afterAll(closeSql);

describe('wholesaler connections', () => {
  it('a pharmacist adds one: 201 with its id, the key only masked, the key itself in Vault', async () => {
    const refused = await callApi(a.technician.client, 'wholesalers', {
      body: { name: 'Test Wholesaler', apiEndpoint: stackEnv().wholesalerUrl, apiKey, accountNumber: 'ACC-1', dailyOrderCutoff: '15:30' },
    });
    expect(refused).toMatchObject({ status: 403, body: { error: 'Only a pharmacist or admin can configure wholesalers' } });
    const created = await callApi<Wholesaler>(a.pharmacist.client, 'wholesalers', {
      body: { name: 'Test Wholesaler', apiEndpoint: stackEnv().wholesalerUrl, apiKey, accountNumber: 'ACC-1', dailyOrderCutoff: '15:30' },
    });
    expect(created.status).toBe(201);
    wholesaler = created.body;
    expect(wholesaler).toMatchObject({ name: 'Test Wholesaler', status: 'pending', dailyOrderCutoff: '15:30', apiKeyMasked: `••••••••${apiKey.slice(-4)}` });
    expect(JSON.stringify(wholesaler)).not.toContain(apiKey);
    const listed = await callApi<{ wholesalers: Wholesaler[] }>(a.technician.client, 'wholesalers');
    expect(listed.body.wholesalers.map((w) => w.id)).toEqual([wholesaler.id]);
    expect(JSON.stringify(listed.body)).not.toContain(apiKey);
    const secret = await sql<{ decrypted_secret: string }>('select decrypted_secret from vault.decrypted_secrets where name = $1', [`wholesaler:${wholesaler.id}:api_key`]);
    expect(secret[0]?.decrypted_secret).toBe(apiKey);
    // No column a staff member can read holds it.
    const { data } = await a.admin.client.from('wholesalers').select('*').eq('id', wholesaler.id).single();
    expect(JSON.stringify(data)).not.toContain(apiKey);
    expect((await callApi<{ wholesalers: Wholesaler[] }>(b.admin.client, 'wholesalers')).body.wholesalers).toEqual([]);
  });

  it('refuses a bad form with its messages', async () => {
    const answer = await callApi(a.pharmacist.client, 'wholesalers', {
      body: { name: '', apiEndpoint: 'ftp://x', apiKey: '', accountNumber: 'has space', dailyOrderCutoff: '25:00' },
    });
    expect(answer.status).toBe(400);
    const text = JSON.stringify(answer.body);
    for (const message of ["Enter the wholesaler's name", 'Enter the API endpoint', 'Enter the API key', 'account number', 'cut-off']) {
      expect(text).toContain(message);
    }
  });

  it('Test Connection does a real exchange and the status follows it', async () => {
    const tested = await callApi<ExchangeResult>(a.pharmacist.client, `wholesalers/${wholesaler.id}/test`, { body: {} });
    expect(tested.status).toBe(200);
    expect(tested.body.ok).toBe(true);
    expect(tested.body.message).toContain('HTTP 204');
    expect((await callApi<{ wholesalers: Wholesaler[] }>(a.technician.client, 'wholesalers')).body.wholesalers[0]!.status).toBe('connected');
    expect((await callApi(a.technician.client, `wholesalers/${wholesaler.id}/test`, { body: {} })).status).toBe(403);
    expect((await callApi(b.admin.client, `wholesalers/${wholesaler.id}/test`, { body: {} })).status).toBe(404);

    // A wrong key: the wholesaler's refusal is what the status says.
    const wrong = await callApi<Wholesaler>(a.admin.client, 'wholesalers', {
      body: { name: 'Wrong Key Wholesaler', apiEndpoint: stackEnv().wholesalerUrl, apiKey: 'not-a-key-it-knows', accountNumber: 'ACC-2', dailyOrderCutoff: '14:00' },
    });
    const refused = await callApi<ExchangeResult>(a.admin.client, `wholesalers/${wrong.body.id}/test`, { body: {} });
    expect(refused.body).toMatchObject({ ok: false });
    expect(refused.body.message).toContain('refused the API key (HTTP 401)');
    const row = await sql<{ status: string; status_detail: string }>('select status, status_detail from public.wholesalers where id = $1', [wrong.body.id]);
    expect(row[0]).toMatchObject({ status: 'error' });
    expect(row[0]!.status_detail).toContain('HTTP 401');
  });
});

describe('an order from 850 to receipt', () => {
  let orderId: string;
  let poNumber: string;

  it('any staff member drafts it by NDC and packages; a technician may not submit it', async () => {
    const created = await callApi<{ id: string; poNumber: string; status: string }>(a.technician.client, 'inventory/orders', {
      body: { wholesalerId: wholesaler.id, lines: [{ ndc: '0071-0155-23', quantity: 2 }, { ndc: '12345067898', quantity: 1 }, { ndc: '12345-0678-99', quantity: 3 }] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'draft', poNumber: expect.stringMatching(/^PO\d{8}$/) });
    orderId = created.body.id;
    poNumber = created.body.poNumber;
    expect((await callApi(a.technician.client, `inventory/orders/${orderId}/submit`, { body: {} })).status).toBe(403);
    expect((await callApi(b.admin.client, `inventory/orders/${orderId}/submit`, { body: {} })).status).toBe(404);
  });

  it('submitting sends an X12 850 and applies the 997 and 855 that answer it', async () => {
    const submitted = await callApi<ExchangeResult>(a.pharmacist.client, `inventory/orders/${orderId}/submit`, { body: {} });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ ok: true, status: 'acknowledged', documents: ['997', '855'] });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: 'acknowledged', api_order_id: expect.stringContaining('SO') });
    // What was sent: an 850 in 004010 with the NDC as N4 in 5-4-2 form, stored raw.
    const sent = await sql<{ raw: string; interchange_control_number: number }>(
      "select raw, interchange_control_number from public.wholesale_documents where order_id = $1 and direction = 'out'", [orderId]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.raw).toMatch(/^ST\*850\*/);
    expect(sent[0]!.raw).toContain(`BEG*00*SA*${poNumber}**`);
    expect(sent[0]!.raw).toContain('PO1*1*2*EA**');
    expect(sent[0]!.raw).toContain('N4*00071-0155-23');
    expect(order.interchange_control_number).toBe(sent[0]!.interchange_control_number);
    const exchange = await sql<{ request_body: string; response_body: string }>(
      "select request_body, response_body from public.wholesale_exchanges where order_id = $1 and purpose = 'submit'", [orderId]);
    expect(exchange[0]!.request_body).toMatch(/^ISA\*/);
    expect(exchange[0]!.request_body).toContain('GS*PO*');
    expect(exchange[0]!.response_body).toContain('ST*997*');
    expect(exchange[0]!.response_body).toContain('ST*855*');
    const lines = await sql<{ ndc: string; ack_status: string; substitute_ndc: string | null }>(
      'select ndc, ack_status, substitute_ndc from public.wholesale_order_lines where order_id = $1 order by line_number', [orderId]);
    expect(lines).toEqual([
      { ndc: '00071015523', ack_status: 'IA', substitute_ndc: null },
      { ndc: '12345067898', ack_status: 'IS', substitute_ndc: '12345067897' },
      { ndc: '12345067899', ack_status: 'IR', substitute_ndc: null },
    ]);
    expect((await callApi(a.pharmacist.client, `inventory/orders/${orderId}/submit`, { body: {} }))).toMatchObject({ status: 409 });
  });

  it('control numbers are unique and increasing per wholesaler', async () => {
    const second = await callApi<{ id: string }>(a.technician.client, 'inventory/orders', {
      body: { wholesalerId: wholesaler.id, lines: [{ ndc: '0071-0155-23', quantity: 999 }] },
    });
    const submitted = await callApi<ExchangeResult>(a.admin.client, `inventory/orders/${second.body.id}/submit`, { body: {} });
    expect(submitted.body.status).toBe('backordered');
    const numbers = await sql<{ n: number }>(
      "select interchange_control_number as n from public.wholesale_documents where wholesaler_id = $1 and direction = 'out' order by id", [wholesaler.id]);
    expect(numbers.map((row) => row.n)).toEqual([numbers[0]!.n, numbers[0]!.n + 1]);
  });

  it('a sync brings the 856 and the 810, once however often they come', async () => {
    const synced = await callApi<ExchangeResult>(a.technician.client, `wholesalers/${wholesaler.id}/sync`, { body: {} });
    expect(synced.status).toBe(200);
    expect(synced.body.ok).toBe(true);
    expect(synced.body.documents).toEqual(expect.arrayContaining(['856', '810']));
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: 'shipped', invoice_number: expect.stringMatching(/^IN/) });
    const shipped = await sql<{ ndc: string; quantity: number; lot_number: string; serials: number }>(
      'select ndc, quantity, lot_number, cardinality(serial_numbers) as serials from public.wholesale_shipment_items where order_id = $1 order by ndc', [orderId]);
    expect(shipped).toEqual([
      { ndc: '00071015523', quantity: 2, lot_number: expect.stringMatching(/^L/), serials: 2 },
      { ndc: '12345067897', quantity: 1, lot_number: expect.stringMatching(/^L/), serials: 1 },
    ]);
    // The invoice's price per package ($10.00 + the NDC's last four digits in cents, the test wholesaler's rule)
    // over the package's 90 units is Lipitor's acquisition cost.
    const cost = await sql<{ acquisition_cost_cents: number }>(
      'select acquisition_cost_cents from public.inventory_products where medication_id = $1', [product.lipitor]);
    expect(cost[0]!.acquisition_cost_cents).toBe(Math.round((1000 + 5523) / 90));

    const counts = async () => (await sql<{ documents: number; items: number }>(
      `select (select count(*)::int from public.wholesale_documents where wholesaler_id = $1) as documents,
              (select count(*)::int from public.wholesale_shipment_items where order_id = $2) as items`, [wholesaler.id, orderId]))[0]!;
    const before = await counts();
    const again = await callApi<ExchangeResult>(a.technician.client, `wholesalers/${wholesaler.id}/sync`, { body: {} });
    expect(again.body).toMatchObject({ ok: true, documents: [] });
    // Everything again from the start: each document is already recorded, nothing changes.
    await sql('update public.wholesalers set last_received_control_number = 0 where id = $1', [wholesaler.id]);
    const replayed = await callApi<ExchangeResult>(a.technician.client, `wholesalers/${wholesaler.id}/sync`, { body: {} });
    expect(replayed.body.ok).toBe(true);
    expect(replayed.body.message).toContain('no new documents');
    expect(await counts()).toEqual(before);
  });

  it('receiving by scanning each package posts receipts with lot, expiry and serial, and lists what is missing', async () => {
    const packages = await packagesFor(poNumber);
    const lipitor = packages.filter((pkg) => pkg.ndc11 === '00071015523');
    expect(lipitor).toHaveLength(2);
    const first = await callApi<ReceiveResult>(a.technician.client, `inventory/orders/${orderId}/receive`, { body: { scans: [lipitor[0]!.scan] } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'partially_received',
      received: [{ ndc: '00071015523', lot: lipitor[0]!.lot, expiry: lipitor[0]!.expiry, packages: 1, units: 90, serial: lipitor[0]!.serial }],
    });
    expect(first.body.discrepancies).toEqual(expect.arrayContaining([
      expect.objectContaining({ ndc: '00071015523', lot: lipitor[0]!.lot, issue: 'short', shipped: 2, received: 1 }),
    ]));
    const stock = async (id: string) => (await sql<{ stock: number }>('select stock from public.medications where id = $1', [id]))[0]!.stock;
    expect(await stock(product.lipitor!)).toBe(90);
    const lot = await sql<{ lot_number: string; expiration_date: string; on_hand: number }>(
      "select lot_number, to_char(expiration_date, 'YYYY-MM-DD') as expiration_date, on_hand from public.inventory_lots where medication_id = $1", [product.lipitor]);
    expect(lot).toEqual([{ lot_number: lipitor[0]!.lot, expiration_date: lipitor[0]!.expiry, on_hand: 90 }]);

    // The same package scanned again is refused, and nothing changes.
    const twice = await callApi(a.technician.client, `inventory/orders/${orderId}/receive`, { body: { scans: [lipitor[0]!.scan] } });
    expect(twice.status).toBe(409);
    expect(JSON.stringify(twice.body)).toContain('already received');
    expect(await stock(product.lipitor!)).toBe(90);
    // A barcode that cannot be read names the scan; a product not on the order is refused.
    const garbled = await callApi(a.technician.client, `inventory/orders/${orderId}/receive`, { body: { scans: ['(01)12345'] } });
    expect(garbled.status).toBe(400);
    expect(JSON.stringify(garbled.body)).toContain('Scan 1:');

    const rest = packages.filter((pkg) => pkg.serial !== lipitor[0]!.serial).map((pkg) => pkg.scan);
    const done = await callApi<ReceiveResult>(a.technician.client, `inventory/orders/${orderId}/receive`, { body: { scans: rest } });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('delivered');
    expect(done.body.discrepancies.filter((d) => d.issue === 'short' || d.issue === 'over')).toEqual([]);
    expect(await stock(product.lipitor!)).toBe(180);
    expect(await stock(product.substitute!)).toBe(100);
    const ledger = await sql<{ kind: string; quantity: number; reference: string }>(
      "select kind, quantity, reference from public.inventory_movements where medication_id = $1 order by id", [product.lipitor]);
    expect(ledger).toEqual([
      { kind: 'receipt', quantity: 90, reference: poNumber },
      { kind: 'receipt', quantity: 90, reference: poNumber },
    ]);
    const serials = await sql<{ serial_number: string }>('select serial_number from public.wholesale_receipts where order_id = $1 order by serial_number', [orderId]);
    expect(serials.map((row) => row.serial_number)).toEqual(packages.map((pkg) => pkg.serial).sort());
    expect((await callApi(a.technician.client, `inventory/orders/${orderId}/receive`, { body: { lines: [{ ndc: '0071-0155-23', lot: 'X1', expiration: '2030-01-31', quantity: 1 }] } })).status).toBe(409);
  });
});

describe('Schedule II', () => {
  it('is never sent by EDI: its own order, with the DEA Form 222 number, by a pharmacist or admin', async () => {
    const withoutForm = await callApi(a.pharmacist.client, 'inventory/orders', { body: { wholesalerId: wholesaler.id, lines: [{ ndc: '12345-1111-01', quantity: 1 }] } });
    expect(withoutForm).toMatchObject({ status: 400, body: { error: expect.stringContaining('DEA Form 222 or CSOS') } });
    const mixed = await callApi(a.pharmacist.client, 'inventory/orders', {
      body: { wholesalerId: wholesaler.id, lines: [{ ndc: '12345-1111-01', quantity: 1 }, { ndc: '0071-0155-23', quantity: 1 }], controlledOrder: { form: 'dea_222', number: '123456789' } },
    });
    expect(mixed.status).toBe(400);
    const byTechnician = await callApi(a.technician.client, 'inventory/orders', {
      body: { wholesalerId: wholesaler.id, lines: [{ ndc: '12345-1111-01', quantity: 1 }], controlledOrder: { form: 'dea_222', number: '123456789' } },
    });
    expect(byTechnician.status).toBe(403);
    const created = await callApi<{ id: string }>(a.pharmacist.client, 'inventory/orders', {
      body: { wholesalerId: wholesaler.id, lines: [{ ndc: '12345-1111-01', quantity: 1 }], controlledOrder: { form: 'dea_222', number: '123456789' } },
    });
    expect(created.status).toBe(201);
    const exchangesBefore = (await sql<{ n: number }>('select count(*)::int as n from public.wholesale_exchanges where wholesaler_id = $1', [wholesaler.id]))[0]!.n;
    const submitted = await callApi<ExchangeResult>(a.pharmacist.client, `inventory/orders/${created.body.id}/submit`, { body: {} });
    expect(submitted.body).toMatchObject({ ok: true, status: 'submitted' });
    expect((await sql<{ n: number }>('select count(*)::int as n from public.wholesale_exchanges where wholesaler_id = $1', [wholesaler.id]))[0]!.n).toBe(exchangesBefore);
    const row = await sql<{ status_detail: string }>('select status_detail from public.wholesale_orders where id = $1', [created.body.id]);
    expect(row[0]!.status_detail).toBe('Ordered on DEA Form 222 123456789');
  });
});

describe('the scheduled sync', () => {
  it('is the service role\'s only, and syncs the wholesalers', async () => {
    const refused = await callApi(a.admin.client, 'internal/wholesalers/sync-due', { body: {} });
    expect(refused.status).toBe(403);
    await sql('update public.wholesalers set last_sync_at = null where id = $1', [wholesaler.id]);
    const run = await callApi<{ synced: number; failed: number }>(createServiceClient(), 'internal/wholesalers/sync-due', { body: {} });
    expect(run.status).toBe(200);
    expect(run.body.synced).toBeGreaterThanOrEqual(1);
    const row = await sql<{ synced: boolean; performed_by: string | null }>(
      `select w.last_sync_at is not null as synced,
              (select e.performed_by from public.wholesale_exchanges e where e.wholesaler_id = w.id order by e.id desc limit 1) as performed_by
       from public.wholesalers w where w.id = $1`, [wholesaler.id]);
    expect(row[0]).toEqual({ synced: true, performed_by: null });
  });
});

describe('staff cannot write the wholesale tables or record exchanges themselves', () => {
  it('refuses direct writes and the service-only functions', async () => {
    const insert = await a.admin.client.from('wholesale_orders').insert({ wholesaler_id: wholesaler.id, order_date: '2026-01-01' });
    expect(insert.error).not.toBeNull();
    const record = await a.admin.client.rpc('record_wholesale_exchange', {
      wholesaler_id: wholesaler.id, actor_user_id: a.admin.id, purpose: 'sync', order_id: null, request_method: 'GET', request_url: 'x',
      request_body: null, response_status: 200, response_body: '', outcome: 'ok', detail: 'forged', documents: [],
    });
    expect(record.error).not.toBeNull();
    const setup = await a.admin.client.rpc('wholesaler_exchange_setup', { wholesaler_id: wholesaler.id, take_control_number: false });
    expect(setup.error).not.toBeNull();
  });
});
