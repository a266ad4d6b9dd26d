/**
 * The four stat cards of the Drug Database (spec part 2 §2), real figures instead of the spec's static ones: Local
 * Drugs (the catalog's count), External Provider (openFDA's state as the api last checked it), Last Price Update (the
 * last successful price update, relative to now; 'Never' when none has succeeded) and DUR Alerts (prescriptions with
 * an unresolved interaction alert). Each card is a region named by its title.
 */
import { PROVIDER_STATE_LABELS, type ProviderStateKind } from '@pharmacy/shared/drugs/external-drug.ts';
import type { ReactNode } from 'react';
import { useDurAlertCount } from '../api/get-dur-alert-count.ts';
import { useDrugProviders } from '../api/get-drug-providers.ts';
import { useLastPriceUpdate } from '../api/get-last-price-update.ts';
import { useLocalDrugCount } from '../api/get-local-drug-count.ts';
import { useNow } from '../../../hooks/use-now.ts';
import { countOf, localDateTime, relativeTimeSince } from '../display-format.ts';

type Tone = 'success' | 'error' | 'warning' | 'neutral' | 'primary';

const TONE_CLASS: Record<Tone, string> = {
  success: 'text-success',
  error: 'text-error',
  warning: 'text-warning',
  neutral: 'text-base-content',
  primary: 'text-primary',
};

export const PROVIDER_STATE_TONE: Record<ProviderStateKind, Tone> = {
  connected: 'success',
  'not-reachable': 'error',
  'not-configured': 'neutral',
};

interface StatCardProps {
  title: string;
  /** null while loading. */
  value: string | null;
  failed: boolean;
  tone?: Tone;
  caption: ReactNode;
}

function StatCard({ title, value, failed, tone = 'neutral', caption }: StatCardProps) {
  const titleId = `drug-card-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={titleId} className="card min-w-0 border border-base-300 bg-base-100">
      <div className="card-body gap-1 p-4 sm:p-6">
        <h2 id={titleId} className="text-sm font-medium text-base-content/70">
          {title}
        </h2>
        {value !== null ? (
          <p className={`text-xl font-bold break-words sm:text-2xl ${TONE_CLASS[tone]}`} data-testid="card-value">
            {value}
          </p>
        ) : failed ? (
          <p className="text-xl font-bold sm:text-2xl" data-testid="card-value">
            —
          </p>
        ) : (
          <div className="skeleton h-8 w-24">
            <span className="sr-only">Loading</span>
          </div>
        )}
        <p className="text-xs break-words text-base-content/70">{caption}</p>
      </div>
    </section>
  );
}

export function StatCards({ pharmacyId }: { pharmacyId: string }) {
  const count = useLocalDrugCount(pharmacyId);
  const providers = useDrugProviders(pharmacyId);
  const lastUpdate = useLastPriceUpdate(pharmacyId);
  const durAlerts = useDurAlertCount(pharmacyId);
  const now = useNow();
  const openFda = providers.data?.find((provider) => provider.id === 'openfda');

  return (
    <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
      <StatCard
        title="Local Drugs"
        value={count.data === undefined ? null : count.data.toLocaleString('en-US')}
        failed={count.isError}
        tone="primary"
        caption={count.isError ? `Not counted: ${count.error.message}` : 'Products in your catalog'}
      />
      <StatCard
        title="External Provider"
        value={openFda ? PROVIDER_STATE_LABELS[openFda.state] : null}
        failed={providers.isError || (providers.data !== undefined && !openFda)}
        tone={openFda ? PROVIDER_STATE_TONE[openFda.state] : 'neutral'}
        caption={
          openFda
            ? `${openFda.name}, checked ${localDateTime(openFda.checkedAt)}`
            : providers.isError
              ? `Not checked: ${providers.error.message}`
              : 'openFDA NDC Directory'
        }
      />
      <StatCard
        title="Last Price Update"
        value={lastUpdate.data === undefined ? null : lastUpdate.data === null ? 'Never' : relativeTimeSince(lastUpdate.data.finishedAt, now)}
        failed={lastUpdate.isError}
        caption={
          lastUpdate.isError
            ? `Not read: ${lastUpdate.error.message}`
            : lastUpdate.data
              ? `${localDateTime(lastUpdate.data.finishedAt)}, ${countOf(lastUpdate.data.localUpdatesApplied, 'price')} applied`
              : 'No price update has succeeded yet'
        }
      />
      <StatCard
        title="DUR Alerts"
        value={durAlerts.data === undefined ? null : durAlerts.data.toLocaleString('en-US')}
        failed={durAlerts.isError}
        tone={durAlerts.data ? 'error' : 'neutral'}
        caption={durAlerts.isError ? `Not counted: ${durAlerts.error.message}` : 'Prescriptions with an unresolved interaction alert'}
      />
    </div>
  );
}
