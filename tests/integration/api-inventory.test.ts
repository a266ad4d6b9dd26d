/**
 * GET /api/inventory/items (shared/src/api/inventory.ts, edge-functions/api/routes/inventory.ts): the caller's
 * pharmacy's products with on-hand per product and lot and the status, filtered and paged on the server with the
 * exact total; another pharmacy sees none; bad queries are refused with the schema's messages; signed out is 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_QUERY_MESSAGES, inventoryItemPageSchema } from '../../shared/src/inventory/inventory-item.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, createTestClient } from '../support/stack-env.ts';
import { insertRow } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;

beforeAll(async () => {
  [a, b] = [await createPharmacy('Inventory Api Pharmacy A'), await createPharmacy('Inventory Api Pharmacy B')];
  const add = (row: Record<string, unknown>) => insertRow(a.pharmacist.client, 'medications', { price: 5, strength: '10 mg', ...row });
  const lipitor = await add({ name: 'Lipitor', ndc_number: '0071-0155-23', stock: 0, wac_price: 90, package_size: 90, package_unit: 'EA' });
  const expires = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
  const received = await a.technician.client.rpc('receive_inventory', { medication_id: lipitor, quantity: 90, lot_number: 'LIP1', expiration_date: expires, unit_cost_cents: 110 });
  expect(received.error).toBeNull();
  await add({ name: 'Amoxicillin', stock: 3, low_stock_threshold: 10 });
  await add({ name: 'Zyrtec', stock: 0 });
}, 120_000);

afterAll(closeSql);

const list = async (query: string, staff = a.technician) => callApi(staff.client, `inventory/items${query}`);

describe('GET /api/inventory/items', () => {
  it('answers every product with its lots, value and status, in name order, with the total', async () => {
    const answer = await list('');
    expect(answer.status).toBe(200);
    const page = inventoryItemPageSchema.parse(answer.body);
    expect(page.total).toBe(3);
    expect(page.items.map((item) => [item.productName, item.status, item.currentStock])).toEqual([
      ['Amoxicillin', 'low', 3], ['Lipitor', 'adequate', 90], ['Zyrtec', 'out_of_stock', 0],
    ]);
    expect(page.items[1]).toMatchObject({
      ndc: '0071-0155-23', ndc11: '00071015523', reorderPoint: 10, unitCostCents: 100, totalValueCents: 9900,
      lastOrderQty: 90, autoOrderEnabled: false, lots: [{ lotNumber: 'LIP1', onHand: 90 }],
    });
  });

  it('filters by status and searches on the server, paging with the exact total', async () => {
    const names = async (query: string) => inventoryItemPageSchema.parse((await list(query)).body).items.map((item) => item.productName);
    expect(await names('?status=low')).toEqual(['Amoxicillin']);
    expect(await names('?status=out_of_stock')).toEqual(['Zyrtec']);
    expect(await names('?status=adequate')).toEqual(['Lipitor']);
    expect(await names('?search=00071015523')).toEqual(['Lipitor']);
    expect(inventoryItemPageSchema.parse((await list('?limit=1&offset=2')).body)).toMatchObject({ total: 3, items: [{ productName: 'Zyrtec' }] });
  });

  it("another pharmacy's staff see none of it", async () => {
    expect(inventoryItemPageSchema.parse((await list('', b.admin)).body)).toEqual({ items: [], total: 0 });
  });

  it('refuses a bad query with its message, and a signed-out caller', async () => {
    const bad = await list('?status=plenty');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(INVENTORY_QUERY_MESSAGES.status);
    const tooMany = await list('?limit=500');
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain(INVENTORY_QUERY_MESSAGES.limit);
    expect((await callApi(createTestClient(), 'inventory/items')).status).toBe(401);
  });
});
