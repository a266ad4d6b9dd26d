/**
 * The choices of the prescription form (spec §2 "Manual Prescription Entry", §7 GET /api/prescribers and the
 * patient and medication lists): the pharmacy's patients, prescribers and catalogue drugs, read with RLS.
 * Each becomes a select option with a non-empty value (spec §5 "A select item must not have an empty value").
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SelectOption } from '../../../components/form/select-field.tsx';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';

export async function getPatientChoices(): Promise<SelectOption[]> {
  const { data, error } = await supabase.from('patients').select('id, first_name, last_name').order('last_name').order('first_name');
  if (error) throw new Error(error.message);
  return data.map((patient) => ({ value: patient.id, label: `${patient.first_name} ${patient.last_name}` }));
}

export async function getPrescriberChoices(): Promise<SelectOption[]> {
  const { data, error } = await supabase.from('prescribers').select('id, title, first_name, last_name, degree').order('last_name');
  if (error) throw new Error(error.message);
  return data.map((prescriber) => ({
    value: prescriber.id,
    label: [prescriber.title, prescriber.first_name, prescriber.last_name].filter(Boolean).join(' ') + (prescriber.degree ? `, ${prescriber.degree}` : ''),
  }));
}

export async function getMedicationChoices(): Promise<SelectOption[]> {
  const { data, error } = await supabase.from('medications').select('id, name, strength, dosage_form').order('name').order('strength');
  if (error) throw new Error(error.message);
  return data.map((medication) => ({
    value: medication.id,
    label: [medication.name, medication.strength, medication.dosage_form].filter(Boolean).join(' '),
  }));
}

const fetchers = { patients: getPatientChoices, prescribers: getPrescriberChoices, medications: getMedicationChoices } as const;

export function getFormChoicesQueryOptions(pharmacyId: string, kind: keyof typeof fetchers) {
  return queryOptions({ queryKey: prescriptionKeys.formChoices(pharmacyId, kind), queryFn: fetchers[kind] });
}

export function useFormChoices(pharmacyId: string, kind: keyof typeof fetchers) {
  return useQuery(getFormChoicesQueryOptions(pharmacyId, kind));
}
