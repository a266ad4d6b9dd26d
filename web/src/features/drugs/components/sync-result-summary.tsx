/**
 * What a sync did (spec §3 Sync result): "Updated N medications. M failed." and, when any failed, each failure's
 * text under 'View Errors' (spec §2), collapsed until opened.
 */
import type { SyncResult } from '@pharmacy/shared/api/drug-sync.ts';
import { syncCompleteDescription } from '../drug-messages.ts';

export interface SyncResultSummaryProps {
  /** The heading of the summary ("Last sync", "Bulk import"). */
  title: string;
  result: SyncResult;
  /** Extra text after the counts (e.g. "Cancelled after batch 2 of 5."). */
  note?: string;
}

export function SyncResultSummary({ title, result, note }: SyncResultSummaryProps) {
  return (
    <div className="rounded-box border border-base-300 p-3 text-sm">
      <p>
        <span className="font-semibold">{title}: </span>
        {syncCompleteDescription(result)}
        {note ? ` ${note}` : null}
      </p>
      {result.errors.length > 0 ? <ErrorList errors={result.errors} /> : null}
    </div>
  );
}

export function ErrorList({ errors }: { errors: readonly string[] }) {
  return (
    <details className="mt-2">
      <summary className="cursor-pointer font-medium text-error">View Errors</summary>
      <ul className="mt-2 list-disc space-y-1 pl-5" aria-label="Errors">
        {errors.map((error, index) => (
          <li key={`${index}:${error}`}>{error}</li>
        ))}
      </ul>
    </details>
  );
}
