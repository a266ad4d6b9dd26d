/**
 * A claim's status as a badge (spec part 2 §2: each status its own icon and colour): pending a clock (warning),
 * submitted a paper plane (info), paid a check (success), rejected a cross (error), reversed a return arrow
 * (neutral). The word is always written, so the colour never carries the meaning alone.
 */
import { CLAIM_STATUS_LABELS, type ClaimStatus } from '@pharmacy/shared/billing/claim.ts';

const BADGE: Record<ClaimStatus, string> = {
  pending: 'badge-warning',
  submitted: 'badge-info',
  paid: 'badge-success',
  rejected: 'badge-error',
  reversed: 'badge-neutral',
};

/** Each status's drawing on a 16×16 grid (strokes only). */
const ICON_PATHS: Record<ClaimStatus, string> = {
  pending: 'M8 1.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13M8 4.5v3.5l2.5 1.5',
  submitted: 'M14.5 1.5 1.5 7l5 2 2 5zM6.5 9l8-7.5',
  paid: 'M2.5 8.5l3.5 3.5 7.5-8',
  rejected: 'M8 1.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13M5.5 5.5l5 5M10.5 5.5l-5 5',
  reversed: 'M6 3.5 2.5 7 6 10.5M2.5 7h7a4 4 0 0 1 0 8h-2',
};

export function ClaimStatusIcon({ status, className = 'h-3.5 w-3.5' }: { status: ClaimStatus; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className={className} fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
      <path d={ICON_PATHS[status]} />
    </svg>
  );
}

export function ClaimStatusBadge({ status, size = 'badge-sm' }: { status: ClaimStatus; size?: 'badge-sm' | 'badge-md' }) {
  return (
    <span className={`badge ${size} gap-1 whitespace-nowrap ${BADGE[status]}`} data-status={status}>
      <ClaimStatusIcon status={status} />
      {CLAIM_STATUS_LABELS[status]}
    </span>
  );
}

/** The text colour of a status's count (the Overview's cards). */
export const CLAIM_STATUS_TEXT: Record<ClaimStatus, string> = {
  pending: 'text-warning',
  submitted: 'text-info',
  paid: 'text-success',
  rejected: 'text-error',
  reversed: 'text-base-content',
};
