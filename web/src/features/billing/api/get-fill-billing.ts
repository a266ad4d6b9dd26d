/**
 * A fill's billing (GET /api/billing/{prescriptionId}, as the caller): the fill, its patient and medication, how it
 * is paid (insurance through the chosen or primary plan, or cash; the custom copay; an override of a reject), the
 * patient's active plans, its claims, its prices, what the patient owes and the payments taken — integer cents.
 */
import { getFillBillingEndpoint } from '@pharmacy/shared/api/claims.ts';
import type { FillBilling } from '@pharmacy/shared/billing/claim.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import type { TableName } from '../../../lib/table-queries.ts';
import { billingKeys } from '../keys.ts';

/** What a fill's billing is read from (the Billing settings' fee and coverage are a pharmacy_settings row). */
export const FILL_BILLING_TABLES: readonly TableName[] = [
  'prescriptions', 'prescription_billing', 'claims', 'patient_payments', 'patient_insurance_plans', 'patients', 'medications', 'pharmacy_settings',
];

export function getFillBilling(prescriptionId: string): Promise<FillBilling> {
  return invokeApi(getFillBillingEndpoint, { id: prescriptionId });
}

export function getFillBillingQueryOptions(pharmacyId: string, prescriptionId: string) {
  return queryOptions({
    meta: { reads: FILL_BILLING_TABLES },
    queryKey: billingKeys.fill(pharmacyId, prescriptionId),
    queryFn: () => getFillBilling(prescriptionId),
    enabled: prescriptionId !== '',
  });
}

export function useFillBilling(pharmacyId: string, prescriptionId: string) {
  return useQuery(getFillBillingQueryOptions(pharmacyId, prescriptionId));
}
