/**
 * Reverse (POST /api/claims/reverse): a B2 of a fill's paid (or unanswered) claim at its coverage, with the reason —
 * the payer takes its payment back, as before the fill returns to stock or is billed again differently.
 */
import { reverseClaimEndpoint, type ClaimTransactionResult } from '@pharmacy/shared/api/claims.ts';
import type { Coverage } from '@pharmacy/shared/billing/claim.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { CLAIM_TRANSACTION_WRITES } from './submit-claim.ts';

export function reverseClaim(input: { prescriptionId: string; coverage: Coverage; reason: string }): Promise<ClaimTransactionResult> {
  return invokeApi(reverseClaimEndpoint, input);
}

export function useReverseClaim() {
  return useMutation({ meta: { writes: CLAIM_TRANSACTION_WRITES }, mutationFn: reverseClaim });
}
