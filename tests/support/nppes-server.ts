/**
 * A local HTTP server that answers as the NPPES NPI Registry API v2.1 does (https://npiregistry.cms.hhs.gov/api-page),
 * from the hand-written fixtures of tests/fixtures/nppes (see its README: fictional people, written from the
 * documented format): GET /nppes/?version=2.1&number=N answers the fixture whose result has that number, an NPI
 * it does not hold {"result_count":0,"results":[]}, and a missing or unsupported version or a number that is not
 * ten digits HTTP 200 with {"Errors": […]} as NPPES does. A test sets `mode` to make it answer every lookup with
 * Errors, a server error, or nothing in time; `requests` records what was asked.
 */
import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const fixtureDir = path.join(import.meta.dirname, '..', 'fixtures', 'nppes');
const fixture = <T>(name: string): T => JSON.parse(readFileSync(path.join(fixtureDir, name), 'utf8')) as T;

export type NppesMode = 'normal' | 'errors' | 'server-error' | 'hang';

interface NppesAnswer {
  result_count: number;
  results: { number: string }[];
}

type ErrorsBody = { Errors: { description: string; field: string; number: string }[] };

/**
 * The fixtures' people as a prescriber form would have them (names as a pharmacy would type them, not as NPPES
 * writes them), for tests that add a prescriber and verify it. `unknown` is a valid NPI the registry does not hold.
 */
export const NPPES_FIXTURES = {
  /** Active, NPI-1, M.D.; primary taxonomy Internal Medicine with NY licence 209876 (and NJ 25MA08765400). */
  activeMd: { npi: '1648293755', firstName: 'Eleanor', lastName: 'Whitfield', licenseNumber: '209876', licenseState: 'NY' },
  /** Active, NPI-1, DO; a compound hyphenated last name; TX licence written Q-04521 in NPPES. */
  secondIndividual: { npi: '1573028465', firstName: 'Rafael', lastName: 'De la Cruz-Moreno', licenseNumber: 'Q4521', licenseState: 'TX' },
  /** NPI-1 with status D (deactivated); the live registry normally leaves deactivated NPIs out of its answers. */
  inactive: { npi: '1394857209', firstName: 'Harold', lastName: 'Bennett', licenseNumber: '011234', licenseState: 'CT' },
  /** NPI-2: RIVERSIDE COMMUNITY HEALTH CLINIC LLC. */
  organization: { npi: '1283746596', name: 'Riverside Community Health Clinic LLC' },
  unknown: { npi: '1746502834' },
} as const;

export interface NppesServer {
  url: string;
  mode: NppesMode;
  requests: string[];
  /** NPPES_API_URL for this server. */
  apiUrl(): string;
  close(): Promise<void>;
}

export async function startNppesServer(port = 0): Promise<NppesServer> {
  const answers = new Map<string, NppesAnswer>();
  for (const name of readdirSync(fixtureDir).filter((file) => file.endsWith('.json') && file !== 'errors.json')) {
    const answer = fixture<NppesAnswer>(name);
    for (const result of answer.results) answers.set(result.number, { result_count: 1, results: [result] });
  }
  const errors = fixture<Record<'missing-version' | 'unsupported-version' | 'invalid-number' | 'no-criteria', ErrorsBody>>('errors.json');
  const hanging = new Set<http.ServerResponse>();
  const state: { mode: NppesMode; requests: string[] } = { mode: 'normal', requests: [] };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  /** NPPES's own answer to a query: errors are HTTP 200 with an Errors list. */
  const lookup = (params: URLSearchParams, res: http.ServerResponse) => {
    const version = params.get('version');
    if (version === null || version === '') return json(res, 200, errors['missing-version']);
    if (version !== '2.1') return json(res, 200, errors['unsupported-version']);
    const number = params.get('number');
    if (number === null || number === '') return json(res, 200, errors['no-criteria']);
    if (!/^\d{10}$/.test(number)) return json(res, 200, errors['invalid-number']);
    json(res, 200, answers.get(number) ?? { result_count: 0, results: [] });
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    state.requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (req.method !== 'GET' || (url.pathname !== '/nppes/' && url.pathname !== '/nppes')) return json(res, 404, { error: 'not found' });
    if (state.mode === 'hang') {
      hanging.add(res);
      res.once('close', () => hanging.delete(res));
      return; // never answers
    }
    if (state.mode === 'server-error') {
      res.writeHead(503, { 'Content-Type': 'text/html' });
      return res.end('<html><body>Service Unavailable</body></html>');
    }
    if (state.mode === 'errors') return json(res, 200, errors['no-criteria']);
    lookup(url.searchParams, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get mode() {
      return state.mode;
    },
    set mode(mode: NppesMode) {
      state.mode = mode;
    },
    requests: state.requests,
    url,
    apiUrl: () => `${url}/nppes`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Where the test stack's functions look for NPPES: a port under the test port base, one above the drug providers'
 * (drugProviderPort is internal+40), on which a test starts this server while it needs the registry.
 */
export function nppesPort(portBase: number): number {
  const internal = portBase >= 32768 ? portBase - 30000 : portBase;
  return internal + 41;
}

export function nppesEnv(portBase: number): { NPPES_API_URL: string } {
  return { NPPES_API_URL: `http://127.0.0.1:${nppesPort(portBase)}/nppes` };
}
