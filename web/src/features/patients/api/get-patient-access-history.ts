/**
 * "Who looked at this patient" for admins: the database's patient_access_history (who opened the record or
 * one of the patient's prescriptions, or printed a label or receipt; when; from which IP), newest first, one
 * page at a time (the next page starts after the last entry seen). The database refuses everyone but admins.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { patientKeys } from '../keys.ts';

export const ACCESS_HISTORY_PAGE_SIZE = 20;

export interface PatientAccessEntry {
  id: number;
  accessedAt: string;
  staffName: string | null;
  staffRole: string | null;
  description: string;
  ipAddress: string | null;
}

export async function getPatientAccessHistory(patientId: string, beforeId: number | null): Promise<PatientAccessEntry[]> {
  const { data, error } = await supabase.rpc('patient_access_history', {
    patient_id: patientId,
    page_size: ACCESS_HISTORY_PAGE_SIZE,
    ...(beforeId === null ? {} : { before_id: beforeId }),
  });
  if (error) throw new Error(error.message);
  return data.map((row) => ({
    id: row.id,
    accessedAt: row.accessed_at,
    staffName: row.actor_name,
    staffRole: row.actor_role,
    description: row.description,
    ipAddress: row.ip_address,
  }));
}

export function getPatientAccessHistoryQueryOptions(pharmacyId: string, patientId: string) {
  return infiniteQueryOptions({
    meta: { reads: ['audit_log'] },
    queryKey: patientKeys.accessHistory(pharmacyId, patientId),
    queryFn: ({ pageParam }) => getPatientAccessHistory(patientId, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage) => (lastPage.length === ACCESS_HISTORY_PAGE_SIZE ? lastPage[lastPage.length - 1]!.id : undefined),
  });
}

export function usePatientAccessHistory(pharmacyId: string, patientId: string) {
  return useInfiniteQuery(getPatientAccessHistoryQueryOptions(pharmacyId, patientId));
}
