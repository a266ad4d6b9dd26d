/**
 * Override (POST /api/claims/override; pharmacists and admins, the database decides): a fill whose claim was rejected
 * may go on to ready, with the reason, recorded on the fill's billing and audited.
 */
import { overrideRejectEndpoint } from '@pharmacy/shared/api/claims.ts';
import type { FillBilling } from '@pharmacy/shared/billing/claim.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';

export function overrideClaimReject(input: { prescriptionId: string; reason: string }): Promise<FillBilling> {
  return invokeApi(overrideRejectEndpoint, input);
}

export function useOverrideClaimReject() {
  return useMutation({ meta: { writes: ['prescription_billing', 'audit_log'] }, mutationFn: overrideClaimReject });
}
