/**
 * GET /api/medications (shared/src/api/medications.ts, edge-functions/api/routes/medications.ts): the caller's
 * pharmacy's catalogue through public.search_medications — search by name or NDC, lowStock=true, inactive products
 * on request, pages with the exact total, the contract's Medication shape; another pharmacy sees none; bad queries
 * are refused with the schema's messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDICATION_QUERY_MESSAGES, medicationPageSchema } from '../../shared/src/drugs/medication.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql } from '../support/stack-env.ts';
import { insertRow } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;

beforeAll(async () => {
  [a, b] = [await createPharmacy('Medications Api Pharmacy A'), await createPharmacy('Medications Api Pharmacy B')];
  const add = (row: Record<string, unknown>) => insertRow(a.pharmacist.client, 'medications', { price: 5, stock: 100, ...row });
  await add({ name: 'Lipitor', generic_name: 'atorvastatin calcium', strength: '10 mg', ndc_number: '0071-0155-23', price: 12.5, awp_price: 150.25 });
  await add({ name: 'Amoxicillin', generic_name: 'amoxicillin', strength: '500 mg', stock: 3, low_stock_threshold: 10 });
  await add({ name: 'Zantac', generic_name: 'ranitidine', strength: '150 mg', active: false });
}, 120_000);

afterAll(closeSql);

const list = async (query: string, staff = a.technician) => callApi(staff.client, `medications${query}`);

describe('GET /api/medications', () => {
  it('answers the active catalogue in name order, in the Medication shape, with the total', async () => {
    const answer = await list('');
    expect(answer.status).toBe(200);
    const page = medicationPageSchema.parse(answer.body);
    expect(page.total).toBe(2);
    expect(page.medications.map((medication) => medication.name)).toEqual(['Amoxicillin', 'Lipitor']);
    expect(page.medications[1]).toMatchObject({
      genericName: 'atorvastatin calcium', ndcNumber: '0071-0155-23', ndc11: '00071015523', price: 12.5, awpPrice: 150.25,
      stock: 100, isLowStock: false, source: 'manual', interactions: [],
    });
  });

  it('searches by name or NDC, lists low stock, includes inactive products on request, pages', async () => {
    const names = async (query: string) => medicationPageSchema.parse((await list(query)).body).medications.map((medication) => medication.name);
    expect(await names('?search=atorva')).toEqual(['Lipitor']);
    expect(await names('?search=00071015523')).toEqual(['Lipitor']);
    expect(await names('?lowStock=true')).toEqual(['Amoxicillin']);
    expect(await names('?search=zantac')).toEqual([]);
    expect(await names('?search=zantac&includeInactive=true')).toEqual(['Zantac']);
    expect(medicationPageSchema.parse((await list('?limit=1&offset=1')).body)).toMatchObject({ total: 2, medications: [{ name: 'Lipitor' }] });
  });

  it('shows another pharmacy none of them', async () => {
    expect(await list('', b.admin)).toEqual({ status: 200, body: { medications: [], total: 0 } });
  });

  it('refuses bad queries with the schema\'s messages', async () => {
    expect(await list('?limit=500')).toMatchObject({ status: 400, body: { errors: [MEDICATION_QUERY_MESSAGES.limit] } });
    expect(await list('?lowStock=yes')).toMatchObject({ status: 400, body: { errors: [MEDICATION_QUERY_MESSAGES.flag] } });
    expect(await list(`?search=${'x'.repeat(101)}`)).toMatchObject({ status: 400, body: { errors: [MEDICATION_QUERY_MESSAGES.search] } });
  });
});
