/**
 * POST /api/drugs/sync-external (shared/src/api/drug-sync.ts, edge-functions/api/routes/drug-sync.ts) through the
 * stack, the providers answered by tests/support/drug-provider-server.ts: each NDC validated and normalised (a
 * malformed one fails with its reason, one code in two formats counts once), looked up at openFDA, written by
 * public.sync_medications as the caller in one transaction: created, or updated keeping the pharmacy's price and
 * stock; not found, provider down or not configured fail with that reason; technicians are refused and nothing
 * changes; another pharmacy's catalogue is untouched.
 */
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRUG_SYNC_MESSAGES, syncResultSchema } from '../../shared/src/api/drug-sync.ts';
import { NDC_MESSAGES } from '../../shared/src/drugs/ndc.ts';
import { callApi } from '../support/api-call.ts';
import { type DrugProviderServer, drugProviderPort, startDrugProviderServer } from '../support/drug-provider-server.ts';
import { startFunctionsRuntime } from '../support/functions-runtime.ts';
import { closeSql, sql } from '../support/stack-env.ts';
import { repoRoot } from '../support/test-stack.ts';
import { insertRow } from './db-clinical-support.ts';
import { createPharmacy, type SignedInStaff, type TestPharmacy } from './db-fixtures.ts';

let providers: DrugProviderServer;
let a: TestPharmacy;
let b: TestPharmacy;
const portBase = Number(process.env.TEST_STACK_PORT_BASE || 55321);

beforeAll(async () => {
  providers = await startDrugProviderServer(drugProviderPort(portBase));
  [a, b] = [await createPharmacy('Sync Pharmacy A'), await createPharmacy('Sync Pharmacy B')];
}, 120_000);

afterAll(async () => {
  await providers.close();
  await closeSql();
});

afterEach(() => {
  providers.mode.openfda = 'normal';
});

const sync = (staff: SignedInStaff, ndcNumbers: string[]) => callApi(staff.client, 'drugs/sync-external', { body: { ndcNumbers } });

async function medicationByNdc(pharmacyId: string, ndc11: string) {
  return (await sql(`select * from public.medications where pharmacy_id = $1 and ndc11 = $2`, [pharmacyId, ndc11]))[0];
}

describe('POST /api/drugs/sync-external', () => {
  it('syncs the valid NDC and fails the malformed one with its reason (updated 1, failed [it], errors [its reason])', async () => {
    const answer = await sync(a.pharmacist, ['0071-0155-23', '12345-678']);
    expect(answer.status).toBe(200);
    expect(syncResultSchema.parse(answer.body)).toEqual({ updated: 1, failed: ['12345-678'], errors: [NDC_MESSAGES.segments('12345-678')] });
    expect(await medicationByNdc(a.id, '00071015523')).toMatchObject({
      name: 'Lipitor', generic_name: 'Atorvastatin Calcium', strength: '10 mg/1', dosage_form: 'TABLET, FILM COATED',
      ndc_number: '0071-0155-23', manufacturer: 'Parke-Davis Div of Pfizer Inc', package_size: '90.000', package_unit: 'EA',
      package_description: '90 TABLET, FILM COATED in 1 BOTTLE', dea_schedule: null, source: 'openfda', active: true,
      price: '0.00', stock: 0, synced_at: expect.any(Date),
    });
    // Audited like every catalogue write: the insert, by the pharmacist.
    const audit = await sql(`select action, actor_user_id from public.audit_log where entity_type = 'medications' and entity_id = $1`,
      [(await medicationByNdc(a.id, '00071015523'))!.id]);
    expect(audit).toEqual([{ action: 'insert', actor_user_id: a.pharmacist.id }]);
  });

  it('counts one code written in several formats once', async () => {
    const answer = await sync(a.admin, ['0071-0155-40', '00071-0155-40', ' 00071015540 ']);
    expect(answer.body).toEqual({ updated: 1, failed: [], errors: [] });
    expect(await medicationByNdc(a.id, '00071015540')).toMatchObject({ ndc_number: '0071-0155-40', package_size: '5000.000' });
  });

  it('fails an NDC openFDA does not know, as typed, naming it', async () => {
    const answer = await sync(a.pharmacist, ['12345-6789-01']);
    expect(answer.body).toEqual({ updated: 0, failed: ['12345-6789-01'], errors: [DRUG_SYNC_MESSAGES.notFound('12345-6789-01', 'openFDA')] });
    expect(await medicationByNdc(a.id, '12345678901')).toBeUndefined();
  });

  it("updates an existing product from the provider's record, keeping its price, stock and threshold", async () => {
    const id = await insertRow(a.pharmacist.client, 'medications', {
      name: 'Atorva house name', ndc_number: '60505-2671-09', price: 12.34, stock: 77, low_stock_threshold: 5,
    });
    const answer = await sync(a.pharmacist, ['60505267109']);
    expect(answer.body).toEqual({ updated: 1, failed: [], errors: [] });
    expect((await sql(`select * from public.medications where id = $1`, [id]))[0]).toMatchObject({
      name: 'Atorvastatin Calcium', generic_name: 'Atorvastatin Calcium', strength: '20 mg/1', manufacturer: 'Apotex Corp.',
      // The labeler format the provider gives (5-4-1), the same 11 digits.
      ndc_number: '60505-2671-9', ndc11: '60505267109', package_size: '1000.000', package_unit: 'EA',
      price: '12.34', stock: 77, low_stock_threshold: 5, source: 'openfda',
    });
  });

  it("sets a controlled drug's schedule from openFDA's CII, with the sync as the audited reason", async () => {
    const id = await insertRow(a.pharmacist.client, 'medications', { name: 'OxyContin', ndc_number: '59011-410-10', price: 80, stock: 20 });
    expect((await sync(a.pharmacist, ['59011-410-10'])).body).toEqual({ updated: 1, failed: [], errors: [] });
    expect((await sql(`select dea_schedule, stock, price from public.medications where id = $1`, [id]))[0]).toEqual({ dea_schedule: 'II', stock: 20, price: '80.00' });
    const audited = await sql<{ details: Record<string, unknown> }>(
      `select details from public.audit_log where entity_id = $1 and action = 'controlled_substance_changed'`, [id]);
    expect(audited).toEqual([{ details: expect.objectContaining({ reason: 'Synced from openFDA', oldSchedule: null, newSchedule: 'II' }) }]);
  });

  it('fails each NDC with the reason when openFDA cannot answer, writing nothing', async () => {
    for (const mode of ['server-error', 'malformed'] as const) {
      providers.mode.openfda = mode;
      const answer = await sync(a.pharmacist, ['0002-3227-30', '12345-6789-02']);
      const body = syncResultSchema.parse(answer.body);
      expect(body.updated).toBe(0);
      expect(body.failed).toEqual(['0002-3227-30', '12345-6789-02']);
      for (const [index, error] of body.errors.entries()) {
        expect(error).toMatch(new RegExp(`^NDC ${body.failed[index]} could not be looked up: openFDA`));
      }
    }
    expect(await medicationByNdc(a.id, '00002322730')).toBeUndefined();
  });

  it('refuses a technician with 403 and a clear message, asking no provider and changing nothing', async () => {
    const before = await sql(`select count(*)::int as n from public.medications where pharmacy_id = $1`, [a.id]);
    const asked = providers.requests.length;
    expect(await sync(a.technician, ['59011-410-10'])).toEqual({ status: 403, body: { error: DRUG_SYNC_MESSAGES.pharmacistsOnly } });
    expect(providers.requests.length).toBe(asked);
    expect(await sql(`select count(*)::int as n from public.medications where pharmacy_id = $1`, [a.id])).toEqual(before);
  });

  it("leaves another pharmacy's product with the same NDC untouched", async () => {
    const theirs = await insertRow(b.pharmacist.client, 'medications', { name: 'B brand', ndc_number: '0071-0155-23', price: 3, stock: 9 });
    const beforeB = (await sql(`select * from public.medications where id = $1`, [theirs]))[0];
    expect((await sync(a.pharmacist, ['0071-0155-23'])).body).toEqual({ updated: 1, failed: [], errors: [] });
    expect((await sql(`select * from public.medications where id = $1`, [theirs]))[0]).toEqual(beforeB);
  });

  it('refuses a body without an NDC', async () => {
    const answer = await sync(a.pharmacist, ['  ', '']);
    expect(answer.status).toBe(400);
  });
});

describe('without openFDA in the environment', () => {
  it('fails each NDC: openFDA is not configured', async () => {
    const runtime = startFunctionsRuntime(path.join(repoRoot, 'edge-functions'), {
      FUNCTIONS_CONFIG_TOML: path.join(repoRoot, 'supabase', 'config.toml'),
      FUNCTIONS_ENV_FILE: path.join(repoRoot, 'tests', 'fixtures', 'drug-providers', 'no-such.env'),
    });
    try {
      const url = await runtime.url;
      const { data } = await a.pharmacist.client.auth.getSession();
      const answer = await fetch(`${url}/api/drugs/sync-external`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${data.session!.access_token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ndcNumbers: ['0002-3227-30', 'abc'] }),
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({
        updated: 0,
        failed: ['0002-3227-30', 'abc'],
        errors: [DRUG_SYNC_MESSAGES.notConfigured('0002-3227-30', 'openFDA'), NDC_MESSAGES.characters('abc')],
      });
    } finally {
      runtime.child.kill('SIGTERM');
    }
  }, 120_000);
});
