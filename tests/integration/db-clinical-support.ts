/**
 * Helpers of the clinical database tests: a patient, a medication and a prescription made through
 * supabase-js as a signed-in staff member (so RLS and the workflow triggers apply). The database computes a
 * prescription's ai_flags from the patient's profile: an Ibuprofen prescription for a patient on warfarin
 * (addWarfarinPatient) is alerted, one for a patient on nothing (addPatient) is not. Status moves go through
 * the move_prescription RPC, as the web app does.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { AiFlags } from '../../shared/src/prescriptions/ai-flags.ts';
import type { Tables } from '../../shared/src/database/database.types.ts';

export const NO_INTERACTIONS = { hasInteractions: false, interactions: [], recommendedActions: [] };

/** A prescriptions row as the generated types have it; its jsonb flags read as the shared AiFlags shape. */
export type PrescriptionRow = Omit<Tables<'prescriptions'>, 'ai_flags' | 'verification_flags'> & {
  ai_flags: AiFlags;
  verification_flags: AiFlags | null;
};

/** Inserts one row as `client` (RLS applying); returns its id. */
export async function insertRow(client: SupabaseClient, table: string, row: Record<string, unknown>): Promise<string> {
  const { data, error } = await client.from(table).insert(row).select('id').single();
  if (error || !data) throw new Error(`could not add to ${table}: ${error?.message}`);
  return (data as { id: string }).id;
}

async function insertOne(client: SupabaseClient, table: string, row: Record<string, unknown>): Promise<{ id: string }> {
  return { id: await insertRow(client, table, row) };
}

/** A patient allergic to penicillin and on no medication: an Ibuprofen prescription for them is clean. */
export function addPatient(client: SupabaseClient, lastName = 'Patient'): Promise<{ id: string }> {
  return insertOne(client, 'patients', {
    first_name: 'Pat', last_name: lastName, date_of_birth: '1960-01-02', allergies: ['Penicillin'], current_medications: [],
  });
}

/** A patient on warfarin: an Ibuprofen prescription for them carries the warfarin–NSAID alert. */
export function addWarfarinPatient(client: SupabaseClient, lastName = 'Anticoagulated'): Promise<{ id: string }> {
  return insertOne(client, 'patients', {
    first_name: 'Wanda', last_name: lastName, date_of_birth: '1950-03-04', allergies: ['Penicillin'], current_medications: ['Warfarin 5mg'],
  });
}

/** A medication with stock enough for every fill a test makes (verification takes the quantity from stock). */
export function addMedication(client: SupabaseClient, name = 'Ibuprofen'): Promise<{ id: string }> {
  return insertOne(client, 'medications', { name, generic_name: name.toLowerCase(), strength: '800 mg', dosage_form: 'tablet', price: 9.99, stock: 10_000 });
}

export interface PrescriptionParts {
  patientId: string;
  medicationId: string;
}

/** Enters a prescription as `client`; returns the row the database stored. */
export async function enterPrescription(client: SupabaseClient, parts: PrescriptionParts, extra: Record<string, unknown> = {}): Promise<PrescriptionRow> {
  const { data, error } = await client.from('prescriptions').insert({
    patient_id: parts.patientId,
    medication_id: parts.medicationId,
    prescription_type: 'written',
    source: 'manual_entry',
    directions: 'Take 1 tablet by mouth every 8 hours as needed',
    quantity: 30,
    refills: 1,
    days_supply: 10,
    ...extra,
  }).select('*').single();
  if (error || !data) throw new Error(`could not enter a prescription: ${error?.message}`);
  return data as PrescriptionRow;
}

export interface UpdateResult {
  row: PrescriptionRow | null;
  error: string | null;
}

/** Moves one prescription as `client` through move_prescription; returns the stored row or the refusal's message. */
export async function movePrescription(client: SupabaseClient, id: string, status: string, overrideReason?: string): Promise<UpdateResult> {
  const { data, error } = await client.rpc('move_prescription', {
    prescription_id: id, to_status: status, ...(overrideReason === undefined ? {} : { override_reason: overrideReason }),
  });
  if (error) return { row: null, error: error.message };
  const result = data as { ok: boolean; message?: string; prescription?: PrescriptionRow };
  return result.ok ? { row: result.prescription!, error: null } : { row: null, error: result.message! };
}

/**
 * Updates one prescription as `client`; returns the stored row or the error message. A change of status alone
 * (with an override reason or not) goes through move_prescription, as the web app sends it; anything else is a
 * plain PATCH through PostgREST.
 */
export async function updatePrescription(client: SupabaseClient, id: string, changes: Record<string, unknown>): Promise<UpdateResult> {
  const { status, override_reason: overrideReason, ...rest } = changes;
  if (typeof status === 'string' && Object.keys(rest).length === 0) {
    return movePrescription(client, id, status, overrideReason as string | undefined);
  }
  const { data, error } = await client.from('prescriptions').update(changes).eq('id', id).select('*');
  if (error) return { row: null, error: error.message };
  return { row: (data?.[0] as PrescriptionRow | undefined) ?? null, error: null };
}
