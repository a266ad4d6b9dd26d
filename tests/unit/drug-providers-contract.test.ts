/**
 * The drug-data adapters (edge-functions/api/drugs/providers) against a local server answering in each provider's
 * documented format (tests/support/drug-provider-server.ts, fixtures in tests/fixtures/drug-providers): results
 * mapped to the External drug result shape with the product's match score, empty answers (openFDA's 404
 * NOT_FOUND), failures (5xx, a body that is not JSON, no answer in time, nobody listening), the rate-limit headers
 * and the version each provider reports, and each provider's state.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { externalDrugResultSchema } from '../../shared/src/drugs/external-drug.ts';
import { createNadacProvider } from '../../edge-functions/api/drugs/providers/nadac.ts';
import { createOpenFdaProvider, openFdaSearchExpression } from '../../edge-functions/api/drugs/providers/openfda.ts';
import { providerSettingsFromEnv } from '../../edge-functions/api/drugs/providers/provider-config.ts';
import { ProviderError } from '../../edge-functions/api/drugs/providers/provider-http.ts';
import { createDrugProviders, providerStatuses } from '../../edge-functions/api/drugs/providers/registry.ts';
import { createRxNavProvider } from '../../edge-functions/api/drugs/providers/rxnav.ts';
import { type DrugProviderServer, OPENFDA_RATE_LIMIT, startDrugProviderServer } from '../support/drug-provider-server.ts';

let server: DrugProviderServer;
const TIMEOUT_MS = 500;

beforeAll(async () => {
  server = await startDrugProviderServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.mode.openfda = 'normal';
  server.mode.rxnav = 'normal';
  server.mode.nadac = 'normal';
});

const openFda = (apiKey: string | null = null) => createOpenFdaProvider({ baseUrl: server.urls().OPENFDA_API_URL, apiKey, timeoutMs: TIMEOUT_MS });
const rxNav = () => createRxNavProvider({ baseUrl: server.urls().RXNAV_API_URL, apiKey: null, timeoutMs: TIMEOUT_MS });
const nadac = () => createNadacProvider({ baseUrl: server.urls().NADAC_API_URL, apiKey: null, timeoutMs: TIMEOUT_MS });

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('openFDA NDC directory', () => {
  it('searches brand and generic names and answers one result per package, best match first', async () => {
    const results = await openFda().search('lipitor');
    expect(results.map((result) => result.ndcNumber)).toEqual(['0071-0155-23', '0071-0155-40']);
    for (const result of results) expect(externalDrugResultSchema.parse(result)).toEqual(result);
    expect(results[0]).toEqual({
      id: 'openfda:00071015523',
      provider: 'openfda',
      name: 'Lipitor',
      genericName: 'Atorvastatin Calcium',
      strength: '10 mg/1',
      dosageForm: 'TABLET, FILM COATED',
      ndcNumber: '0071-0155-23',
      ndc11: '00071015523',
      productNdc: '0071-0155',
      packageDescription: '90 TABLET, FILM COATED in 1 BOTTLE (0071-0155-23)',
      manufacturer: 'Parke-Davis Div of Pfizer Inc',
      pricing: { awp: null, wac: null },
      matchScore: 1,
      interactions: [],
      deaSchedule: null,
      pharmClass: ['HMG-CoA Reductase Inhibitor [EPC]', 'Hydroxymethylglutaryl-CoA Reductase Inhibitors [MoA]'],
      status: null,
    });
    const generic = await openFda().search('atorvastatin');
    expect(generic.map((result) => result.ndc11).sort()).toEqual(['00071015523', '00071015540', '60505267109']);
  });

  it('finds a package by its NDC in any format, and keeps the labeler format for display', async () => {
    for (const query of ['59011-410-10', '59011-0410-10', '59011041010']) {
      const results = await openFda().search(query);
      expect(results.map((result) => [result.ndcNumber, result.ndc11, result.matchScore, result.deaSchedule])).toEqual([['59011-410-10', '59011041010', 1, 'CII']]);
    }
    expect(server.requests.at(-1)).toContain('packaging.package_ndc:%2259011-410-10%22');
    expect((await openFda().findByNdc('60505267109'))?.ndcNumber).toBe('60505-2671-9');
    expect(await openFda().findByNdc('12345678901')).toBeNull();
  });

  it('searches a product NDC (labeler-product)', async () => {
    expect(openFdaSearchExpression('0071-0155')).toBe('product_ndc:"0071-0155"');
    const results = await openFda().search('0071-0155');
    expect(results.map((result) => [result.ndcNumber, result.matchScore])).toEqual([['0071-0155-23', 0.95], ['0071-0155-40', 0.95]]);
  });

  it("answers no results when openFDA says 404 NOT_FOUND", async () => {
    expect(await openFda().search('no such drug name')).toEqual([]);
  });

  it('finds a partial name (every word typed starts a word of the name), keeping query syntax out of the expression', async () => {
    expect(openFdaSearchExpression('Lipi')).toBe('(brand_name:lipi*)+(generic_name:lipi*)');
    expect(openFdaSearchExpression('x" OR brand_name:"*')).toBe('(brand_name:x*+AND+brand_name:or*+AND+brand_name:brand*+AND+brand_name:name*)+(generic_name:x*+AND+generic_name:or*+AND+generic_name:brand*+AND+generic_name:name*)');
    expect((await openFda().search('lipi')).map((result) => [result.ndcNumber, result.matchScore])).toEqual([['0071-0155-23', 0.89], ['0071-0155-40', 0.89]]);
    expect((await openFda().search('atorva calc')).map((result) => result.ndc11).sort()).toEqual(['00071015523', '00071015540', '60505267109']);
    expect(await openFda().search('atorva oxy')).toEqual([]);
  });

  it('sends the API key when one is set', async () => {
    await openFda('key-123').search('lipitor');
    expect(server.requests.at(-1)).toMatch(/[?&]api_key=key-123(&|$)/);
  });

  it('reports the version (meta.last_updated) and the rate limit with the calls left from its headers', async () => {
    const first = await openFda().probe();
    const second = await openFda().probe();
    expect(first.version).toBe('2026-11-20');
    expect(first.rateLimit?.limit).toBe(OPENFDA_RATE_LIMIT);
    expect(second.rateLimit?.remaining).toBe(first.rateLimit!.remaining! - 1);
  });

  it('fails on a server error, a body that is not JSON, and no answer in time', async () => {
    server.mode.openfda = 'server-error';
    expect(await failure(openFda().search('lipitor'))).toMatchObject({ failure: 'http-status', status: 500 });
    server.mode.openfda = 'malformed';
    expect(await failure(openFda().search('lipitor'))).toMatchObject({ failure: 'malformed' });
    server.mode.openfda = 'hang';
    expect(await failure(openFda().search('lipitor'))).toMatchObject({ failure: 'timeout' });
  });

  it('fails when nobody listens at the URL, without quoting the URL and its API key', async () => {
    const unreachable = createOpenFdaProvider({ baseUrl: 'http://127.0.0.1:9/openfda', apiKey: 'secret-key-123', timeoutMs: TIMEOUT_MS });
    expect(await failure(unreachable.search('lipitor'))).toMatchObject({ failure: 'unreachable' });
    // Deno's fetch names the URL in its error ("error sending request for url (…)"), the key in its query.
    const denoLike = createOpenFdaProvider({
      baseUrl: 'http://127.0.0.1:9/openfda',
      apiKey: 'secret-key-123',
      timeoutMs: TIMEOUT_MS,
      fetch: (url) => Promise.reject(new TypeError(`error sending request for url (${url}): connection refused`)),
    });
    const error = await failure(denoLike.search('lipitor'));
    expect(error).toMatchObject({ failure: 'unreachable', message: 'openFDA could not be reached (TypeError)' });
    expect(error.message).not.toContain('secret-key-123');
  });
});

describe('NLM RxNorm (RxNav)', () => {
  it('searches a name through approximate match, concept names and their NDC properties', async () => {
    const results = await rxNav().search('lipitor');
    for (const result of results) expect(externalDrugResultSchema.parse(result)).toEqual(result);
    expect(results.map((result) => [result.name, result.ndcNumber, result.manufacturer, result.status])).toEqual([
      ['atorvastatin 10 MG Oral Tablet [Lipitor]', '0071-0155-23', 'Parke-Davis Div of Pfizer Inc', 'ACTIVE'],
      ['atorvastatin 20 MG Oral Tablet', '60505-2671-9', 'Apotex Corp.', 'ACTIVE'],
    ]);
    expect(results[0]!.matchScore).toBeGreaterThan(results[1]!.matchScore);
  });

  it('searches a product NDC through its NDC properties', async () => {
    const results = await rxNav().search('0071-0155');
    expect(results.map((result) => [result.name, result.ndcNumber, result.matchScore])).toEqual([['atorvastatin 10 MG Oral Tablet [Lipitor]', '0071-0155-23', 0.95]]);
    expect(await rxNav().search('0071-0999')).toEqual([]);
  });

  it('answers no results when the approximate match has no candidate, or an NDC is unknown', async () => {
    expect(await rxNav().search('zzzqqq')).toEqual([]);
    expect(await rxNav().search('12345-6789-01')).toEqual([]);
    expect(await rxNav().findByNdc('12345678901')).toBeNull();
  });

  it('finds an NDC with its status, concept and DEA schedule', async () => {
    const found = await rxNav().findByNdc('59011041010');
    expect(found).toMatchObject({
      id: 'rxnorm:59011041010',
      name: '12 HR oxycodone hydrochloride 10 MG Extended Release Oral Tablet [Oxycontin]',
      ndcNumber: '59011-410-10',
      deaSchedule: 'CII',
      status: 'ACTIVE',
      matchScore: 1,
    });
  });

  it('reports its version, and fails on errors', async () => {
    expect(await rxNav().probe()).toEqual({ version: '03-Nov-2026', rateLimit: null });
    server.mode.rxnav = 'server-error';
    expect(await failure(rxNav().search('lipitor'))).toMatchObject({ failure: 'http-status' });
    server.mode.rxnav = 'malformed';
    expect(await failure(rxNav().probe())).toMatchObject({ failure: 'malformed' });
    server.mode.rxnav = 'hang';
    expect(await failure(rxNav().findByNdc('00071015523'))).toMatchObject({ failure: 'timeout' });
  });
});

describe('CMS NADAC', () => {
  it('answers the newest price per unit of each NDC that has one', async () => {
    const prices = await nadac().prices(['00071015523', '60505267109', '12345678901']);
    expect([...prices.keys()].sort()).toEqual(['00071015523', '60505267109']);
    expect(prices.get('00071015523')).toEqual({
      ndc11: '00071015523',
      perUnit: 14.80213,
      pricingUnit: 'EA',
      effectiveDate: '2026-10-15',
      asOfDate: '2026-11-18',
      description: 'LIPITOR 10 MG TABLET',
    });
  });

  it('reports the newest survey date as its version, and fails on errors', async () => {
    expect(await nadac().probe()).toEqual({ version: '2026-11-18', rateLimit: null });
    server.mode.nadac = 'malformed';
    expect(await failure(nadac().prices(['00071015523']))).toMatchObject({ failure: 'malformed' });
  });
});

describe('provider states', () => {
  it('are connected, not reachable or not configured, each with when it was checked', async () => {
    server.mode.rxnav = 'server-error';
    const settings = providerSettingsFromEnv((name) => ({ OPENFDA_API_URL: server.urls().OPENFDA_API_URL, OPENFDA_API_KEY: 'k', RXNAV_API_URL: server.urls().RXNAV_API_URL, DRUG_PROVIDER_TIMEOUT_MS: '500' })[name]);
    const checkedAt = new Date('2026-11-23T08:00:00Z');
    const states = await providerStatuses(createDrugProviders(settings), () => checkedAt);
    expect(states.map((state) => [state.id, state.state, state.version, state.apiKeySet, state.checkedAt])).toEqual([
      ['openfda', 'connected', '2026-11-20', true, checkedAt.toISOString()],
      ['rxnorm', 'not-reachable', null, false, checkedAt.toISOString()],
      ['nadac', 'not-configured', null, false, checkedAt.toISOString()],
    ]);
    expect(states[0]!.rateLimit).toMatchObject({ limit: OPENFDA_RATE_LIMIT });
    expect(states[1]!.detail).toContain('500');
  });

  it('a URL that is not http(s) is not configured; the timeout has a default', () => {
    const settings = providerSettingsFromEnv((name) => ({ OPENFDA_API_URL: 'ftp://x', RXNAV_API_URL: ' https://rxnav.example/REST ' })[name]);
    expect(settings.openfda).toBeNull();
    expect(settings.rxnorm).toEqual({ baseUrl: 'https://rxnav.example/REST', apiKey: null, timeoutMs: 8000 });
  });
});
