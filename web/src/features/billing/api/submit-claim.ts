/**
 * Submit and Resubmit (POST /api/claims/submit `{claimData}`): bills the fill by NCPDP D.0 through the pharmacy's
 * claims switch — B1 to the primary plan, or at the coverage given, with what fixes a reject — and answers the claim
 * as the payer left it, each attempt, and the payer's answer in a sentence.
 */
import { submitClaimEndpoint, type ClaimTransactionResult } from '@pharmacy/shared/api/claims.ts';
import type { SubmitClaimRequest } from '@pharmacy/shared/billing/claim.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import type { TableName } from '../../../lib/table-queries.ts';

/** A transaction changes the claim (its history and the counters follow by trigger) and records each transmission. */
export const CLAIM_TRANSACTION_WRITES: readonly TableName[] = ['claims', 'claim_events', 'claim_counters', 'claim_transmissions', 'audit_log'];

export function submitClaim(claimData: SubmitClaimRequest['claimData']): Promise<ClaimTransactionResult> {
  return invokeApi(submitClaimEndpoint, { claimData });
}

export function useSubmitClaim() {
  return useMutation({ meta: { writes: CLAIM_TRANSACTION_WRITES }, mutationFn: submitClaim });
}
