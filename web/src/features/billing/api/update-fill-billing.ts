/**
 * Saves how a fill is paid (PUT /api/billing/{prescriptionId}): insurance through the chosen plan (or the primary)
 * or cash — refused while a claim is paid or awaiting its answer — and the custom copay (null: the payer's). Audited
 * by the database; answers the fill's billing.
 */
import { updateFillBillingEndpoint } from '@pharmacy/shared/api/claims.ts';
import type { FillBilling, FillBillingUpdate } from '@pharmacy/shared/billing/claim.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';

export interface UpdateFillBillingInput {
  prescriptionId: string;
  update: FillBillingUpdate;
}

export function updateFillBilling({ prescriptionId, update }: UpdateFillBillingInput): Promise<FillBilling> {
  return invokeApi(updateFillBillingEndpoint, { id: prescriptionId }, update);
}

export function useUpdateFillBilling() {
  return useMutation({ meta: { writes: ['prescription_billing', 'audit_log'] }, mutationFn: updateFillBilling });
}
