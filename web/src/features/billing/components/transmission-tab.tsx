/**
 * The Transmission tab: where claims go and how the last transmission to each switch went (GET
 * /api/claims/provider-status, in the order claims are routed), then the Transmission settings the route places (the
 * System Settings form for admins, who alone may change them; a note for other staff).
 */
import type { ReactNode } from 'react';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useProviderStatus } from '../api/get-provider-status.ts';
import { dateTime } from '../billing-format.ts';
import { outcomeLabel } from './transmission-attempts.tsx';

export function TransmissionTab({ pharmacyId, settings }: { pharmacyId: string; settings: ReactNode }) {
  const status = useProviderStatus(pharmacyId);
  return (
    <div className="flex flex-col gap-4">
      <SectionCard title="Claims switches">
        <QueryState query={status} errorText="The claims switches could not be read" loadingLabel="Loading the claims switches" skeletonRows={2}
          isEmpty={(data) => data.providers.length === 0}
          emptyText="No claims switch is configured: set the claims processor or enable a provider in the Transmission settings.">
          {(data) => (
            <ol className="flex flex-col gap-2" aria-label="Claims switches in routing order">
              {data.providers.map((provider, index) => (
                <li key={provider.name} className="flex flex-wrap items-baseline justify-between gap-2 rounded-box border border-base-300 p-3 text-sm">
                  <span className="flex flex-col">
                    <span className="font-semibold">{index + 1}. {provider.label}</span>
                    <span className="break-all text-base-content/70">{provider.url}</span>
                  </span>
                  <span className="text-right">
                    {provider.lastOutcome === null ? 'No transmission yet' : (
                      <>
                        <span className={provider.lastOutcome === 'answered' ? 'text-success' : 'text-error'}>{outcomeLabel(provider.lastOutcome)}</span>
                        {provider.lastAt ? ` ${dateTime(provider.lastAt)}` : ''}
                        {provider.lastDurationMs !== null ? ` · ${provider.lastDurationMs.toLocaleString('en-US')} ms` : ''}
                        {provider.lastDetail ? <span className="block text-base-content/70">{provider.lastDetail}</span> : null}
                      </>
                    )}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </QueryState>
      </SectionCard>
      {settings}
    </div>
  );
}
