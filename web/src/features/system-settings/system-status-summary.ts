/**
 * The System Status card's outcome from the health check (GET /api/system-status), in the shape the screen's
 * SystemStatusValue draws ({ state, detail }): checking while the first check runs; 'operational' with each part's
 * latency; 'degraded' naming the failed parts and why; 'down' when the check itself could not be made. Pure.
 */
import { SYSTEM_STATUS_LABELS, SYSTEM_STATUS_PARTS, type SystemStatus } from '@pharmacy/shared/api/system-status.ts';

export interface SystemStatusOutcome {
  state: 'checking' | 'operational' | 'degraded' | 'down';
  /** What was checked or what failed, in words. */
  detail?: string;
}

export interface SystemStatusQueryState {
  isPending: boolean;
  error: Error | null;
  data: SystemStatus | undefined;
}

function milliseconds(value: number): string {
  return `${Math.max(1, Math.round(value))} ms`;
}

export function systemStatusOutcome(query: SystemStatusQueryState): SystemStatusOutcome {
  if (query.data === undefined) {
    return query.isPending || query.error === null ? { state: 'checking' } : { state: 'down', detail: query.error.message };
  }
  const { checks } = query.data;
  if (query.data.status === 'operational') {
    return { state: 'operational', detail: `Database ${milliseconds(checks.database.latencyMs)} · API · Storage answering` };
  }
  const failures = SYSTEM_STATUS_PARTS.filter((part) => checks[part].status === 'failed').map((part) => `${SYSTEM_STATUS_LABELS[part]}: ${checks[part].message}`);
  return { state: 'degraded', detail: failures.join(' · ') };
}
