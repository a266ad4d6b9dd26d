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
    // 270 units of a 90-count bottle are 3 packages at 90 × 25 cents; Metoprolol is on the submitted order already.
    expect(await lines()).toEqual([
      { ndc: '12345010001', quantity: 3, unit_cost_cents: 2250 },
      { ndc: '12345020001', quantity: 1, unit_cost_cents: 2500 },
    ]);
    expect((await sql('select source, status from public.wholesale_orders where id = $1', [orderId]))[0]).toEqual({ source: 'auto_reorder', status: 'draft' });

    // Again: the same draft, rebuilt from the current forecasts.
    await forecast(product.lisinopril!, 0);
    const rebuilt = await a.pharmacist.client.rpc('build_suggested_orders');
    expect((rebuilt.data as { orders: { orderId: string }[] }).orders.map((order) => order.orderId)).toEqual([orderId]);
    expect(await lines()).toEqual([{ ndc: '12345010001', quantity: 3, unit_cost_cents: 2250 }]);

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
