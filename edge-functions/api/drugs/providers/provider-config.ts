/**
 * Where the drug-data providers are, from the function's environment (hosted: `supabase secrets set`; locally:
 * the environment of `npm start` / `npm run stack` or supabase/functions/.env): a provider without a base URL is
 * not configured and is never called. Keys are optional (openFDA raises its daily limit with one).
 *   OPENFDA_API_URL  e.g. https://api.fda.gov          OPENFDA_API_KEY (optional)
 *   RXNAV_API_URL    e.g. https://rxnav.nlm.nih.gov/REST
 *   NADAC_API_URL    the NADAC dataset's datastore query URL, e.g.
 *                    https://data.medicaid.gov/api/1/datastore/query/<NADAC dataset id>/0
 *   DRUG_PROVIDER_TIMEOUT_MS  per call (default 8000)
 */
import type { DrugProviderId } from '@pharmacy/shared/drugs/external-drug.ts';
import type { ProviderSettings } from './drug-data-provider.ts';
import type { FetchLike } from './provider-http.ts';

export const PROVIDER_ENV: Record<DrugProviderId, { url: string; key: string | null }> = {
  openfda: { url: 'OPENFDA_API_URL', key: 'OPENFDA_API_KEY' },
  rxnorm: { url: 'RXNAV_API_URL', key: null },
  nadac: { url: 'NADAC_API_URL', key: null },
};

export const DEFAULT_PROVIDER_TIMEOUT_MS = 8000;

export type EnvReader = (name: string) => string | undefined;

/** Each provider's settings, or null when its URL is not set (or not an http(s) URL). */
export function providerSettingsFromEnv(env: EnvReader, fetchImpl?: FetchLike): Record<DrugProviderId, ProviderSettings | null> {
  const timeout = Number(env('DRUG_PROVIDER_TIMEOUT_MS'));
  const timeoutMs = Number.isInteger(timeout) && timeout > 0 ? timeout : DEFAULT_PROVIDER_TIMEOUT_MS;
  const settings = (id: DrugProviderId): ProviderSettings | null => {
    const baseUrl = env(PROVIDER_ENV[id].url)?.trim();
    if (!baseUrl || !/^https?:\/\//i.test(baseUrl)) return null;
    const keyName = PROVIDER_ENV[id].key;
    const apiKey = keyName ? env(keyName)?.trim() || null : null;
    return { baseUrl, apiKey, timeoutMs, ...(fetchImpl ? { fetch: fetchImpl } : {}) };
  };
  return { openfda: settings('openfda'), rxnorm: settings('rxnorm'), nadac: settings('nadac') };
}
