/**
 * Entering a prescription (spec part 1 §4 creation flow): the one door manual entry (POST /api/prescriptions) and
 * entry from a prescription file (POST /api/prescription-files/{id}/prescription) go through. Acting as the caller
 * (RLS applies), it reads the patient, the medication (its DEA schedule) and the prescriber (its DEA number) — one
 * the caller cannot see is 404 — checks the DEA rules with the shared schema (400 with their messages), and inserts
 * the prescription; the database runs the interaction check, numbers it, and (for a file) links the file in the same
 * statement.
 */
import type { Tables, TablesInsert } from '@pharmacy/shared/database/database.types.ts';
import {
  controlledSubstanceIssues, type DeaSchedule, sourceForType, type PrescriptionFormValues,
} from '@pharmacy/shared/prescriptions/prescription.ts';
import { HttpError } from '../../_shared/http.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';
import { validationFailed } from '../../_shared/validation.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { PRESCRIPTION_COLUMNS, type PrescriptionRow, prescriptionFromRow } from './prescription-response.ts';

type PatientRow = Pick<Tables<'patients'>, 'id'>;
/** The schedule column is text checked by the database against the DEA schedules. */
type MedicationRow = Pick<Tables<'medications'>, 'id'> & { dea_schedule: DeaSchedule | null };
type PrescriberRow = Pick<Tables<'prescribers'>, 'title' | 'first_name' | 'last_name' | 'dea_number'>;

/**
 * A new prescription as the api inserts it. The BEFORE INSERT triggers set rx_number (from the pharmacy's
 * counter), order_id (a new prescription opens its order, fill 0) and ai_flags (the interaction check; a sent
 * value is refused), so they are left out; the generated Insert type lists them as required because the columns
 * are NOT NULL without a default.
 */
type PrescriptionEntry = Omit<TablesInsert<'prescriptions'>, 'rx_number' | 'order_id' | 'ai_flags'>;

async function visibleRow<T>(query: PromiseLike<{ data: T | null; error: { code?: string; message: string } | null }>, what: string, notFound: string): Promise<T> {
  const { data, error } = await query;
  if (error) {
    if (error.code === '22P02') throw new HttpError(404, notFound);
    throw databaseFailure(`reading the ${what}`, error);
  }
  if (!data) throw new HttpError(404, notFound);
  return data;
}

function prescriberDisplayName(prescriber: PrescriberRow): string {
  return [prescriber.title, prescriber.first_name, prescriber.last_name].filter((part) => part && part.trim() !== '').join(' ');
}

function insertRow(form: PrescriptionFormValues, prescriberName: string | undefined): PrescriptionEntry {
  return {
    prescription_type: form.prescriptionType,
    source: form.source ?? sourceForType(form.prescriptionType),
    patient_id: form.patientId,
    medication_id: form.medicationId,
    prescriber_id: form.prescriberId ?? null,
    prescriber_name: prescriberName ?? null,
    directions: form.directions,
    quantity: form.quantity,
    refills: form.refills,
    days_supply: form.daysSupply,
    original_date: form.originalDate ?? null,
    fax_number: form.faxNumber ?? null,
    verification_notes: form.verificationNotes ?? null,
    caller_info: form.callerInfo ?? null,
    callback_number: form.callbackNumber ?? null,
    urgency_level: form.urgencyLevel ?? null,
    exclusion_override_reason: form.exclusionOverrideReason || null,
  };
}

/** Enters the form as a pending prescription, from the prescription file named (if any); answers it in camelCase. */
export async function enterPrescription(client: DatabaseClient, form: PrescriptionFormValues, prescriptionFileId?: string) {

  const [, medication, prescriber] = await Promise.all([
    visibleRow<PatientRow>(client.from('patients').select('id').eq('id', form.patientId).maybeSingle(), 'patient', 'Patient not found'),
    visibleRow<MedicationRow>(
      client.from('medications').select('id, dea_schedule').eq('id', form.medicationId).maybeSingle(),
      'medication',
      'Medication not found',
    ),
    form.prescriberId
      ? visibleRow<PrescriberRow>(
          client.from('prescribers').select('title, first_name, last_name, dea_number').eq('id', form.prescriberId).maybeSingle(),
          'prescriber',
          'Prescriber not found',
        )
      : Promise.resolve(null),
  ]);

  const today = new Date().toISOString().slice(0, 10);
  const deaIssues = controlledSubstanceIssues({
    deaSchedule: medication.dea_schedule,
    refills: form.refills,
    prescriberDeaNumber: prescriber?.dea_number,
    dateWritten: form.originalDate ?? today,
    today,
  });
  if (deaIssues.length > 0) throw validationFailed(deaIssues);

  const prescriberName = form.prescriberName ?? (prescriber ? prescriberDisplayName(prescriber) : undefined);
  const { data, error } = await client
    .from('prescriptions')
    .insert({ ...insertRow(form, prescriberName), prescription_file_id: prescriptionFileId ?? null } as TablesInsert<'prescriptions'>)
    .select(PRESCRIPTION_COLUMNS)
    .single();
  if (error) throw databaseFailure('entering the prescription', error);
  return prescriptionFromRow(data as unknown as PrescriptionRow);
}
