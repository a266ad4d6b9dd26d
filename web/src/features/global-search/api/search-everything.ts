/**
 * The header's global search (issue 28): public.global_search answers the pharmacy's patients, medications,
 * prescriptions by Rx number and prescribers matching the typed string, each kind best first (the database reads
 * what the string means: private.global_search_terms, mirrored by shared/src/search/global-search-terms.ts).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { GLOBAL_SEARCH_PER_KIND, globalSearchResultsSchema, type GlobalSearchResults } from '@pharmacy/shared/search/global-search.ts';
import { supabase } from '../../../lib/supabase.ts';
import { globalSearchKeys } from '../keys.ts';

export async function searchEverything(query: string): Promise<GlobalSearchResults> {
  const { data, error } = await supabase.rpc('global_search', { query, per_kind: GLOBAL_SEARCH_PER_KIND });
  if (error) throw new Error(error.message);
  return globalSearchResultsSchema.parse(data);
}

export function searchEverythingQueryOptions(pharmacyId: string, query: string) {
  return queryOptions({
    meta: { reads: ['patients', 'medications', 'prescription_orders', 'prescriptions', 'prescribers'] },
    queryKey: globalSearchKeys.results(pharmacyId, query),
    queryFn: () => searchEverything(query),
  });
}

/** `enabled` is false below the shortest search (the database would answer nothing); the last answer stays shown while the next loads. */
export function useSearchEverything(pharmacyId: string, query: string, enabled: boolean) {
  return useQuery({ ...searchEverythingQueryOptions(pharmacyId, query), enabled, placeholderData: keepPreviousData });
}
