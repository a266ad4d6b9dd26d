/**
 * The choices of the prescription form (spec §2 "Manual Prescription Entry", §7 GET /api/prescribers and the
 * medication list): the pharmacy's prescribers and catalogue drugs, read with RLS. (Patients are searched as the
 * user types: hooks/use-patient-choices.ts.)
 * Each becomes a select option with a non-empty value (spec §5 "A select item must not have an empty value").
 * Prescribers carry their DEA number and medications their DEA schedule, for the form's DEA rules.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEA_SCHEDULES, type DeaSchedule } from '@pharmacy/shared/schemas/prescription.ts';
import type { SelectOption } from '../../../components/form/select-field.tsx';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';

export interface PrescriberChoice extends SelectOption {
  deaNumber: string | null;
}

export interface MedicationChoice extends SelectOption {
  deaSchedule: DeaSchedule | null;
}

function deaSchedule(value: string | null): DeaSchedule | null {
  return DEA_SCHEDULES.find((schedule) => schedule === value) ?? null;
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

export async function getMedicationChoices(): Promise<MedicationChoice[]> {
  const { data, error } = await supabase.from('medications').select('id, name, strength, dosage_form, dea_schedule').order('name').order('strength');
  if (error) throw new Error(error.message);
  return data.map((medication) => ({
    value: medication.id,
    deaSchedule: deaSchedule(medication.dea_schedule),
    label: [medication.name, medication.strength, medication.dosage_form].filter(Boolean).join(' '),
  }));
}

const fetchers = { prescribers: getPrescriberChoices, medications: getMedicationChoices } as const;

type Choices = { [Kind in keyof typeof fetchers]: Awaited<ReturnType<(typeof fetchers)[Kind]>> };

export function getFormChoicesQueryOptions<Kind extends keyof typeof fetchers>(pharmacyId: string, kind: Kind) {
  const fetchChoices = fetchers[kind] as () => Promise<Choices[Kind]>;
  return queryOptions({ queryKey: prescriptionKeys.formChoices(pharmacyId, kind), queryFn: fetchChoices });
}

export function useFormChoices<Kind extends keyof typeof fetchers>(pharmacyId: string, kind: Kind) {
  return useQuery(getFormChoicesQueryOptions(pharmacyId, kind));
}
