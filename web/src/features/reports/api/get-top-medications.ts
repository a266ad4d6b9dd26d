/**
 * Most Prescribed Medications: the medications filled most in a period, the top 5 (public.reports_top_medications as
 * the caller).
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { TOP_MEDICATIONS, topMedicationsSchema, type TopMedications } from '@pharmacy/shared/reports/overview.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { reportsKeys } from '../keys.ts';
import type { DayRange } from '../report-period.ts';

export async function getTopMedications(range: DayRange): Promise<TopMedications> {
  const { data, error } = await supabase.rpc('reports_top_medications', { from_date: range.from, to_date: range.to, top: TOP_MEDICATIONS });
  if (error) throw new Error(clientMessageForDatabaseError(error));
  const parsed = topMedicationsSchema.safeParse(data);
  if (!parsed.success) throw new Error(`Unexpected top medications: ${parsed.error.message}`);
  return parsed.data;
}

export function getTopMedicationsQueryOptions(pharmacyId: string, range: DayRange) {
  return queryOptions({
    meta: { reads: ['prescriptions', 'medications', 'pharmacies'] },
    queryKey: reportsKeys.topMedications(pharmacyId, range.from, range.to),
    queryFn: () => getTopMedications(range),
    placeholderData: keepPreviousData,
  });
}

export function useTopMedications(pharmacyId: string, range: DayRange | null) {
  return useQuery({ ...getTopMedicationsQueryOptions(pharmacyId, range ?? { from: '', to: '' }), enabled: range !== null });
}
