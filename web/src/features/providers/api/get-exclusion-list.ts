/**
 * The pharmacy's current OIG exclusion list (public.oig_exclusion_lists, one row or none): file name, entries, the
 * newest exclusion date in it and when it was uploaded. Staff read it under RLS; only admins replace it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { supabase } from '../../../lib/supabase.ts';
import { providerKeys } from '../keys.ts';

export interface ExclusionList {
  fileName: string;
  entryCount: number;
  newestExclusionDate: string | null;
  uploadedAt: string;
}

export async function getExclusionList(): Promise<ExclusionList | null> {
  const { data, error } = await supabase
    .from('oig_exclusion_lists')
    .select('file_name, entry_count, newest_exclusion_date, uploaded_at')
    .maybeSingle();
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return data
    ? { fileName: data.file_name, entryCount: data.entry_count, newestExclusionDate: data.newest_exclusion_date, uploadedAt: data.uploaded_at }
    : null;
}

export function getExclusionListQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: ['oig_exclusion_lists'] },
    queryKey: providerKeys.exclusionList(pharmacyId),
    queryFn: getExclusionList,
  });
}

export function useExclusionList(pharmacyId: string) {
  return useQuery(getExclusionListQueryOptions(pharmacyId));
}
