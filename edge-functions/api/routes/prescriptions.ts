/**
 * POST /api/prescriptions — enters a prescription (spec part 1 §4 creation flow, §7). The body is checked
 * with the shared form schema (400 with its messages). Acting as the caller (RLS applies), it reads the
 * patient (current medications, allergies), the drugs of the patient's active prescriptions and the new
 * medication — a patient, medication or prescriber the caller cannot see (another pharmacy's) is 404 — runs
 * the interaction engine for the new drug against that profile, and inserts the prescription with its
 * aiFlags in one insert (aiFlags cannot be changed by staff afterwards). The database makes it pending and
 * sets the Rx number and who entered it. 201 with the prescription in camelCase.
 */
import { aiFlagsForNewPrescription } from '@pharmacy/shared/prescriptions/ai-flags.ts';
import { prescriptionFormSchema, sourceForType, type PrescriptionFormValues } from '@pharmacy/shared/schemas/prescription.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { requireUser } from '../../_shared/auth.ts';
import { HttpError, jsonResponse } from '../../_shared/http.ts';
import type { Router } from '../../_shared/router.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';
import { readJsonObject, validateBody } from '../../_shared/validation.ts';
import { databaseFailure } from '../prescriptions/database-errors.ts';
import { knowledgeBaseFor } from '../knowledge-base.ts';
import { PRESCRIPTION_COLUMNS, type PrescriptionRow, prescriptionFromRow } from '../prescriptions/prescription-response.ts';

const ACTIVE_STATUSES = ['pending', 'processing', 'ready'] as const;

interface PatientProfileRow {
  id: string;
  current_medications: string[];
  allergies: string[];
}

interface MedicationNameRow {
  id: string;
  name: string;
  generic_name: string | null;
}

interface PrescriberNameRow {
  title: string | null;
  first_name: string;
  last_name: string;
}

/** The name the engine should read for a catalogue drug: its generic name when the catalogue has one. */
function engineName(medication: MedicationNameRow): string {
  return medication.generic_name?.trim() || medication.name;
}

async function visibleRow<T>(query: PromiseLike<{ data: T | null; error: { code?: string; message: string } | null }>, what: string, notFound: string): Promise<T> {
  const { data, error } = await query;
  if (error) {
    if (error.code === '22P02') throw new HttpError(404, notFound);
    throw databaseFailure(`reading the ${what}`, error);
  }
  if (!data) throw new HttpError(404, notFound);
  return data;
}

/** Generic names (or names) of the drugs of the patient's pending, processing and ready prescriptions. */
async function activePrescriptionDrugs(client: SupabaseClient, patientId: string): Promise<string[]> {
  const active = await client.from('prescriptions').select('medication_id').eq('patient_id', patientId).in('status', [...ACTIVE_STATUSES]);
  if (active.error) throw databaseFailure('reading active prescriptions', active.error);
  const medicationIds = [...new Set((active.data as { medication_id: string }[]).map((row) => row.medication_id))];
  if (medicationIds.length === 0) return [];
  const medications = await client.from('medications').select('id, name, generic_name').in('id', medicationIds);
  if (medications.error) throw databaseFailure('reading active prescriptions\' medications', medications.error);
  return (medications.data as MedicationNameRow[]).map(engineName);
}

function prescriberDisplayName(prescriber: PrescriberNameRow): string {
  return [prescriber.title, prescriber.first_name, prescriber.last_name].filter((part) => part && part.trim() !== '').join(' ');
}

function insertRow(form: PrescriptionFormValues, prescriberName: string | undefined, aiFlags: unknown): Record<string, unknown> {
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
    ai_flags: aiFlags,
  };
}

export function addPrescriptionRoutes(router: Router): void {
  router.post('/api/prescriptions', async ({ req }) => {
    await requireUser(req);
    const form = validateBody(prescriptionFormSchema, await readJsonObject(req));
    const client = createUserClient(req);

    const [patient, medication, prescriber] = await Promise.all([
      visibleRow<PatientProfileRow>(
        client.from('patients').select('id, current_medications, allergies').eq('id', form.patientId).maybeSingle(),
        'patient',
        'Patient not found',
      ),
      visibleRow<MedicationNameRow>(
        client.from('medications').select('id, name, generic_name').eq('id', form.medicationId).maybeSingle(),
        'medication',
        'Medication not found',
      ),
      form.prescriberId
        ? visibleRow<PrescriberNameRow>(
            client.from('prescribers').select('title, first_name, last_name').eq('id', form.prescriberId).maybeSingle(),
            'prescriber',
            'Prescriber not found',
          )
        : Promise.resolve(null),
    ]);

    const [activeDrugs, kb] = await Promise.all([activePrescriptionDrugs(client, patient.id), knowledgeBaseFor(client)]);
    const aiFlags = aiFlagsForNewPrescription(kb, {
      newMedication: engineName(medication),
      profileMedications: [...patient.current_medications, ...activeDrugs],
      allergies: patient.allergies,
    });

    const prescriberName = form.prescriberName ?? (prescriber ? prescriberDisplayName(prescriber) : undefined);
    const { data, error } = await client
      .from('prescriptions')
      .insert(insertRow(form, prescriberName, aiFlags))
      .select(PRESCRIPTION_COLUMNS)
      .single();
    if (error) throw databaseFailure('entering the prescription', error);
    return jsonResponse(prescriptionFromRow(data as unknown as PrescriptionRow), 201);
  });
}
