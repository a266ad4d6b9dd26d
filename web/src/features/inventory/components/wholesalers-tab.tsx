/**
 * The Wholesalers tab (spec §3 Wholesaler connection): a card per connection with its status from the last real
 * exchange, endpoint, last sync, features (the X12 documents it has sent), the key masked and the daily cut-off;
 * Test Connection and Configure (pharmacists and admins), Sync Now (any staff); Add Wholesaler.
 */
import type { Wholesaler } from '@pharmacy/shared/inventory/wholesale.ts';
import { useState } from 'react';
import { QueryErrorNotice } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useExchangeWithWholesaler } from '../api/exchange-with-wholesaler.ts';
import { useWholesalers } from '../api/get-wholesalers.ts';
import { WholesalerDialog } from './wholesaler-dialog.tsx';

/** When something happened, as staff read it (their terminal's clock). */
export function shownTime(instant: string): string {
  return new Date(instant).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });
}

const STATUS_BADGE: Record<Wholesaler['status'], string> = { connected: 'badge-success', pending: 'badge-warning', error: 'badge-error' };
const STATUS_LABEL: Record<Wholesaler['status'], string> = { connected: 'Connected', pending: 'Pending', error: 'Error' };

export function WholesalersTab({ pharmacyId, canAdjust }: { pharmacyId: string; canAdjust: boolean }) {
  const wholesalers = useWholesalers(pharmacyId);
  const exchange = useExchangeWithWholesaler();
  const [editing, setEditing] = useState<{ wholesaler: Wholesaler | null } | null>(null);
  const busy = exchange.isPending ? exchange.variables : null;

  function run(wholesaler: Wholesaler, kind: 'test' | 'sync') {
    exchange.mutate({ id: wholesaler.id, kind }, {
      onSuccess: (result) => toast({
        title: kind === 'test' ? (result.ok ? 'Connection works' : 'Connection failed') : (result.ok ? 'Sync complete' : 'Sync failed'),
        description: result.message,
        ...(result.ok ? {} : { variant: 'destructive' as const }),
      }),
      onError: (error) => toast({ title: kind === 'test' ? 'Connection failed' : 'Sync failed', description: error.message, variant: 'destructive' }),
    });
  }

  return (
    <SectionCard
      title="Wholesalers"
      headerAction={canAdjust ? <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing({ wholesaler: null })}>Add Wholesaler</button> : undefined}
    >
      <QueryErrorNotice query={wholesalers} errorText="The wholesalers could not be loaded" />
      {wholesalers.isPending ? <span className="loading loading-dots" aria-label="Loading wholesalers" /> : null}
      {wholesalers.data?.length === 0 ? (
        <p className="text-base-content/70">No wholesaler is connected yet.{canAdjust ? ' Add the one the pharmacy orders from, with the endpoint and key it gave you.' : ' A pharmacist or admin adds them.'}</p>
      ) : null}
      <ul className="grid gap-4 lg:grid-cols-2">
        {(wholesalers.data ?? []).map((wholesaler) => (
          <li key={wholesaler.id}>
            <article aria-label={wholesaler.name} className="card border border-base-300">
              <div className="card-body gap-2 p-4">
                <header className="flex items-center justify-between gap-2">
                  <h3 className="text-lg font-semibold">{wholesaler.name}</h3>
                  <span className={`badge ${STATUS_BADGE[wholesaler.status]}`}>{STATUS_LABEL[wholesaler.status]}</span>
                </header>
                {wholesaler.statusDetail ? <p className="text-sm text-base-content/80">{wholesaler.statusDetail}</p> : null}
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-base-content/70">API endpoint</dt>
                  <dd className="break-all font-mono text-xs">{wholesaler.apiEndpoint}</dd>
                  <dt className="text-base-content/70">API key</dt>
                  <dd className="font-mono text-xs">{wholesaler.apiKeyMasked ?? 'Not set'}</dd>
                  <dt className="text-base-content/70">Account</dt>
                  <dd>{wholesaler.accountNumber}</dd>
                  <dt className="text-base-content/70">Daily order cut-off</dt>
                  <dd>{wholesaler.dailyOrderCutoff}</dd>
                  <dt className="text-base-content/70">Last sync</dt>
                  <dd>{wholesaler.lastSync ? shownTime(wholesaler.lastSync) : 'Never'}</dd>
                  <dt className="text-base-content/70">Features</dt>
                  <dd>{wholesaler.features.length > 0 ? wholesaler.features.join(', ') : 'None seen yet (they appear as documents arrive)'}</dd>
                </dl>
                <div className="card-actions mt-1">
                  {canAdjust ? (
                    <button type="button" className="btn btn-sm" disabled={busy !== null} onClick={() => run(wholesaler, 'test')}>
                      {busy?.id === wholesaler.id && busy.kind === 'test' ? 'Testing…' : 'Test Connection'}
                    </button>
                  ) : null}
                  <button type="button" className="btn btn-sm" disabled={busy !== null} onClick={() => run(wholesaler, 'sync')}>
                    {busy?.id === wholesaler.id && busy.kind === 'sync' ? 'Syncing…' : 'Sync Now'}
                  </button>
                  {canAdjust ? <button type="button" className="btn btn-sm btn-ghost" onClick={() => setEditing({ wholesaler })}>Configure</button> : null}
                </div>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <WholesalerDialog open={editing !== null} wholesaler={editing?.wholesaler ?? null} onClose={() => setEditing(null)} />
    </SectionCard>
  );
}
