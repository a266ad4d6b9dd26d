/**
 * The action filter's choices: the distinct actions in the pharmacy's audit log, alphabetically, from
 * `rpc('audit_log_actions')` (admins only; the database refuses anyone else).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { securityManagerKeys } from '../keys.ts';

export async function getAuditLogActions(): Promise<string[]> {
  const { data, error } = await supabase.rpc('audit_log_actions');
  if (error) throw new Error(error.message);
  return data;
}

export function getAuditLogActionsQueryOptions(pharmacyId: string) {
  return queryOptions({ meta: { reads: ['audit_log'] }, queryKey: securityManagerKeys.auditLogActions(pharmacyId), queryFn: getAuditLogActions });
}

export function useAuditLogActions(pharmacyId: string) {
  return useQuery(getAuditLogActionsQueryOptions(pharmacyId));
}
