/**
 * Under dual approval, the approvals already recorded for a prescription's override (public.override_approvals,
 * staff read their pharmacy's) with the approver's name where the caller may read it: the alert dialog says
 * whether the caller already approved (a second person must) or a colleague did (the caller's approval moves
 * it). Fetched afresh each time the dialog opens, and again when a colleague's approval arrives (override_approvals
 * is a live table, lib/live-tables.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';
import { getStaffNames } from './staff-names.ts';

const approvalSchema = z.object({ approved_by: z.string(), reason: z.string(), approved_at: z.string() });

export interface OverrideApproval {
  approvedBy: string;
  /** The approver's name, null when the caller cannot read it. */
  approverName: string | null;
  reason: string;
  approvedAt: string;
}

export async function getOverrideApprovals(prescriptionId: string): Promise<OverrideApproval[]> {
  const { data, error } = await supabase
    .from('override_approvals')
    .select('approved_by, reason, approved_at')
    .eq('prescription_id', prescriptionId)
    .order('approved_at');
  if (error) throw new Error(error.message);
  const approvals = z.array(approvalSchema).parse(data);
  if (approvals.length === 0) return [];
  const names = await getStaffNames(approvals.map((approval) => approval.approved_by));
  return approvals.map((approval) => ({
    approvedBy: approval.approved_by,
    approverName: names.get(approval.approved_by) ?? null,
    reason: approval.reason,
    approvedAt: approval.approved_at,
  }));
}

export function getOverrideApprovalsQueryOptions(pharmacyId: string, prescriptionId: string) {
  return queryOptions({
    meta: { reads: ['override_approvals', 'staff_profiles'] },
    queryKey: prescriptionKeys.overrideApprovals(pharmacyId, prescriptionId),
    queryFn: () => getOverrideApprovals(prescriptionId),
    staleTime: 0,
  });
}

export function useOverrideApprovals(pharmacyId: string, prescriptionId: string, enabled: boolean) {
  return useQuery({ ...getOverrideApprovalsQueryOptions(pharmacyId, prescriptionId), enabled });
}
