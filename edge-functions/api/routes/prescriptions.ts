/**
 * POST /api/prescriptions — enters a prescription (spec part 1 §4 creation flow, §7). The body is checked
 * with the shared form schema (400 with its messages). Acting as the caller (RLS applies), it reads the
 * patient, the medication (its DEA schedule) and the prescriber (its DEA number) — one the caller cannot see
 * (another pharmacy's) is 404 — checks the DEA rules with the shared schema (400 with their messages), and
 * inserts the prescription. The database runs the interaction check of the patient's profile in that insert
 * (ai_flags; a client cannot send its own), makes it pending and sets the Rx number and who entered it; it
 * holds the DEA rules too. 201 with the prescription in camelCase.
 *
 * POST /api/prescriptions/:id/refill — the next fill of a prescription (issue 21). The body is optional
 * ({tooSoonReason}, checked with the shared schema). Acting as the caller, it calls refill_prescription, which
 * inserts the fill through the same entry triggers; the database holds every refill rule and refuses with its
 * sentence (409 a rule, 403 a permission, 404 a prescription that is not the caller's — an id that is not a
 * uuid too). 201 with the new fill in camelCase, its fill number and the refills left after it.
 */
import type { Tables, TablesInsert } from '@pharmacy/shared/database/database.types.ts';
import { createPrescriptionEndpoint, refillPrescriptionEndpoint } from '@pharmacy/shared/api/prescriptions.ts';
import { UUID_PATTERN } from '@pharmacy/shared/common/field-rules.ts';
import { refillsRemainingAfter } from '@pharmacy/shared/prescriptions/refills.ts';
import {
  controlledSubstanceIssues, type DeaSchedule, sourceForType, type PrescriptionFormValues,
} from '@pharmacy/shared/prescriptions/prescription.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { HttpError } from '../../_shared/http.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';
import { validationFailed } from '../../_shared/validation.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { PRESCRIPTION_COLUMNS, type PrescriptionRow, prescriptionFromRow } from '../prescriptions/prescription-response.ts';

const PRESCRIPTION_NOT_FOUND = 'Prescription not found';

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

export function addPrescriptionRoutes(router: ApiRouter): void {
  router.serve(createPrescriptionEndpoint, async ({ req, body: form }) => {
    const client = createUserClient(req);

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
      .insert(insertRow(form, prescriberName) as TablesInsert<'prescriptions'>)
      .select(PRESCRIPTION_COLUMNS)
      .single();
    if (error) throw databaseFailure('entering the prescription', error);
    return prescriptionFromRow(data as unknown as PrescriptionRow);
  });

  router.serve(refillPrescriptionEndpoint, async ({ req, params, body }) => {
    const id = params.id ?? '';
    if (!UUID_PATTERN.test(id)) throw new HttpError(404, PRESCRIPTION_NOT_FOUND);
    const client = createUserClient(req);
    const { data, error } = await client.rpc('refill_prescription', {
      prescription_id: id,
      ...(body.tooSoonReason === undefined ? {} : { too_soon_reason: body.tooSoonReason }),
    });
    if (error) throw databaseFailure('refilling the prescription', error);
    const fill = data as unknown as PrescriptionRow;
    return {
      ...prescriptionFromRow(fill),
      fillNumber: fill.fill_number,
      refillsRemaining: refillsRemainingAfter(fill.fill_number, fill.refills),
    };
  });
}
