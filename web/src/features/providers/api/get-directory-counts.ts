/**
 * The directory tabs' counts for a search (`rpc('prescriber_directory_counts')`: all, verified, pending, expired),
 * counted by the database under RLS.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { directoryCountsSchema, type DirectoryCounts } from '@pharmacy/shared/prescribers/prescriber.ts';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { supabase } from '../../../lib/supabase.ts';
import { providerKeys } from '../keys.ts';

export async function getDirectoryCounts(search: string): Promise<DirectoryCounts> {
  const { data, error } = await supabase.rpc('prescriber_directory_counts', search === '' ? {} : { search });
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return directoryCountsSchema.parse(data);
}

export function getDirectoryCountsQueryOptions(pharmacyId: string, search: string) {
  return queryOptions({
    meta: { reads: ['prescribers'] },
    queryKey: providerKeys.counts(pharmacyId, search),
    queryFn: () => getDirectoryCounts(search),
  });
}

export function useDirectoryCounts(pharmacyId: string, search: string) {
  return useQuery({ ...getDirectoryCountsQueryOptions(pharmacyId, search), placeholderData: keepPreviousData });
}
