/**
 * One page of Reconciliation (GET /api/claims/reconciliation?outcome=&from=&to=&offset=, public.reconciliation_page
 * as the caller): the paid claims of a range of dates of service that were paid in full, short-paid or are unpaid by
 * the payers' 835s, with the count and the expected and remitted sums; or the remittance claims that matched none.
 * 25 rows a page (the server's page size).
 */
import { reconciliationEndpoint, type RECONCILIATION_OUTCOMES } from '@pharmacy/shared/api/claims.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { billingKeys } from '../keys.ts';

export type ReconciliationOutcome = (typeof RECONCILIATION_OUTCOMES)[number];

/** The server's page size. */
export const RECONCILIATION_PAGE_SIZE = 25;

const cents = z.number();
const reconciledClaimSchema = z.object({
  claimId: z.string(), prescriptionId: z.string(), rxNumber: z.coerce.number(), fillNumber: z.number(), serviceDate: z.string(),
  payerName: z.string(), bin: z.string(), patientName: z.string().nullable(), expectedCents: cents.nullable(), remittedCents: cents,
  differenceCents: cents, remittedAt: z.string().nullable(),
});
export type ReconciledClaim = z.infer<typeof reconciledClaimSchema>;

const unmatchedPaymentSchema = z.object({
  patientControlNumber: z.string(), statusCode: z.string(), chargeCents: cents, paidCents: cents, payerName: z.string(),
  traceNumber: z.string(), paymentDate: z.string(),
});
export type UnmatchedPayment = z.infer<typeof unmatchedPaymentSchema>;

export type ReconciliationPage =
  | { outcome: 'unmatched'; total: number; rows: UnmatchedPayment[] }
  | { outcome: Exclude<ReconciliationOutcome, 'unmatched'>; total: number; expectedCents: number; remittedCents: number; rows: ReconciledClaim[] };

export async function getReconciliation(outcome: ReconciliationOutcome, from: string, to: string, page: number): Promise<ReconciliationPage> {
  const answer = await invokeApi(reconciliationEndpoint, { outcome, from, to, offset: page * RECONCILIATION_PAGE_SIZE });
  if (outcome === 'unmatched') return { outcome, total: answer.total, rows: z.array(unmatchedPaymentSchema).parse(answer.rows) };
  return {
    outcome, total: answer.total, expectedCents: answer.expectedCents ?? 0, remittedCents: answer.remittedCents ?? 0,
    rows: z.array(reconciledClaimSchema).parse(answer.rows),
  };
}

export function getReconciliationQueryOptions(pharmacyId: string, outcome: ReconciliationOutcome, from: string, to: string, page: number) {
  return queryOptions({
    meta: { reads: ['claims', 'remittances', 'remittance_claims', 'patients'] },
    queryKey: billingKeys.reconciliation(pharmacyId, outcome, from, to, page * RECONCILIATION_PAGE_SIZE),
    queryFn: () => getReconciliation(outcome, from, to, page),
    // The previous page stays up while the next loads, but never another outcome's rows (their columns differ).
    placeholderData: (previous) => (previous?.outcome === outcome ? previous : undefined),
  });
}

/** Only for a range the server takes (the screen has checked it). */
export function useReconciliation(pharmacyId: string, outcome: ReconciliationOutcome, from: string, to: string, page: number, enabled: boolean) {
  return useQuery({ ...getReconciliationQueryOptions(pharmacyId, outcome, from, to, page), enabled });
}
