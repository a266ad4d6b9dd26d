/**
 * A small status line telling whether the app reaches the pharmacy server, with the reason and a retry when
 * it does not. The router puts it in the signed-out pages' footer (PublicLayout's `status`).
 */
import { useServerHealth } from '../api/get-server-health.ts';

export function ServerConnectionIndicator() {
  const health = useServerHealth();

  if (health.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 text-sm text-base-content/70">
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        Checking the connection to the pharmacy server…
      </div>
    );
  }

  if (health.isError) {
    return (
      <div role="alert" className="alert alert-error alert-soft max-w-xl py-2 text-sm">
        <span className="status status-error" aria-hidden="true" />
        <div>
          <p className="font-medium">Cannot connect to the pharmacy server</p>
          <p className="break-all text-xs opacity-80">{health.error.message}</p>
        </div>
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          onClick={() => void health.refetch()}
          disabled={health.isFetching}
        >
          {health.isFetching ? 'Retrying…' : 'Retry'}
        </button>
      </div>
    );
  }

  return (
    <div role="status" className="flex items-center gap-2 text-sm text-base-content/70">
      <span className="status status-success" aria-hidden="true" />
      Connected to the pharmacy server
    </div>
  );
}
