/**
 * The directory's cards for one tab and search (spec part 2 §2 Provider Management, §5 provider search), one keyset
 * page at a time from `rpc('prescriber_directory')`: the database matches each word in first name, last name,
 * specialty or NPI, orders by last name, first name and id, and derives activeCount, lastPrescription and whether
 * the OIG exclusion list names the prescriber. RLS admits only the signed-in staff member's pharmacy.
 */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  DIRECTORY_PAGE_SIZE,
  DIRECTORY_TABS,
  prescriberFromDirectoryRow,
  type DirectoryTabKey,
  type Prescriber,
} from '@pharmacy/shared/prescribers/prescriber.ts';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { supabase } from '../../../lib/supabase.ts';
import { providerKeys } from '../keys.ts';

/** Where the next page starts: after the last card's sort key. */
export interface DirectoryPageParam {
  lastName: string;
  firstName: string;
  id: string;
}

export interface DirectoryPage {
  prescribers: Prescriber[];
  next: DirectoryPageParam | null;
}

export async function getPrescriberDirectoryPage(tab: DirectoryTabKey, search: string, after: DirectoryPageParam | null): Promise<DirectoryPage> {
  const status = DIRECTORY_TABS.find((entry) => entry.key === tab)?.status ?? null;
  const { data, error } = await supabase.rpc('prescriber_directory', {
    page_size: DIRECTORY_PAGE_SIZE,
    ...(search === '' ? {} : { search }),
    ...(status === null ? {} : { status }),
    ...(after === null ? {} : { after_last_name: after.lastName, after_first_name: after.firstName, after_id: after.id }),
  });
  if (error) throw new Error(clientMessageForDatabaseError(error));
  const prescribers = data.map(prescriberFromDirectoryRow);
  const last = prescribers.at(-1);
  return {
    prescribers,
    next: prescribers.length === DIRECTORY_PAGE_SIZE && last ? { lastName: last.lastName, firstName: last.firstName, id: last.id } : null,
  };
}

export function getPrescriberDirectoryQueryOptions(pharmacyId: string, tab: DirectoryTabKey, search: string) {
  return infiniteQueryOptions({
    // The cards show the prescriber, its prescriptions' activity and whether the current exclusion list names it.
    meta: { reads: ['prescribers', 'prescription_orders', 'prescriptions', 'oig_exclusion_lists'] },
    queryKey: providerKeys.directory(pharmacyId, tab, search),
    queryFn: ({ pageParam }) => getPrescriberDirectoryPage(tab, search, pageParam),
    initialPageParam: null as DirectoryPageParam | null,
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
  });
}

/** Keeps the previous tab's or search's cards up while the new ones load, so the list does not flash. */
export function usePrescriberDirectory(pharmacyId: string, tab: DirectoryTabKey, search: string) {
  return useInfiniteQuery({ ...getPrescriberDirectoryQueryOptions(pharmacyId, tab, search), placeholderData: keepPreviousData });
}
