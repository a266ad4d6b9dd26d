/**
 * A local HTTP server that answers as the drug-data providers do, from the hand-written fixtures of
 * tests/fixtures/drug-providers (see its README: written from each provider's documentation): openFDA under
 * /openfda, RxNav under /rxnav, the NADAC datastore query under /nadac. It filters the fixture records by the
 * request as the provider would (openFDA's search expression, RxNav's ids, DKAN's conditions) and sends openFDA's
 * X-RateLimit-* headers (the remaining count goes down with each call). A test sets `mode` to make a provider
 * answer a server error, something that is not JSON, or nothing in time; `requests` records what was asked.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const fixtureDir = path.join(import.meta.dirname, '..', 'fixtures', 'drug-providers');
const fixture = <T>(name: string): T => JSON.parse(readFileSync(path.join(fixtureDir, name), 'utf8')) as T;

type Provider = 'openfda' | 'rxnav' | 'nadac';
export type ProviderMode = 'normal' | 'server-error' | 'malformed' | 'hang';

export const OPENFDA_RATE_LIMIT = 240;

interface OpenFdaProduct {
  product_ndc: string;
  brand_name?: string;
  generic_name?: string;
  packaging?: { package_ndc: string }[];
}

export interface DrugProviderServer {
  url: string;
  mode: Record<Provider, ProviderMode>;
  requests: string[];
  urls(): { OPENFDA_API_URL: string; RXNAV_API_URL: string; NADAC_API_URL: string };
  close(): Promise<void>;
}

interface OpenFdaTerm {
  field: string;
  value: string;
  /** `field:word*`: a word of the field starts with value (case-insensitive); else `field:"value"`, exact. */
  prefix: boolean;
}

/**
 * An openFDA search expression as OR-groups of AND-ed terms: `a+b` is a OR b, `(a+AND+b)` both, terms
 * `field:"exact"` or `field:word*` (https://open.fda.gov/apis/query-syntax/, advanced-syntax/, wildcard-search/).
 */
function openFdaGroups(search: string): OpenFdaTerm[][] {
  // The query string's `+` arrives as a space (form encoding), as at openFDA.
  const groups: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const char of search) {
    if (char === '"') quoted = !quoted;
    if (!quoted && char === '(') depth += 1;
    if (!quoted && char === ')') depth -= 1;
    if (char === ' ' && depth === 0 && !quoted) {
      groups.push(current);
      current = '';
    } else current += char;
  }
  groups.push(current);
  return groups.map((group) =>
    group
      .replace(/^\(|\)$/g, '')
      .split(' AND ')
      .map((term): OpenFdaTerm => {
        const colon = term.indexOf(':');
        const field = term.slice(0, colon);
        const raw = term.slice(colon + 1);
        if (raw.endsWith('*')) return { field, value: raw.slice(0, -1).toLowerCase(), prefix: true };
        return { field, value: raw.replace(/^"|"$/g, ''), prefix: false };
      }),
  );
}

function openFdaTermMatches(product: OpenFdaProduct, { field, value, prefix }: OpenFdaTerm): boolean {
  if (field === 'product_ndc') return product.product_ndc === value;
  if (field === 'packaging.package_ndc') return (product.packaging ?? []).some((pack) => pack.package_ndc === value);
  const text = (field === 'brand_name' ? product.brand_name : field === 'generic_name' ? product.generic_name : undefined)?.toLowerCase() ?? '';
  const tokens = text.split(/[^a-z0-9]+/);
  return prefix ? tokens.some((token) => token.startsWith(value)) : text === value.toLowerCase();
}

function openFdaMatches(product: OpenFdaProduct, groups: OpenFdaTerm[][]): boolean {
  return groups.some((group) => group.every((term) => openFdaTermMatches(product, term)));
}

export async function startDrugProviderServer(port = 0): Promise<DrugProviderServer> {
  const openFda = fixture<{ meta: Record<string, unknown>; results: OpenFdaProduct[] }>('openfda-ndc.json');
  const properties = fixture<Record<string, unknown>>('rxnav-properties.json');
  const ndcProperties = fixture<Record<string, unknown>>('rxnav-ndcproperties.json');
  const ndcStatus = fixture<Record<string, unknown>>('rxnav-ndcstatus.json');
  const nadacRows = fixture<Record<string, string>[]>('nadac-rows.json');
  let remaining = OPENFDA_RATE_LIMIT;
  const hanging = new Set<http.ServerResponse>();

  const state: Omit<DrugProviderServer, 'url' | 'urls' | 'close'> = {
    mode: { openfda: 'normal', rxnav: 'normal', nadac: 'normal' },
    requests: [],
  };

  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const openFdaAnswer = (url: URL, res: http.ServerResponse) => {
    remaining = Math.max(0, remaining - 1);
    const headers = { 'X-RateLimit-Limit': String(OPENFDA_RATE_LIMIT), 'X-RateLimit-Remaining': String(remaining) };
    if (url.pathname !== '/drug/ndc.json') return json(res, 404, { error: { code: 'NOT_FOUND', message: 'Not found' } }, headers);
    const search = url.searchParams.get('search');
    const limit = Number(url.searchParams.get('limit') ?? '1');
    const matching = search === null ? openFda.results : openFda.results.filter((product) => openFdaMatches(product, openFdaGroups(search)));
    if (matching.length === 0) return json(res, 404, fixture('openfda-not-found.json'), headers);
    const results = matching.slice(0, limit);
    json(res, 200, { meta: { ...openFda.meta, results: { skip: 0, limit, total: matching.length } }, results }, headers);
  };

  const rxNavAnswer = (url: URL, res: http.ServerResponse) => {
    const rxcuiProperties = /^\/rxcui\/(\d+)\/properties\.json$/.exec(url.pathname);
    if (rxcuiProperties) return json(res, 200, properties[rxcuiProperties[1]!] ?? {});
    switch (url.pathname) {
      case '/version.json':
        return json(res, 200, fixture('rxnav-version.json'));
      case '/approximateTerm.json': {
        const term = (url.searchParams.get('term') ?? '').toLowerCase();
        const known = fixture<{ approximateGroup: Record<string, unknown> }>('rxnav-approximate-term.json');
        // No candidate: RxNav leaves the candidate list out.
        if (!/atorva|lipitor/.test(term)) return json(res, 200, { approximateGroup: { inputTerm: term, maxEntries: '20', option: '1', comment: '' } });
        return json(res, 200, { approximateGroup: { ...known.approximateGroup, inputTerm: term } });
      }
      case '/ndcproperties.json':
        return json(res, 200, ndcProperties[url.searchParams.get('id') ?? ''] ?? {});
      case '/ndcstatus.json': {
        const ndc = url.searchParams.get('ndc') ?? '';
        return json(res, 200, ndcStatus[ndc] ?? { ndcStatus: { ndc11: ndc, status: 'UNKNOWN', active: 'NO', rxnormNdc: 'NO', rxcui: '', conceptName: '', conceptStatus: '', comment: '', ndcHistory: [] } });
      }
      default:
        return json(res, 404, { error: 'not found' });
    }
  };

  /** DKAN's datastore query: conditions[0] (property, operator in / =, value or value[i]), sorts[0], limit. */
  const nadacAnswer = (url: URL, res: http.ServerResponse) => {
    const params = url.searchParams;
    const values = [...params.entries()].filter(([name]) => /^conditions\[0\]\[value\](\[\d+\])?$/.test(name)).map(([, value]) => value);
    let rows = values.length === 0 ? nadacRows : nadacRows.filter((row) => values.includes(row[params.get('conditions[0][property]') ?? 'ndc'] ?? ''));
    const sortBy = params.get('sorts[0][property]');
    if (sortBy) {
      const direction = params.get('sorts[0][order]') === 'desc' ? -1 : 1;
      rows = [...rows].sort((a, b) => direction * (a[sortBy] ?? '').localeCompare(b[sortBy] ?? ''));
    }
    const limit = Number(params.get('limit') ?? '500');
    json(res, 200, { results: rows.slice(0, limit), count: rows.length, schema: {}, query: {} });
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const [, provider, ...rest] = url.pathname.split('/');
    state.requests.push(`${req.method} ${url.pathname}${url.search}`);
    const inner = new URL(`/${rest.join('/')}${url.search}`, 'http://127.0.0.1');
    const mode = state.mode[provider as Provider];
    if (!mode) return json(res, 404, { error: 'no such provider' });
    if (mode === 'hang') {
      hanging.add(res);
      res.once('close', () => hanging.delete(res));
      return; // never answers
    }
    if (mode === 'server-error') return json(res, 500, { error: { code: 'SERVER_ERROR', message: 'Check your request and try again' } });
    if (mode === 'malformed') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      return res.end('<html><body>Service temporarily unavailable</body></html>');
    }
    if (provider === 'openfda') return openFdaAnswer(inner, res);
    if (provider === 'rxnav') return rxNavAnswer(inner, res);
    return nadacAnswer(inner, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    mode: state.mode,
    requests: state.requests,
    url,
    urls: () => ({ OPENFDA_API_URL: `${url}/openfda`, RXNAV_API_URL: `${url}/rxnav`, NADAC_API_URL: `${url}/nadac` }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Where the test stack's functions look for the providers: a port under the test port base (beside the stack's
 * internal ports, base−30000+9…+15), on which a test starts this server while it needs the providers.
 */
export function drugProviderPort(portBase: number): number {
  const internal = portBase >= 32768 ? portBase - 30000 : portBase;
  return internal + 40;
}

export function drugProviderEnv(portBase: number): Record<string, string> {
  const url = `http://127.0.0.1:${drugProviderPort(portBase)}`;
  return { OPENFDA_API_URL: `${url}/openfda`, RXNAV_API_URL: `${url}/rxnav`, NADAC_API_URL: `${url}/nadac` };
}
