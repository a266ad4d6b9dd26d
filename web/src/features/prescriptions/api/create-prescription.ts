/**
 * POST /api/prescriptions (spec §4 "Prescription creation flow", §7): the server validates the form with the
 * shared schema, checks interactions against the patient's profile and enters the prescription (pending) in
 * one step. A failure carries the server's own message (spec §8 'Error' toast). Success places the new
 * prescription into the cached queue tabs and refreshes the counts.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { sourceForType, type PrescriptionFormValues } from '@pharmacy/shared/schemas/prescription.ts';
import { readFunctionsErrorBody } from '../../../lib/functions-error.ts';
import { supabase } from '../../../lib/supabase.ts';
import { refreshQueuePrescription } from './get-queue-prescription.ts';

const createdSchema = z.object({ id: z.string(), rxNumber: z.number(), status: z.string() });

export type CreatedPrescription = z.infer<typeof createdSchema>;

export async function createPrescription(form: PrescriptionFormValues): Promise<CreatedPrescription> {
  const body = { ...form, source: form.source ?? sourceForType(form.prescriptionType) };
  const { data, error } = await supabase.functions.invoke<unknown>('api/prescriptions', { method: 'POST', body });
  if (error) {
    const { message, errors } = await readFunctionsErrorBody(error);
    throw new Error(errors.length > 0 ? `${message}: ${errors.join('; ')}` : message);
  }
  const parsed = createdSchema.safeParse(data);
  if (!parsed.success) throw new Error(`Unexpected answer to entering the prescription: ${JSON.stringify(data)}`);
  return parsed.data;
}

export function useCreatePrescription(pharmacyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrescription,
    onSuccess: (created) => refreshQueuePrescription(queryClient, pharmacyId, created.id),
  });
}
