/**
 * A step of the status machine (spec §4; §7 "PUT /api/prescriptions/{id} status") through the database's one
 * audited path, public.move_prescription: the database decides what the signed-in role may do, records who and
 * when, refuses a lost race, runs the interaction check again at verification, and records every refusal in
 * the audit log. A refusal comes back as {ok: false, message} and is shown as is. An override reason is sent
 * when a pharmacist or admin processes past the entry alert or verifies past a new verification alert; the
 * pharmacy's security policy may make that the first of two approvals (the prescription stays pending) or ask
 * for the password first (stepUpRequired).
 * Success refreshes the queue (spec §7 "After a prescription update the prescription list is refreshed"): the
 * moved prescription is looked up and placed into the cached tabs, and the counts are fetched again; so does a
 * refusal, which may have stored a new verification finding to review.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '../../../lib/supabase.ts';
import { refreshQueuePrescription } from './get-queue-prescription.ts';
import type { PrescriptionStatus } from './prescription-model.ts';

export interface StatusChange {
  prescriptionId: string;
  status: Exclude<PrescriptionStatus, 'pending'>;
  /** Given only when a pharmacist or admin moves a prescription past its interaction alert. */
  overrideReason?: string;
}

const moveResultSchema = z.union([
  z.object({ ok: z.literal(true), approvalRecorded: z.boolean().optional() }),
  z.object({ ok: z.literal(false), message: z.string(), newFindings: z.boolean().optional(), stepUpRequired: z.boolean().optional() }),
]);

/**
 * What an accepted call did: moved the prescription, or (dual approval) recorded the first of two approvals of
 * its override while it stays pending.
 */
export type StatusChangeOutcome = 'moved' | 'approval-recorded';

/**
 * A refusal of the database; newFindings: verification found something new since entry (now shown for review);
 * stepUpRequired: the override of a severe alert needs the password confirmed first (POST /api/step-up).
 */
export class StatusChangeRefused extends Error {
  constructor(
    message: string,
    readonly newFindings: boolean,
    readonly stepUpRequired = false,
  ) {
    super(message);
    this.name = 'StatusChangeRefused';
  }
}

export async function updatePrescriptionStatus({ prescriptionId, status, overrideReason }: StatusChange): Promise<StatusChangeOutcome> {
  const { data, error } = await supabase.rpc('move_prescription', {
    prescription_id: prescriptionId,
    to_status: status,
    ...(overrideReason === undefined ? {} : { override_reason: overrideReason }),
  });
  if (error) throw new Error(clientMessageForDatabaseError(error));
  const result = moveResultSchema.safeParse(data);
  if (!result.success) throw new Error(`Unexpected answer to moving the prescription: ${JSON.stringify(data)}`);
  if (!result.data.ok) throw new StatusChangeRefused(result.data.message, result.data.newFindings ?? false, result.data.stepUpRequired ?? false);
  return result.data.approvalRecorded ? 'approval-recorded' : 'moved';
}

export function useUpdatePrescriptionStatus(pharmacyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { writes: ['prescriptions', 'override_approvals', 'medications', 'prescription_queue_counters', 'outbound_messages', 'audit_log'] },
    mutationFn: updatePrescriptionStatus,
    // meta.writes refresh the rest (an override's dual-approval approvals, the counts, the stock, the email queue's
    // ready notification); the moved prescription itself is placed into the cached tabs.
    onSettled: (_result, _error, change) => refreshQueuePrescription(queryClient, pharmacyId, change.prescriptionId),
  });
}
