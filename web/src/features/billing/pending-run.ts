/**
 * Submit Pending Claims, told in words: what each claim of the run came to (paid, rejected, still submitted, or not
 * sent with the reason) and the summary toast's sentence. Pure, so it is unit tested.
 */
import type { ClaimStatus } from '@pharmacy/shared/billing/claim.ts';

export type PendingRunResult =
  | { rx: string; status: ClaimStatus }
  | { rx: string; failure: string };

export interface PendingRunSummary {
  title: string;
  description: string;
  /** Some claim was not paid (rejected or not sent): the toast is a warning. */
  problems: boolean;
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** A run stops after this many claims in a row could not be sent: the switch or its settings fail them all. */
export const PENDING_RUN_FAILURES_IN_A_ROW = 3;

/** Whether a run should stop now: its last PENDING_RUN_FAILURES_IN_A_ROW claims were all not sent. */
export function pendingRunShouldStop(results: readonly PendingRunResult[]): boolean {
  const last = results.slice(-PENDING_RUN_FAILURES_IN_A_ROW);
  return last.length === PENDING_RUN_FAILURES_IN_A_ROW && last.every((result) => 'failure' in result);
}

/**
 * `pendingTotal`: how many claims were pending when the run began (more than one page holds, at most 25 are sent);
 * `stopped`: the run stopped early (pendingRunShouldStop).
 */
export function pendingRunSummary(results: readonly PendingRunResult[], pendingTotal: number, stopped = false): PendingRunSummary {
  if (results.length === 0) return { title: 'No pending claims', description: 'Every claim has been submitted.', problems: false };
  const answered = results.filter((result): result is { rx: string; status: ClaimStatus } => 'status' in result);
  const failed = results.filter((result): result is { rx: string; failure: string } => 'failure' in result);
  const count = (status: ClaimStatus) => answered.filter((result) => result.status === status).length;
  const parts = [
    count('paid') > 0 ? `${count('paid')} paid` : null,
    count('rejected') > 0 ? `${count('rejected')} rejected` : null,
    count('submitted') > 0 ? `${count('submitted')} awaiting the payer` : null,
    count('pending') + count('reversed') > 0 ? `${count('pending') + count('reversed')} not billed` : null,
  ].filter((part) => part !== null);
  const sentences = [
    answered.length > 0 ? `${plural(answered.length, 'claim', 'claims')} sent: ${parts.join(', ')}.` : null,
    failed.length > 0 ? `${plural(failed.length, 'claim was', 'claims were')} not sent: ${failed.map((result) => `${result.rx} (${result.failure})`).join('; ')}.` : null,
    stopped ? `Stopped after ${PENDING_RUN_FAILURES_IN_A_ROW} claims in a row were not sent.` : null,
    pendingTotal > results.length ? `${plural(pendingTotal - results.length, 'more claim is', 'more claims are')} pending: run it again.` : null,
  ].filter((sentence) => sentence !== null);
  return {
    title: failed.length === results.length ? 'Pending claims not sent' : 'Pending claims submitted',
    description: sentences.join(' '),
    problems: failed.length > 0 || count('rejected') > 0,
  };
}
