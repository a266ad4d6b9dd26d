/**
 * The System Status summary card's content (spec part 2: 'Operational'), from the health check of GET
 * /api/system-status: the whole ('Operational' only when every part is ok, else 'Degraded') and, under it, each part
 * with its result and latency, or the failure's message. While the first check runs: 'Checking…'; when the check
 * itself cannot be made: the reason and Retry.
 */
import { SYSTEM_STATUS_LABELS, SYSTEM_STATUS_PARTS, SYSTEM_STATUS_TEXT } from '@pharmacy/shared/api/system-status.ts';
import { useSystemStatus } from '../api/get-system-status.ts';

export interface SystemStatusDetailsProps {
  pharmacyId: string;
}

function milliseconds(value: number): string {
  return `${Math.max(1, Math.round(value))} ms`;
}

export function SystemStatusDetails({ pharmacyId }: SystemStatusDetailsProps) {
  const status = useSystemStatus(pharmacyId);

  if (status.isPending) {
    return (
      <p role="status" className="text-sm text-base-content/70" data-testid="system-status">
        Checking…
      </p>
    );
  }
  if (status.isError) {
    return (
      <div role="alert" className="flex flex-col gap-1 text-sm" data-testid="system-status">
        <p className="font-semibold text-error">Unavailable</p>
        <p className="text-base-content/70">{status.error.message}</p>
        <button type="button" className="btn btn-xs btn-ghost self-start" disabled={status.isFetching} onClick={() => void status.refetch()}>
          Retry
        </button>
      </div>
    );
  }

  const { data } = status;
  const operational = data.status === 'operational';
  return (
    <div className="flex flex-col gap-1" data-testid="system-status">
      <p className={`font-semibold ${operational ? 'text-success' : 'text-error'}`} data-testid="system-status-overall">
        {operational ? SYSTEM_STATUS_TEXT.operational : SYSTEM_STATUS_TEXT.degraded}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs">
        {SYSTEM_STATUS_PARTS.map((part) => {
          const check = data.checks[part];
          return (
            <div key={part} className="contents">
              <dt className="text-base-content/70">{SYSTEM_STATUS_LABELS[part]}</dt>
              <dd className={check.status === 'ok' ? '' : 'text-error'}>
                {check.status === 'ok' ? `OK, ${milliseconds(check.latencyMs)}` : check.message}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
