/**
 * Every endpoint of the /api contract, read from the contract modules themselves (shared/src/api/<area>.ts):
 * each exported ApiEndpoint of each module, named `<area>.<export>`. Tests drive the api from this list, so
 * an endpoint added to the contract is tested without editing them.
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

export async function contractEndpoints(): Promise<NamedEndpoint[]> {
  const modules = readdirSync(contractFolder).filter((file) => file.endsWith('.ts') && file !== 'endpoint.ts').sort();
  const endpoints: NamedEndpoint[] = [];
  for (const file of modules) {
    const exports = (await import(path.join(contractFolder, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (isEndpoint(value)) endpoints.push({ name: `${file.replace(/\.ts$/, '')}.${name}`, endpoint: value });
    }
  }
  return endpoints;
}
