/**
 * The choices of the prescription form (spec §2 "Manual Prescription Entry", §7 GET /api/prescribers): the
 * pharmacy's prescribers, read with RLS. (Patients and medications are searched as the user types:
 * hooks/use-patient-choices.ts, api/search-medication-choices.ts.)
 * Each becomes a select option with a non-empty value (spec §5 "A select item must not have an empty value").
 * Prescribers carry their DEA number, for the form's DEA rules.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SelectOption } from '../../../components/form/select-field.tsx';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';

export interface PrescriberChoice extends SelectOption {
  deaNumber: string | null;
}

export async function getPrescriberChoices(): Promise<PrescriberChoice[]> {
  const { data, error } = await supabase.from('prescribers').select('id, title, first_name, last_name, degree, dea_number').order('last_name');
  if (error) throw new Error(error.message);
  return data.map((prescriber) => ({
    value: prescriber.id,
    deaNumber: prescriber.dea_number,
    label: [prescriber.title, prescriber.first_name, prescriber.last_name].filter(Boolean).join(' ') + (prescriber.degree ? `, ${prescriber.degree}` : ''),
  }));
}

export function getPrescriberChoicesQueryOptions(pharmacyId: string) {
  return queryOptions({ meta: { reads: ['prescribers'] }, queryKey: prescriptionKeys.prescriberChoices(pharmacyId), queryFn: getPrescriberChoices });
}

export function usePrescriberChoices(pharmacyId: string) {
  return useQuery(getPrescriberChoicesQueryOptions(pharmacyId));
}
