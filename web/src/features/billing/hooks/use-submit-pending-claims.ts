/**
 * Submit Pending Claims (the Overview's quick action): the first page of pending claims (the Claims tab's Pending
 * filter, 25), each submitted in turn (POST /api/claims/submit at its coverage) — one at a time, so the switch and
 * the payer see one transaction per fill — with a progress toast per claim and a summary at the end. Three claims in a
 * row not sent stop the run (the switch or its settings would fail the rest too).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { getClaimsPageQueryOptions } from '../api/get-claims-page.ts';
import { CLAIM_TRANSACTION_WRITES, submitClaim } from '../api/submit-claim.ts';
import { rxFill } from '../billing-format.ts';
import { pendingRunShouldStop, pendingRunSummary, type PendingRunResult } from '../pending-run.ts';

/** The claims one run sends: the Claims tab's page of pending claims. */
export const PENDING_RUN_SIZE = 25;

/** Long enough to stay up while one claim waits for its payer; the next step replaces it. */
const PROGRESS_TOAST_MS = 120_000;
const SUMMARY_TOAST_MS = 15_000;

export function useSubmitPendingClaims(pharmacyId: string) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const run = useMutation({
    meta: { writes: CLAIM_TRANSACTION_WRITES },
    mutationFn: async () => {
      const page = await queryClient.fetchQuery({ ...getClaimsPageQueryOptions(pharmacyId, '', 'pending', 0, PENDING_RUN_SIZE), staleTime: 0 });
      const results: PendingRunResult[] = [];
      let stopped = false;
      for (const [index, claim] of page.claims.entries()) {
        // Claims that fail one after another fail for the switch or its settings: the rest would too.
        if (pendingRunShouldStop(results)) {
          stopped = true;
          break;
        }
        setProgress({ done: index, total: page.claims.length });
        toast({ title: 'Submitting pending claims', description: `Claim ${index + 1} of ${page.claims.length}: Rx ${rxFill(claim)} for ${claim.patientName} to ${claim.payerName}.`, duration: PROGRESS_TOAST_MS });
        try {
          const answer = await submitClaim({ prescriptionId: claim.prescriptionId, coverage: claim.coverage });
          results.push({ rx: `Rx ${rxFill(claim)}`, status: answer.claim.status });
        } catch (error) {
          results.push({ rx: `Rx ${rxFill(claim)}`, failure: error instanceof Error ? error.message : String(error) });
        }
      }
      return pendingRunSummary(results, page.total, stopped);
    },
    onSuccess: (summary) => toast({ title: summary.title, description: summary.description, duration: SUMMARY_TOAST_MS, ...(summary.problems ? { variant: 'destructive' as const } : {}) }),
    onError: (error) => toast({ title: 'Pending claims not sent', description: error.message, variant: 'destructive' }),
    onSettled: () => setProgress(null),
  });
  return { submitPending: () => run.mutate(), running: run.isPending, progress };
}
