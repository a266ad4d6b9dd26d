/**
 * The NPPES NPI Registry adapter (edge-functions/api/prescribers/nppes-client.ts) and the reading of its answer
 * (shared/src/prescribers/nppes.ts) against the local double answering in NPPES's documented v2.1 format
 * (tests/support/nppes-server.ts, fixtures in tests/fixtures/nppes): found, not found, inactive, an organization,
 * NPPES's Errors list, a server error, no answer in time, nobody listening; the settings from the environment.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../edge-functions/api/drugs/providers/provider-http.ts';
import { isLocalSupabaseUrl, lookupNpi, nppesSettingsFromEnv } from '../../edge-functions/api/prescribers/nppes-client.ts';
import { checkNppesAnswer } from '../../shared/src/prescribers/nppes.ts';
import { NPPES_FIXTURES, type NppesServer, nppesEnv, nppesPort, startNppesServer } from '../support/nppes-server.ts';
import { drugProviderPort } from '../support/drug-provider-server.ts';

let server: NppesServer;
const TIMEOUT_MS = 500;

beforeAll(async () => {
  server = await startNppesServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.mode = 'normal';
});

const settings = () => ({ baseUrl: server.apiUrl(), timeoutMs: TIMEOUT_MS });

type Person = { npi: string; firstName: string; lastName: string; licenseNumber: string; licenseState: string };
const verify = async (person: Person | { npi: string }) => {
  const body = await lookupNpi(person.npi, settings());
  return checkNppesAnswer(body, {
    npiNumber: person.npi,
    firstName: 'firstName' in person ? person.firstName : 'Pat',
    lastName: 'lastName' in person ? person.lastName : 'Doe',
    licenseNumber: 'licenseNumber' in person ? person.licenseNumber : null,
    licenseState: 'licenseState' in person ? person.licenseState : null,
  });
};

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('lookupNpi against the NPPES double', () => {
  it('asks version 2.1 for the number, and finds an active individual whose name and licence agree', async () => {
    const check = await verify(NPPES_FIXTURES.activeMd);
    expect(server.requests.at(-1)).toBe('GET /nppes/?version=2.1&number=1648293755');
    expect(check).toMatchObject({ finding: 'match', licenseComparison: 'match', record: { npi: '1648293755', specialty: 'Internal Medicine' } });
    expect(await verify(NPPES_FIXTURES.secondIndividual)).toMatchObject({ finding: 'match', licenseComparison: 'match' });
  });

  it('answers not-found for an NPI the registry does not hold', async () => {
    expect(await lookupNpi(NPPES_FIXTURES.unknown.npi, settings())).toEqual({ result_count: 0, results: [] });
    expect(await verify(NPPES_FIXTURES.unknown)).toMatchObject({ finding: 'not-found', reason: 'NPI 1746502834 is not in the NPPES NPI Registry' });
  });

  it('answers inactive and organization', async () => {
    expect(await verify(NPPES_FIXTURES.inactive)).toMatchObject({ finding: 'inactive', reason: 'NPI 1394857209 is not active in the NPPES NPI Registry (status D)' });
    expect(await verify(NPPES_FIXTURES.organization)).toMatchObject({ finding: 'organization' });
  });

  it("reads NPPES's Errors list (HTTP 200) as registry-error", async () => {
    server.mode = 'errors';
    const check = await verify(NPPES_FIXTURES.activeMd);
    expect(check).toMatchObject({ finding: 'registry-error', reason: 'The NPPES NPI Registry refused the lookup of NPI 1648293755: No valid search criteria provided' });
  });

  it('answers Errors, as NPPES does, for a missing or unsupported version or a malformed number', async () => {
    const get = async (query: string) => (await fetch(`${server.apiUrl()}/?${query}`)).json();
    expect(await get('number=1648293755')).toMatchObject({ Errors: [{ field: 'version' }] });
    expect(await get('version=2.0&number=1648293755')).toMatchObject({ Errors: [{ field: 'version' }] });
    expect(await get('version=2.1&number=12345')).toMatchObject({ Errors: [{ field: 'number' }] });
    expect(await get('version=2.1')).toMatchObject({ Errors: [{ description: 'No valid search criteria provided' }] });
  });

  it('fails as a ProviderError on a server error, no answer in time, and nobody listening', async () => {
    server.mode = 'server-error';
    expect(await failure(lookupNpi(NPPES_FIXTURES.activeMd.npi, settings()))).toMatchObject({ provider: 'NPPES NPI Registry', failure: 'http-status', status: 503 });
    server.mode = 'hang';
    expect(await failure(lookupNpi(NPPES_FIXTURES.activeMd.npi, settings()))).toMatchObject({ failure: 'timeout', message: 'NPPES NPI Registry did not answer within 500 ms' });
    server.mode = 'normal';
    expect(await failure(lookupNpi(NPPES_FIXTURES.activeMd.npi, { baseUrl: 'http://127.0.0.1:9/nppes', timeoutMs: TIMEOUT_MS }))).toMatchObject({ failure: 'unreachable' });
  });

  it('fails as malformed when the answer is not a JSON object', async () => {
    const html = () => Promise.resolve(new Response('<html>maintenance</html>', { status: 200 }));
    expect(await failure(lookupNpi(NPPES_FIXTURES.activeMd.npi, settings(), html))).toMatchObject({ failure: 'malformed' });
    const list = () => Promise.resolve(new Response('[]', { status: 200 }));
    expect(await failure(lookupNpi(NPPES_FIXTURES.activeMd.npi, settings(), list))).toMatchObject({ failure: 'malformed' });
  });

  it('never asks for a number that is not a valid NPI', async () => {
    const before = server.requests.length;
    await expect(lookupNpi('1648293756', settings())).rejects.toThrow(RangeError);
    await expect(lookupNpi('1648293755&number=1', settings())).rejects.toThrow(RangeError);
    expect(server.requests.length).toBe(before);
  });
});

describe('settings', () => {
  const env = (values: Record<string, string>) => (name: string) => values[name];

  it('reads NPPES_API_URL and NPPES_TIMEOUT_MS (default 8000); no URL is not configured', () => {
    expect(nppesSettingsFromEnv(env({ NPPES_API_URL: ' https://npiregistry.cms.hhs.gov/api ' }), { hosted: true })).toEqual({
      baseUrl: 'https://npiregistry.cms.hhs.gov/api',
      timeoutMs: 8000,
    });
    expect(nppesSettingsFromEnv(env({ NPPES_API_URL: 'https://npiregistry.cms.hhs.gov/api', NPPES_TIMEOUT_MS: '2000' }), { hosted: true })?.timeoutMs).toBe(2000);
    expect(nppesSettingsFromEnv(env({ NPPES_API_URL: 'https://npiregistry.cms.hhs.gov/api', NPPES_TIMEOUT_MS: '-1' }), { hosted: true })?.timeoutMs).toBe(8000);
    expect(nppesSettingsFromEnv(env({}), { hosted: false })).toBeNull();
    expect(nppesSettingsFromEnv(env({ NPPES_API_URL: '  ' }), { hosted: false })).toBeNull();
  });

  it('takes http only on the local stack, and nothing but http(s)', () => {
    const local = 'http://127.0.0.1:11362/nppes';
    expect(nppesSettingsFromEnv(env({ NPPES_API_URL: local }), { hosted: false })?.baseUrl).toBe(local);
    expect(nppesSettingsFromEnv(env({ NPPES_API_URL: local }), { hosted: true })).toBeNull();
    expect(nppesSettingsFromEnv(env({ NPPES_API_URL: 'ftp://npiregistry.cms.hhs.gov/api' }), { hosted: false })).toBeNull();
    expect(nppesSettingsFromEnv(env({ NPPES_API_URL: 'not a url' }), { hosted: false })).toBeNull();
  });

  it('tells the local stack by a loopback host', () => {
    for (const url of ['http://127.0.0.1:54321', 'http://localhost:54321', 'http://[::1]:54321', 'http://api.localhost', 'http://127.1.2.3']) {
      expect(isLocalSupabaseUrl(url)).toBe(true);
    }
    for (const url of ['https://abcd.supabase.co', 'http://10.0.0.5:54321', 'http://127.0.0.1.example.com', '', 'not a url']) {
      expect(isLocalSupabaseUrl(url)).toBe(false);
    }
  });

  it("puts the test stack's double on its own port, beside the drug providers'", () => {
    expect(nppesPort(57321)).toBe(27362);
    expect(nppesPort(57321)).toBe(drugProviderPort(57321) + 1);
    expect(nppesEnv(55321)).toEqual({ NPPES_API_URL: 'http://127.0.0.1:25362/nppes' });
  });
});
