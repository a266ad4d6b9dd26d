/**
 * External drug data through the stack (shared/src/api/drugs.ts, edge-functions/api/routes/drugs.ts): the test
 * stack's functions are pointed at tests/support/drug-provider-server.ts (test-stack.ts sets OPENFDA_API_URL,
 * RXNAV_API_URL and NADAC_API_URL to its port), which this file starts. Staff only; the query's rules; results in
 * the spec's shape; a provider that fails or is not there gives the spec's message, never results; the
 * providers' states.
 */
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXTERNAL_SEARCH_MESSAGES, externalDrugResultSchema, providerStatusSchema } from '../../shared/src/drugs/external-drug.ts';
import { callApi } from '../support/api-call.ts';
import { startFunctionsRuntime } from '../support/functions-runtime.ts';
import { repoRoot } from '../support/test-stack.ts';
import { type DrugProviderServer, drugProviderPort, startDrugProviderServer } from '../support/drug-provider-server.ts';
import { closeSql, signedInClient } from '../support/stack-env.ts';
import { type TestPharmacy, createPharmacy } from './db-fixtures.ts';

let providers: DrugProviderServer;
let pharmacy: TestPharmacy;
let outsider: SupabaseClient;
const portBase = Number(process.env.TEST_STACK_PORT_BASE || 55321);

beforeAll(async () => {
  providers = await startDrugProviderServer(drugProviderPort(portBase));
  pharmacy = await createPharmacy('Drug Data Pharmacy');
  outsider = (await signedInClient('no-pharmacy')).client;
});

afterAll(async () => {
  await providers.close();
  await closeSql();
});

afterEach(() => {
  providers.mode.openfda = 'normal';
  providers.mode.rxnav = 'normal';
  providers.mode.nadac = 'normal';
});

const search = (client: SupabaseClient, query: string) => callApi(client, `drugs/search-external?${query}`);

describe('GET /api/drugs/search-external', () => {
  it('answers staff (every role) openFDA results in the External drug result shape, best match first', async () => {
    for (const staff of [pharmacy.technician, pharmacy.pharmacist, pharmacy.admin]) {
      const answer = await search(staff.client, 'query=lipitor');
      expect(answer.status).toBe(200);
      const results = externalDrugResultSchema.array().parse(answer.body);
      expect(results.map((result) => [result.ndcNumber, result.name, result.matchScore, result.pricing])).toEqual([
        ['0071-0155-23', 'Lipitor', 1, { awp: null, wac: null }],
        ['0071-0155-40', 'Lipitor', 1, { awp: null, wac: null }],
      ]);
    }
    expect(providers.requests.some((request) => request.startsWith('GET /openfda/drug/ndc.json?search='))).toBe(true);
  });

  it('searches RxNorm when asked, and by NDC in any format', async () => {
    const rxnorm = await search(pharmacy.pharmacist.client, 'query=atorvastatin&provider=rxnorm');
    expect(rxnorm.status).toBe(200);
    // Both names start with the query; the one it covers more of ranks first.
    expect((rxnorm.body as { provider: string; ndcNumber: string; name: string }[]).map((result) => [result.provider, result.ndcNumber, result.name])).toEqual([
      ['rxnorm', '60505-2671-9', 'atorvastatin 20 MG Oral Tablet'],
      ['rxnorm', '0071-0155-23', 'atorvastatin 10 MG Oral Tablet [Lipitor]'],
    ]);
    const byNdc = await search(pharmacy.pharmacist.client, 'query=59011041010');
    expect((byNdc.body as { ndcNumber: string; deaSchedule: string }[]).map((result) => [result.ndcNumber, result.deaSchedule])).toEqual([['59011-410-10', 'CII']]);
  });

  it("answers no results as an empty list (openFDA's 404 NOT_FOUND)", async () => {
    expect(await search(pharmacy.pharmacist.client, 'query=nothing%20like%20this')).toEqual({ status: 200, body: [] });
  });

  it('refuses a query under 3 characters, and an unknown provider, with clear messages', async () => {
    const tooShort = { status: 400, body: { error: 'Validation failed', errors: [EXTERNAL_SEARCH_MESSAGES.queryTooShort], details: { fields: [{ path: 'query', message: EXTERNAL_SEARCH_MESSAGES.queryTooShort }] } } };
    expect(await search(pharmacy.pharmacist.client, 'query=li')).toEqual(tooShort);
    expect(await search(pharmacy.pharmacist.client, '')).toEqual(tooShort);
    expect(await search(pharmacy.pharmacist.client, 'query=lipitor&provider=nadac')).toEqual({
      status: 400,
      body: { error: 'Validation failed', errors: [EXTERNAL_SEARCH_MESSAGES.provider], details: { fields: [{ path: 'provider', message: EXTERNAL_SEARCH_MESSAGES.provider }] } },
    });
  });

  it('gives the spec\'s message, never results, when the provider fails, answers garbage or is too slow', async () => {
    for (const mode of ['server-error', 'malformed', 'hang'] as const) {
      providers.mode.openfda = mode;
      const answer = await search(pharmacy.pharmacist.client, 'query=lipitor');
      expect(answer.status).toBe(502);
      expect(answer.body).toMatchObject({ error: EXTERNAL_SEARCH_MESSAGES.failedDescription, details: { provider: 'openfda' } });
    }
  });

  it('is for staff only', async () => {
    expect(await search(outsider, 'query=lipitor')).toEqual({ status: 403, body: { error: EXTERNAL_SEARCH_MESSAGES.staffOnly } });
  });
});

describe('GET /api/drugs/external/{id}', () => {
  it('answers one package by its id, 404 for an unknown or malformed id', async () => {
    const found = await callApi(pharmacy.technician.client, 'drugs/external/openfda%3A60505267109');
    expect(found.status).toBe(200);
    expect(externalDrugResultSchema.parse(found.body)).toMatchObject({ id: 'openfda:60505267109', ndcNumber: '60505-2671-9', manufacturer: 'Apotex Corp.', strength: '20 mg/1' });
    const fromRxNorm = await callApi(pharmacy.technician.client, 'drugs/external/rxnorm%3A00071015523');
    expect(fromRxNorm.body).toMatchObject({ provider: 'rxnorm', name: 'atorvastatin 10 MG Oral Tablet [Lipitor]', status: 'ACTIVE' });
    for (const id of ['openfda%3A12345678901', 'openfda%3A0071-0155-23', 'something']) {
      expect(await callApi(pharmacy.technician.client, `drugs/external/${id}`)).toEqual({ status: 404, body: { error: EXTERNAL_SEARCH_MESSAGES.notFound } });
    }
  });

  it('gives the spec\'s message when the provider cannot be reached', async () => {
    providers.mode.rxnav = 'server-error';
    const answer = await callApi(pharmacy.technician.client, 'drugs/external/rxnorm%3A00071015523');
    expect(answer).toMatchObject({ status: 502, body: { error: EXTERNAL_SEARCH_MESSAGES.failedDescription } });
  });
});

describe('GET /api/drugs/providers', () => {
  it("answers each provider's real state with the version and rate limit it reports", async () => {
    providers.mode.nadac = 'server-error';
    const before = Date.now();
    const answer = await callApi(pharmacy.admin.client, 'drugs/providers');
    expect(answer.status).toBe(200);
    const states = providerStatusSchema.array().parse(answer.body);
    expect(states.map((state) => [state.id, state.state, state.version])).toEqual([
      ['openfda', 'connected', '2026-11-20'],
      ['rxnorm', 'connected', '03-Nov-2026'],
      ['nadac', 'not-reachable', null],
    ]);
    expect(states[0]!.rateLimit).toMatchObject({ limit: 240 });
    expect(states[0]!.apiKeySet).toBe(false);
    expect(Date.parse(states[0]!.checkedAt)).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('answers not reachable when nothing listens at the configured URL', async () => {
    await providers.close();
    try {
      const answer = await callApi(pharmacy.admin.client, 'drugs/providers');
      expect((answer.body as { state: string }[]).map((state) => state.state)).toEqual(['not-reachable', 'not-reachable', 'not-reachable']);
      const failed = await search(pharmacy.pharmacist.client, 'query=lipitor');
      expect(failed).toMatchObject({ status: 502, body: { error: EXTERNAL_SEARCH_MESSAGES.failedDescription } });
    } finally {
      providers = await startDrugProviderServer(drugProviderPort(portBase));
    }
  });
});

describe('without provider URLs in the environment', () => {
  it('every provider is not configured, and a search answers 503 with the spec\'s message, asking nobody', async () => {
    // The api function in a runtime of its own, started without OPENFDA_API_URL, RXNAV_API_URL or NADAC_API_URL.
    const runtime = startFunctionsRuntime(path.join(repoRoot, 'edge-functions'), {
      FUNCTIONS_CONFIG_TOML: path.join(repoRoot, 'supabase', 'config.toml'),
      FUNCTIONS_ENV_FILE: path.join(repoRoot, 'tests', 'fixtures', 'drug-providers', 'no-such.env'),
    });
    try {
      const url = await runtime.url;
      const { data } = await pharmacy.pharmacist.client.auth.getSession();
      const headers = { Authorization: `Bearer ${data.session!.access_token}` };
      const requestsBefore = providers.requests.length;
      const states = await fetch(`${url}/api/drugs/providers`, { headers });
      expect(states.status).toBe(200);
      expect(((await states.json()) as { id: string; state: string }[]).map((state) => [state.id, state.state])).toEqual([
        ['openfda', 'not-configured'],
        ['rxnorm', 'not-configured'],
        ['nadac', 'not-configured'],
      ]);
      const searched = await fetch(`${url}/api/drugs/search-external?query=lipitor`, { headers });
      expect(searched.status).toBe(503);
      expect(await searched.json()).toEqual({ error: EXTERNAL_SEARCH_MESSAGES.failedDescription, details: { provider: 'openfda', reason: 'not configured' } });
      expect(providers.requests.length).toBe(requestsBefore);
    } finally {
      runtime.child.kill('SIGTERM');
    }
  }, 120_000);
});
