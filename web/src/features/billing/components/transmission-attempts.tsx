/** Each attempt of a transmission (where it went, how it ended, how long it took), under an answer. */
import type { TransmissionAttempt } from '@pharmacy/shared/api/claims.ts';

export const OUTCOME_LABELS: Record<TransmissionAttempt['outcome'], string> = {
  answered: 'Answered',
  unreadable: 'Answer unreadable',
  http_error: 'HTTP error',
  timeout: 'Timed out',
  unreachable: 'Unreachable',
};

/** An outcome's name, or the stored word when it is not one the contract lists. */
export function outcomeLabel(outcome: string): string {
  return (OUTCOME_LABELS as Record<string, string>)[outcome] ?? outcome;
}

export function TransmissionAttempts({ attempts }: { attempts: readonly TransmissionAttempt[] }) {
  if (attempts.length === 0) return <p className="text-sm text-base-content/70">Nothing was transmitted.</p>;
  return (
    <ol className="flex flex-col gap-1 text-sm" aria-label="Transmission attempts">
      {attempts.map((attempt, index) => (
        <li key={index} className="flex flex-wrap gap-x-2">
          <span className="font-medium">{attempt.destination}</span>
          <span className={attempt.outcome === 'answered' ? 'text-success' : 'text-error'}>{outcomeLabel(attempt.outcome)}{attempt.httpStatus ? ` (HTTP ${attempt.httpStatus})` : ''}</span>
          <span className="text-base-content/70">{attempt.durationMs.toLocaleString('en-US')} ms</span>
          {attempt.detail ? <span className="basis-full text-base-content/80">{attempt.detail}</span> : null}
        </li>
      ))}
    </ol>
  );
}
