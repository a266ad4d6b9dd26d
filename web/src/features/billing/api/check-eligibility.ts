/**
 * Check Insurance Eligibility (POST /api/claims/eligibility): an E1 for one of a patient's plans, answered with
 * whether the payer accepts it, its reject codes with their texts and its message. Each transmission is recorded.
 */
import { eligibilityEndpoint, type EligibilityResult } from '@pharmacy/shared/api/claims.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';

export function checkEligibility(planId: string): Promise<EligibilityResult> {
  return invokeApi(eligibilityEndpoint, { planId });
}

export function useCheckEligibility() {
  return useMutation({ meta: { writes: ['claim_transmissions', 'audit_log'] }, mutationFn: checkEligibility });
}
