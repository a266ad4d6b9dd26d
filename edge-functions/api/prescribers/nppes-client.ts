/**
 * The NPPES NPI Registry adapter (issue 22): `GET {NPPES_API_URL}/?version=2.1&number={npi}`
 * (https://npiregistry.cms.hhs.gov/api-page), through the drug providers' one HTTP caller (provider-http.ts), so a
 * registry that cannot be asked is a ProviderError('NPPES NPI Registry', unreachable | timeout | http-status |
 * malformed). The answer is read by shared/src/prescribers/nppes.ts. Where NPPES is comes from the environment only:
 *   NPPES_API_URL     hosted: https://npiregistry.cms.hhs.gov/api (only an https URL counts there)
 *   NPPES_TIMEOUT_MS  per call (default 8000)
 * Without the URL the registry is not configured and never called. No Deno APIs: the Node contract tests run it.
 */
import { isValidNpi } from '@pharmacy/shared/prescribers/npi.ts';
import type { EnvReader } from '../drugs/providers/provider-config.ts';
import { type FetchLike, getProviderJson, isRecord, malformed, providerUrl } from '../drugs/providers/provider-http.ts';

export { isLocalSupabaseUrl } from '../../_shared/outbound-url.ts';

export const NPPES_PROVIDER = 'NPPES NPI Registry';
export const DEFAULT_NPPES_TIMEOUT_MS = 8000;

export interface NppesSettings {
  baseUrl: string;
  timeoutMs: number;
}

/**
 * The adapter's settings, or null when NPPES_API_URL is not set or not a URL the function may call: on hosted
 * only https (a patient-facing check must not go over plain http), locally http too (the test double).
 */
export function nppesSettingsFromEnv(env: EnvReader, options: { hosted: boolean }): NppesSettings | null {
  const baseUrl = env('NPPES_API_URL')?.trim();
  if (!baseUrl) return null;
  let protocol: string;
  try {
    protocol = new URL(baseUrl).protocol;
  } catch {
    return null;
  }
  if (protocol !== 'https:' && (options.hosted || protocol !== 'http:')) return null;
  const timeout = Number(env('NPPES_TIMEOUT_MS'));
  return { baseUrl, timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : DEFAULT_NPPES_TIMEOUT_MS };
}

/**
 * NPPES's answer for one NPI, as JSON (an object). The NPI must pass its check digit first: a number that cannot
 * be an NPI is never sent (RangeError, a caller's mistake: the database holds only valid NPIs).
 */
export async function lookupNpi(npi: string, settings: NppesSettings, fetchImpl?: FetchLike): Promise<unknown> {
  if (!isValidNpi(npi)) throw new RangeError(`${npi} is not a valid NPI (ten digits with a matching check digit); NPPES was not asked`);
  const url = providerUrl(settings.baseUrl, '/', `version=2.1&number=${npi}`);
  const { body } = await getProviderJson(NPPES_PROVIDER, url, { timeoutMs: settings.timeoutMs, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  if (!isRecord(body)) throw malformed(NPPES_PROVIDER, 'a JSON object');
  return body;
}
