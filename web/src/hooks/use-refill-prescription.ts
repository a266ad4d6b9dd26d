/**
 * Refill (issue 21): POST /api/prescriptions/{id}/refill enters the next fill of a prescription (pending on every
 * terminal) through the database's rules (private.fill_from_order); a refusal is the rule's sentence, kept as the
 * error's message so the screen shows it as is (isRefillTooSoon tells the too-soon one, which a pharmacist or admin
 * may allow with `tooSoonReason`). One hook for the queue and the patient's profile, which both offer Refill.
 */
import { useMutation } from '@tanstack/react-query';
import { refillPrescriptionEndpoint, type RefillResponse } from '@pharmacy/shared/api/prescriptions.ts';
import { ApiError } from '../lib/api-error.ts';
import { invokeApi } from '../lib/invoke-api.ts';

export interface RefillRequestArgs {
  /** Any fill of the prescription, or the prescription (order) itself. */
  prescriptionId: string;
  /** A pharmacist's or admin's reason to allow a refill too soon. */
  tooSoonReason?: string;
}

export async function refillPrescription({ prescriptionId, tooSoonReason }: RefillRequestArgs): Promise<RefillResponse> {
  try {
    return await invokeApi(refillPrescriptionEndpoint, { id: prescriptionId }, tooSoonReason === undefined ? {} : { tooSoonReason });
  } catch (error) {
    throw error instanceof ApiError ? new Error(error.detail) : error;
  }
}

/** `onRefilled` runs after the tables are refreshed (the queue places the new fill itself). */
export function useRefillPrescription(onRefilled?: (fill: RefillResponse) => Promise<void> | void) {
  return useMutation({
    meta: { writes: ['prescriptions', 'prescription_orders', 'prescription_queue_counters', 'audit_log'] },
    mutationFn: refillPrescription,
    onSuccess: (fill) => onRefilled?.(fill),
  });
}
