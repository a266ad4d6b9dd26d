/**
 * The configured providers and their states (API Configuration tab): a provider without a URL is not configured;
 * a configured one is probed and is connected (with the version and rate limit it reports) or not reachable (with
 * why). Probes run side by side, each under the provider timeout.
 */
import { DRUG_PROVIDER_IDS, DRUG_PROVIDER_NAMES, type DrugProviderId, type DrugSearchProviderId, type ProviderStatus } from '@pharmacy/shared/drugs/external-drug.ts';
import type { DrugDataProvider, PricingProvider, ProviderProbe, ProviderSettings } from './drug-data-provider.ts';
import { createNadacProvider } from './nadac.ts';
import { createOpenFdaProvider } from './openfda.ts';
import { ProviderError } from './provider-http.ts';
import { createRxNavProvider } from './rxnav.ts';

export interface DrugProviders {
  search: Record<DrugSearchProviderId, DrugDataProvider | null>;
  pricing: PricingProvider | null;
  settings: Record<DrugProviderId, ProviderSettings | null>;
}

export function createDrugProviders(settings: Record<DrugProviderId, ProviderSettings | null>): DrugProviders {
  return {
    search: {
      openfda: settings.openfda ? createOpenFdaProvider(settings.openfda) : null,
      rxnorm: settings.rxnorm ? createRxNavProvider(settings.rxnorm) : null,
    },
    pricing: settings.nadac ? createNadacProvider(settings.nadac) : null,
    settings,
  };
}

function prober(providers: DrugProviders, id: DrugProviderId): (() => Promise<ProviderProbe>) | null {
  if (id === 'nadac') return providers.pricing ? () => providers.pricing!.probe() : null;
  const provider = providers.search[id];
  return provider ? () => provider.probe() : null;
}

export async function providerStatuses(providers: DrugProviders, now: () => Date = () => new Date()): Promise<ProviderStatus[]> {
  return Promise.all(
    DRUG_PROVIDER_IDS.map(async (id): Promise<ProviderStatus> => {
      const base = { id, name: DRUG_PROVIDER_NAMES[id], apiKeySet: Boolean(providers.settings[id]?.apiKey) };
      const probe = prober(providers, id);
      if (!probe) return { ...base, state: 'not-configured', checkedAt: now().toISOString(), version: null, rateLimit: null, detail: null };
      try {
        const result = await probe();
        return { ...base, state: 'connected', checkedAt: now().toISOString(), version: result.version, rateLimit: result.rateLimit, detail: null };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        return { ...base, state: 'not-reachable', checkedAt: now().toISOString(), version: null, rateLimit: null, detail: error.message };
      }
    }),
  );
}
