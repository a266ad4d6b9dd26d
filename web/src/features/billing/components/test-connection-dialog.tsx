/**
 * Test Transmission Connection: a test E1 to each configured switch (POST /api/claims/test-providers), each switch's
 * answer listed — whether a D.0 response came back, how, and how long it took.
 */
import type { ProviderTest } from '@pharmacy/shared/api/claims.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { outcomeLabel } from './transmission-attempts.tsx';

export interface TestConnectionDialogProps {
  open: boolean;
  onClose: () => void;
  testing: boolean;
  result: ProviderTest | undefined;
  error: Error | null;
  onRetry: () => void;
}

export function TestConnectionDialog({ open, onClose, testing, result, error, onRetry }: TestConnectionDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Test Transmission Connection" size="lg" closeButton>
      <div className="flex flex-col gap-3" aria-busy={testing}>
        {testing ? (
          <p role="status" className="flex items-center gap-2"><span className="loading loading-spinner loading-sm" aria-hidden="true" />Sending a test to each configured switch…</p>
        ) : null}
        {error ? <p role="alert" className="alert alert-error alert-soft">{error.message}</p> : null}
        {result && !testing ? (
          result.providers.length === 0 ? (
            <p role="status">No claims switch is configured: set the claims processor or a provider in the Transmission settings.</p>
          ) : (
            <ul className="flex flex-col gap-2" aria-label="Switch answers">
              {result.providers.map((provider) => (
                <li key={provider.name} className="rounded-box border border-base-300 p-3 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold">{provider.label}</span>
                    <span className={`badge badge-sm ${provider.reachable ? 'badge-success' : 'badge-error'}`}>
                      {provider.reachable ? 'Connected' : 'Not connected'}
                    </span>
                  </div>
                  <p className="break-all text-base-content/70">{provider.url}</p>
                  <p>{outcomeLabel(provider.outcome)} in {provider.durationMs.toLocaleString('en-US')} ms{provider.detail ? `: ${provider.detail}` : ''}</p>
                </li>
              ))}
            </ul>
          )
        ) : null}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onRetry} disabled={testing}>Test Again</button>
          <button type="button" className="btn btn-primary" onClick={onClose}>Close</button>
        </div>
      </div>
    </Dialog>
  );
}
