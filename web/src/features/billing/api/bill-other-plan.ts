/**
 * Bill another of the patient's plans (the guided fix of a 41 "bill the other payer"): a secondary or tertiary plan
 * after a paid primary is billed at its coverage (B1); any other plan is first chosen as the fill's plan
 * (PUT /api/billing/{id}, keeping the custom copay), then billed as the primary (B1).
 */
import type { ClaimTransactionResult } from '@pharmacy/shared/api/claims.ts';
import type { Coverage } from '@pharmacy/shared/billing/claim.ts';
import { useMutation } from '@tanstack/react-query';
import { CLAIM_TRANSACTION_WRITES, submitClaim } from './submit-claim.ts';
import { updateFillBilling } from './update-fill-billing.ts';

export interface BillOtherPlanInput {
  prescriptionId: string;
  plan: { id: string; priority: Coverage };
  /** Whether the fill's primary claim is paid (then a secondary plan is billed as the secondary). */
  primaryPaid: boolean;
  /** The fill's custom copay, kept as it is. */
  customCopayCents: number | null;
}

export async function billOtherPlan({ prescriptionId, plan, primaryPaid, customCopayCents }: BillOtherPlanInput): Promise<ClaimTransactionResult> {
  if (plan.priority !== 'primary' && primaryPaid) return submitClaim({ prescriptionId, coverage: plan.priority });
  await updateFillBilling({ prescriptionId, update: { payWith: 'insurance', planId: plan.id, customCopayCents } });
  return submitClaim({ prescriptionId, coverage: 'primary' });
}

export function useBillOtherPlan() {
  return useMutation({ meta: { writes: [...CLAIM_TRANSACTION_WRITES, 'prescription_billing'] }, mutationFn: billOtherPlan });
}
