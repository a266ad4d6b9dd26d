/**
 * Process Payment (POST /api/billing/{prescriptionId}/payments): what the patient paid (cents; cash, card or check
 * with its reference), at most the balance due — the database decides under the fill's lock. Answers the receipt
 * number and the fill's billing.
 */
import { recordPaymentEndpoint } from '@pharmacy/shared/api/claims.ts';
import type { FillBilling, PatientPaymentRequest } from '@pharmacy/shared/billing/claim.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';

export interface RecordPaymentInput {
  prescriptionId: string;
  payment: PatientPaymentRequest;
}

export function recordPayment({ prescriptionId, payment }: RecordPaymentInput): Promise<{ paymentId: string; receiptNumber: number; billing: FillBilling }> {
  return invokeApi(recordPaymentEndpoint, { id: prescriptionId }, payment);
}

export function useRecordPayment() {
  return useMutation({ meta: { writes: ['patient_payments', 'audit_log'] }, mutationFn: recordPayment });
}
