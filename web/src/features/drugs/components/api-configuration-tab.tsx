/**
 * API Configuration (spec part 2 §2; issue 13): each drug-data provider as the api just checked it — its state
 * (Connected, Not Reachable with why, Not Configured), the version or last-modified date it reports, its rate limit
 * and the calls left from its response headers ('not reported' when it sends none), when it was checked (local time)
 * and whether an API key is set — with Check again, and where the addresses and keys come from: environment
 * variables of the api function, never this screen.
 */
import { PROVIDER_STATE_LABELS, type DrugProviderId, type ProviderStatus } from '@pharmacy/shared/drugs/external-drug.ts';
import { useId } from 'react';
import { QueryErrorNotice, QueryState } from '../../../components/ui/query-state.tsx';
import { useDrugProviders } from '../api/get-drug-providers.ts';
import { localDateTime } from '../display-format.ts';
import { DrugFacts } from './drug-facts.tsx';

/** The variables edge-functions/api/drugs/providers/provider-config.ts reads for each provider. */
const PROVIDER_VARIABLES: Record<DrugProviderId, { url: string; key: string | null }> = {
  openfda: { url: 'OPENFDA_API_URL', key: 'OPENFDA_API_KEY' },
  rxnorm: { url: 'RXNAV_API_URL', key: null },
  nadac: { url: 'NADAC_API_URL', key: null },
};

const STATE_BADGE: Record<ProviderStatus['state'], string> = {
  connected: 'badge-success',
  'not-reachable': 'badge-error',
  'not-configured': 'badge-ghost',
};

const PROVIDER_ROLES: Record<DrugProviderId, string> = {
  openfda: 'Drug Search and Database Sync (the FDA NDC Directory)',
  rxnorm: 'Drug Search (NLM RxNorm names and NDC status)',
  nadac: 'Pricing Management (CMS NADAC prices)',
};

function rateLimitText(rateLimit: ProviderStatus['rateLimit']): string {
  if (!rateLimit || (rateLimit.limit === null && rateLimit.remaining === null)) return 'not reported';
  const limit = rateLimit.limit === null ? 'limit not reported' : `${rateLimit.limit.toLocaleString('en-US')} calls`;
  const remaining = rateLimit.remaining === null ? 'calls left not reported' : `${rateLimit.remaining.toLocaleString('en-US')} left`;
  return `${limit}, ${remaining}`;
}

function ProviderCard({ provider }: { provider: ProviderStatus }) {
  const titleId = useId();
  const variables = PROVIDER_VARIABLES[provider.id];
  return (
    <article aria-labelledby={titleId} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 id={titleId} className="font-semibold">
              {provider.name}
            </h3>
            <p className="text-sm text-base-content/70">{PROVIDER_ROLES[provider.id]}</p>
          </div>
          <span className={`badge ${STATE_BADGE[provider.state]}`} data-testid="provider-state">
            {PROVIDER_STATE_LABELS[provider.state]}
          </span>
        </div>
        <DrugFacts
          facts={[
            { label: 'Version', value: provider.version ?? 'not reported' },
            { label: 'Rate limit', value: rateLimitText(provider.rateLimit) },
            { label: 'Checked at', value: localDateTime(provider.checkedAt) },
            ...(provider.detail ? [{ label: 'Detail', value: <span className="text-error">{provider.detail}</span> }] : []),
            { label: 'API key', value: variables.key ? (provider.apiKeySet ? `Set (${variables.key})` : `Not set (${variables.key}, optional)`) : 'None needed' },
            { label: 'Address from', value: <code className="text-xs">{variables.url}</code> },
          ]}
        />
      </div>
    </article>
  );
}

export function ApiConfigurationTab({ pharmacyId }: { pharmacyId: string }) {
  const providers = useDrugProviders(pharmacyId);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-base-content/70">Each provider is asked when this tab opens and when you check again.</p>
        <button type="button" className="btn btn-sm" disabled={providers.isFetching} onClick={() => void providers.refetch()}>
          {providers.isFetching ? 'Checking…' : 'Check again'}
        </button>
      </div>
      {providers.data ? <QueryErrorNotice query={providers} errorText="The providers could not be checked" /> : null}
      <QueryState
        query={providers}
        errorText="The providers could not be checked"
        loadingLabel="Checking the providers"
        isEmpty={(data) => data.length === 0}
        emptyText="No drug-data provider is known to the api."
      >
        {(data) => (
          <ul className="grid gap-3 lg:grid-cols-3" aria-label="Drug-data providers">
            {data.map((provider) => (
              <li key={provider.id}>
                <ProviderCard provider={provider} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <div role="note" className="alert alert-info alert-soft text-sm">
        <p>
          API addresses and keys come from environment variables of the api function, never from this screen:{' '}
          <code>OPENFDA_API_URL</code> and <code>OPENFDA_API_KEY</code> (openFDA; the key is optional and raises the
          daily limit), <code>RXNAV_API_URL</code> (RxNorm), <code>NADAC_API_URL</code> (the NADAC dataset's query URL)
          and <code>DRUG_PROVIDER_TIMEOUT_MS</code> (how long one call may take). On hosted Supabase set them with{' '}
          <code>supabase secrets set</code>; locally, in the environment of <code>npm start</code> or in{' '}
          <code>supabase/functions/.env</code>. A provider without an address is Not Configured.
        </p>
      </div>
    </div>
  );
}
