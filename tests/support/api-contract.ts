/**
 * Every endpoint of the /api contract, read from the contract modules themselves (shared/src/api/<area>.ts):
 * each exported ApiEndpoint of each module, named `<area>.<export>`, and each ApiEndpoint inside an exported map
 * of endpoints (SETTINGS_ENDPOINTS: key → { get, put }), named `<area>.<export>.<key>.<name>`. Tests drive the api
 * from this list, so an endpoint added to the contract is tested without editing them.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { ApiEndpoint } from '../../shared/src/api/endpoint.ts';

export const contractFolder = path.join(import.meta.dirname, '..', '..', 'shared', 'src', 'api');

export interface NamedEndpoint {
  /** `<area>.<export name>`, e.g. 'labels.generateLabelEndpoint'. */
  name: string;
  endpoint: ApiEndpoint;
}

function isEndpoint(value: unknown): value is ApiEndpoint {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<ApiEndpoint>;
  return typeof candidate.method === 'string' && typeof candidate.path === 'string' && 'response' in candidate && 'request' in candidate;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

/** The endpoints of one export: the export itself, or those found in a (nested) map of endpoints. */
function endpointsIn(name: string, value: unknown): NamedEndpoint[] {
  if (isEndpoint(value)) return [{ name, endpoint: value }];
  if (!isPlainObject(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) => endpointsIn(`${name}.${key}`, inner));
}

export async function contractEndpoints(): Promise<NamedEndpoint[]> {
  const modules = readdirSync(contractFolder).filter((file) => file.endsWith('.ts') && file !== 'endpoint.ts').sort();
  const endpoints: NamedEndpoint[] = [];
  for (const file of modules) {
    const exports = (await import(path.join(contractFolder, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) endpoints.push(...endpointsIn(`${file.replace(/\.ts$/, '')}.${name}`, value));
  }
  return endpoints;
}
