/**
 * What a file was matched to on processing (issue 23: patient by name and date of birth, prescriber by NPI, catalog
 * drug by NDC): the names of the matched patient, prescriber and catalog product, read through PostgREST with RLS,
 * for the review's match lines and the prescription form's first choices. A match that can no longer be read (the
 * row removed since) is null, as an unmatched one.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrescriptionFile } from '@pharmacy/shared/prescription-files/prescription-file.ts';
import { prescriberDisplayName } from '@pharmacy/shared/prescribers/prescriber.ts';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionFileKeys } from '../keys.ts';

export interface FileMatch {
  id: string;
  /** The name as the pickers show it. */
  label: string;
  /** What tells it apart: date of birth, NPI, NDC. */
  detail: string;
}

export interface FileMatches {
  patient: FileMatch | null;
  prescriber: FileMatch | null;
  medication: FileMatch | null;
}

type Matched = Pick<PrescriptionFile, 'matchedPatientId' | 'matchedPrescriberId' | 'matchedMedicationId'>;

async function matchedPatient(id: string | null): Promise<FileMatch | null> {
  if (id === null) return null;
  const { data, error } = await supabase.from('patients').select('id, first_name, last_name, date_of_birth').eq('id', id).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? { id: data.id, label: `${data.first_name} ${data.last_name}`, detail: data.date_of_birth ? `DOB ${data.date_of_birth}` : '' } : null;
}

async function matchedPrescriber(id: string | null): Promise<FileMatch | null> {
  if (id === null) return null;
  const { data, error } = await supabase.from('prescribers').select('id, title, first_name, last_name, degree, npi_number').eq('id', id).maybeSingle();
  if (error) throw new Error(error.message);
  if (!data) return null;
  // As the prescription form's prescriber picker names them.
  const label = prescriberDisplayName({ title: data.title, firstName: data.first_name, lastName: data.last_name, credentials: { degree: data.degree } });
  return { id: data.id, label, detail: data.npi_number ? `NPI ${data.npi_number}` : '' };
}

async function matchedMedication(id: string | null): Promise<FileMatch | null> {
  if (id === null) return null;
  const { data, error } = await supabase.from('medications').select('id, name, strength, dosage_form, ndc_number').eq('id', id).maybeSingle();
  if (error) throw new Error(error.message);
  if (!data) return null;
  // As the prescription form's medication picker names them.
  return { id: data.id, label: [data.name, data.strength, data.dosage_form].filter(Boolean).join(' '), detail: data.ndc_number ? `NDC ${data.ndc_number}` : '' };
}

export async function getFileMatches(file: Matched): Promise<FileMatches> {
  const [patient, prescriber, medication] = await Promise.all([
    matchedPatient(file.matchedPatientId),
    matchedPrescriber(file.matchedPrescriberId),
    matchedMedication(file.matchedMedicationId),
  ]);
  return { patient, prescriber, medication };
}

export function getFileMatchesQueryOptions(pharmacyId: string, file: Matched) {
  return queryOptions({
    meta: { reads: ['patients', 'prescribers', 'medications'] },
    queryKey: prescriptionFileKeys.matches(pharmacyId, {
      patientId: file.matchedPatientId,
      prescriberId: file.matchedPrescriberId,
      medicationId: file.matchedMedicationId,
    }),
    queryFn: () => getFileMatches(file),
  });
}

export function useFileMatches(pharmacyId: string, file: Matched) {
  return useQuery(getFileMatchesQueryOptions(pharmacyId, file));
}
