/**
 * POST /api/prescriptions (spec §4 "Prescription creation flow", §7): the server validates the form with the
 * shared schema, checks interactions against the patient's profile and enters the prescription (pending) in
 * one step. A failure carries the server's own message and its listed problems (spec §8 'Error' toast).
 * Success places the new prescription into the cached queue tabs and refreshes the counts. Another door to the same
 * entry (a prescription file's "Create prescription") may replace the request, naming the further tables it writes.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPrescriptionEndpoint, type PrescriptionResponse } from '@pharmacy/shared/api/prescriptions.ts';
import { sourceForType, type PrescriptionFormValues } from '@pharmacy/shared/prescriptions/prescription.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';
import type { TableName } from '../../../lib/table-queries.ts';
import { refreshQueuePrescription } from './get-queue-prescription.ts';

export type CreatedPrescription = PrescriptionResponse;

export async function createPrescription(form: PrescriptionFormValues): Promise<CreatedPrescription> {
  try {
    return await invokeApi(createPrescriptionEndpoint, { ...form, source: form.source ?? sourceForType(form.prescriptionType) });
  } catch (error) {
    throw error instanceof ApiError ? new Error(error.detail) : error;
  }
}

/** Sends a prescription form somewhere other than POST /api/prescriptions (its answer the same prescription). */
export type SubmitPrescription = (form: PrescriptionFormValues) => Promise<CreatedPrescription>;

const CREATE_PRESCRIPTION_WRITES: readonly TableName[] = ['prescriptions', 'rx_number_counters', 'prescription_queue_counters', 'audit_log'];

export function useCreatePrescription(pharmacyId: string, submit: SubmitPrescription = createPrescription, extraWrites: readonly TableName[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { writes: [...CREATE_PRESCRIPTION_WRITES, ...extraWrites] },
    mutationFn: submit,
    onSuccess: (created) => refreshQueuePrescription(queryClient, pharmacyId, created.id),
  });
}
