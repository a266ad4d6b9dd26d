/**
 * One claim in full for View and Resubmit (public.claim_detail, as the caller): the claim as the api answers it,
 * the patient's name, every transmission's request and response exactly as sent and received, and its history.
 * Null when it is not the caller's pharmacy's (or no longer exists).
 */
import { claimSchema } from '@pharmacy/shared/billing/claim.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { supabase } from '../../../lib/supabase.ts';
import { billingKeys } from '../keys.ts';

export const claimTransmissionSchema = z.object({
  id: z.number(),
  transactionCode: z.string(),
  purpose: z.string(),
  attempt: z.number(),
  destination: z.string(),
  url: z.string(),
  request: z.string(),
  response: z.string().nullable(),
  httpStatus: z.number().nullable(),
  outcome: z.string(),
  detail: z.string().nullable(),
  durationMs: z.number(),
  sentBy: z.string().nullable(),
  sentAt: z.string(),
});
export type ClaimTransmission = z.infer<typeof claimTransmissionSchema>;

export const claimEventSchema = z.object({
  status: z.string(),
  transactionCode: z.string().nullable(),
  detail: z.string().nullable(),
  actorId: z.string().nullable(),
  occurredAt: z.string(),
});
export type ClaimEvent = z.infer<typeof claimEventSchema>;

export const claimDetailSchema = claimSchema.extend({
  patientName: z.string().nullable(),
  transmissions: z.array(claimTransmissionSchema),
  history: z.array(claimEventSchema),
});
export type ClaimDetail = z.infer<typeof claimDetailSchema>;

export async function getClaimDetail(claimId: string): Promise<ClaimDetail | null> {
  const { data, error } = await supabase.rpc('claim_detail', { claim_id: claimId });
  if (error) throw new Error(error.message);
  return data === null ? null : claimDetailSchema.parse(data);
}

export function getClaimDetailQueryOptions(pharmacyId: string, claimId: string) {
  return queryOptions({
    meta: { reads: ['claims', 'claim_events', 'claim_transmissions', 'patients'] },
    queryKey: billingKeys.claim(pharmacyId, claimId),
    queryFn: () => getClaimDetail(claimId),
  });
}

export function useClaimDetail(pharmacyId: string, claimId: string) {
  return useQuery(getClaimDetailQueryOptions(pharmacyId, claimId));
}
