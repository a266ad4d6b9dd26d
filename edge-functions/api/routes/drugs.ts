/**
 * External drug data (shared/src/api/drugs.ts): signed-in staff only — the caller's staff context is read with
 * their JWT (no active staff profile: 403) — then the providers named by the function's environment
 * (drugs/providers/provider-config.ts) are asked. A provider that is not configured answers 503, one that
 * cannot be reached, times out or answers an error or malformed data 502, both with the spec's 'Unable to search
 * external drug database. Check API configuration.' (the web's toast 'External Search Failed'); the reason goes
 * to the log and to `details`, never invented results.
 */
import { drugProvidersEndpoint, externalDrugEndpoint, searchExternalDrugsEndpoint } from '@pharmacy/shared/api/drugs.ts';
import { EXTERNAL_SEARCH_MESSAGES, parseExternalDrugId, type DrugSearchProviderId } from '@pharmacy/shared/drugs/external-drug.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { findCallerStaff } from '../../_shared/caller-pharmacy.ts';
import { HttpError } from '../../_shared/http.ts';
import type { DrugDataProvider } from '../drugs/providers/drug-data-provider.ts';
import { providerSettingsFromEnv } from '../drugs/providers/provider-config.ts';
import { ProviderError } from '../drugs/providers/provider-http.ts';
import { createDrugProviders, type DrugProviders, providerStatuses } from '../drugs/providers/registry.ts';

/** Read per request, so a changed environment (a restarted runtime, `supabase secrets set`) is what counts. */
function drugProviders(): DrugProviders {
  return createDrugProviders(providerSettingsFromEnv((name) => Deno.env.get(name)));
}

async function requireStaff(req: Request): Promise<void> {
  if (!(await findCallerStaff(req))) throw new HttpError(403, EXTERNAL_SEARCH_MESSAGES.staffOnly);
}

function searchProvider(providers: DrugProviders, id: DrugSearchProviderId): DrugDataProvider {
  const provider = providers.search[id];
  if (!provider) throw new HttpError(503, EXTERNAL_SEARCH_MESSAGES.failedDescription, { provider: id, reason: 'not configured' });
  return provider;
}

/** A provider's failure as the spec's message (502), its reason kept for the log and `details`. */
async function askProvider<T>(id: DrugSearchProviderId, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.error(`external drug data: ${error.message}`);
    throw new HttpError(502, EXTERNAL_SEARCH_MESSAGES.failedDescription, { provider: id, reason: error.failure, message: error.message });
  }
}

export function addDrugRoutes(router: ApiRouter): void {
  router.serve(searchExternalDrugsEndpoint, async ({ req, query }) => {
    await requireStaff(req);
    const provider = searchProvider(drugProviders(), query.provider);
    return askProvider(query.provider, () => provider.search(query.query));
  });

  router.serve(externalDrugEndpoint, async ({ req, params }) => {
    await requireStaff(req);
    const id = parseExternalDrugId(params.id ?? '');
    if (!id) throw new HttpError(404, EXTERNAL_SEARCH_MESSAGES.notFound);
    const provider = searchProvider(drugProviders(), id.provider);
    const found = await askProvider(id.provider, () => provider.findByNdc(id.ndc11));
    if (!found) throw new HttpError(404, EXTERNAL_SEARCH_MESSAGES.notFound);
    return found;
  });

  router.serve(drugProvidersEndpoint, async ({ req }) => {
    await requireStaff(req);
    return providerStatuses(drugProviders());
  });
}
