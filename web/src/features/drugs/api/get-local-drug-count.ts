/**
 * The Local Drugs card: how many products the pharmacy's catalog holds (active and inactive), counted by the
 * database (a head request with an exact count; RLS limits it to the pharmacy).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { drugKeys } from '../keys.ts';

export async function getLocalDrugCount(): Promise<number> {
  const { count, error } = await supabase.from('medications').select('id', { count: 'exact', head: true });
  if (error) throw new Error(error.message);
  return count ?? 0;
}

export function getLocalDrugCountQueryOptions(pharmacyId: string) {
  return queryOptions({ meta: { reads: ['medications'] }, queryKey: drugKeys.localCount(pharmacyId), queryFn: getLocalDrugCount });
}

export function useLocalDrugCount(pharmacyId: string) {
  return useQuery(getLocalDrugCountQueryOptions(pharmacyId));
}
