/**
 * One prescriber as a choice of the prescription form's Prescriber field, by id: for a form opened with a prescriber
 * already chosen elsewhere (a prescription file's match), so the form knows its DEA number, verification and OIG
 * exclusion as if it had been picked. From `rpc('prescriber_directory')` with `only_id` (the same derived exclusion as
 * the picker's search), read with RLS; null when it cannot be read.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';
import { PRESCRIBER_CHOICE_COLUMNS, prescriberChoiceOf, type PrescriberChoice } from './search-prescriber-choices.ts';

export async function getPrescriberChoice(prescriberId: string): Promise<PrescriberChoice | null> {
  const { data, error } = await supabase
    .rpc('prescriber_directory', { only_id: prescriberId, page_size: 1, with_activity: false })
    .select(PRESCRIBER_CHOICE_COLUMNS);
  if (error) throw new Error(error.message);
  const [row] = data;
  return row ? prescriberChoiceOf(row) : null;
}

/** Disabled without an id (the form opened with no prescriber). */
export function getPrescriberChoiceQueryOptions(pharmacyId: string, prescriberId: string) {
  return queryOptions({
    meta: { reads: ['prescribers', 'oig_exclusion_lists'] },
    queryKey: prescriptionKeys.prescriberChoice(pharmacyId, prescriberId),
    queryFn: () => getPrescriberChoice(prescriberId),
    enabled: prescriberId !== '',
  });
}

export function usePrescriberChoice(pharmacyId: string, prescriberId: string) {
  return useQuery(getPrescriberChoiceQueryOptions(pharmacyId, prescriberId));
}
