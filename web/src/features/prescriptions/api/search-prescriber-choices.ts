/**
 * The prescription form's Prescriber choices (spec §7 GET /api/prescribers with a search): the first few of the
 * pharmacy's prescribers a typed search finds, from `rpc('prescriber_directory')` (the directory's one search: first
 * name, last name, specialty or NPI), read with RLS, so a directory of 20,000 prescribers is never loaded whole.
 * Each choice carries what the form needs before it sends: the DEA number (the DEA rules), the verification status
 * and its reason, and whether the OIG exclusion list names the prescriber (then a pharmacist's reason is needed).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { prescriberDisplayName } from '@pharmacy/shared/prescribers/prescriber.ts';
import type { ComboboxOption } from '../../../components/ui/combobox.tsx';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';

/** How many prescribers the picker offers for a search (the user narrows the search for more). */
export const PRESCRIBER_CHOICES_LIMIT = 8;
/** Typed characters before the picker searches. */
export const PRESCRIBER_SEARCH_MIN_LENGTH = 2;

export interface PrescriberChoice extends ComboboxOption {
  deaNumber: string | null;
  verificationStatus: string;
  verificationReason: string | null;
  excluded: boolean;
}

/** The directory's columns a choice is made of. */
export const PRESCRIBER_CHOICE_COLUMNS = 'id, title, first_name, last_name, degree, specialty, npi_number, dea_number, verification_status, verification_reason, excluded';

interface PrescriberChoiceRow {
  id: string;
  title: string | null;
  first_name: string;
  last_name: string;
  degree: string | null;
  specialty: string | null;
  npi_number: string | null;
  dea_number: string | null;
  verification_status: string;
  verification_reason: string | null;
  excluded: boolean;
}

export function prescriberChoiceOf(prescriber: PrescriberChoiceRow): PrescriberChoice {
  return {
    value: prescriber.id,
    label: prescriberDisplayName({ title: prescriber.title, firstName: prescriber.first_name, lastName: prescriber.last_name, credentials: { degree: prescriber.degree } }),
    detail: [prescriber.specialty, prescriber.npi_number ? `NPI ${prescriber.npi_number}` : null].filter(Boolean).join(' · '),
    deaNumber: prescriber.dea_number,
    verificationStatus: prescriber.verification_status,
    verificationReason: prescriber.verification_reason,
    excluded: prescriber.excluded,
  };
}

export async function searchPrescriberChoices(search: string): Promise<PrescriberChoice[]> {
  const { data, error } = await supabase
    // No activeCount or lastPrescription: the picker does not show them.
    .rpc('prescriber_directory', { search, page_size: PRESCRIBER_CHOICES_LIMIT, with_activity: false })
    .select(PRESCRIBER_CHOICE_COLUMNS);
  if (error) throw new Error(error.message);
  return data.map(prescriberChoiceOf);
}

export function searchPrescriberChoicesQueryOptions(pharmacyId: string, search: string) {
  return queryOptions({
    meta: { reads: ['prescribers', 'oig_exclusion_lists'] },
    queryKey: prescriptionKeys.prescriberChoices(pharmacyId, search),
    queryFn: () => searchPrescriberChoices(search),
    enabled: search.length >= PRESCRIBER_SEARCH_MIN_LENGTH,
  });
}

export function usePrescriberChoices(pharmacyId: string, search: string) {
  return useQuery(searchPrescriberChoicesQueryOptions(pharmacyId, search));
}
