/**
 * The prescription as the API returns it: the database row in camelCase (spec part 1 §3 Prescription),
 * with rxNumber as a number and quantity as a number.
 */
import type { Tables } from '@pharmacy/shared/database/database.types.ts';
import type { PrescriptionResponse } from '@pharmacy/shared/api/prescriptions.ts';
import type { AiFlags } from '@pharmacy/shared/prescriptions/ai-flags.ts';

/** The prescriptions columns the API reads and returns (checked against the generated table type). */
const PRESCRIPTION_FIELDS = [
  'id', 'pharmacy_id', 'rx_number', 'status', 'prescription_type', 'source', 'patient_id', 'prescriber_id', 'prescriber_name',
  'medication_id', 'directions', 'quantity', 'refills', 'fill_number', 'days_supply', 'original_date', 'fax_number',
  'verification_notes', 'caller_info', 'callback_number', 'urgency_level', 'date_filled', 'ai_flags', 'override_reason',
  'overridden_by', 'overridden_at', 'entered_by', 'entered_at', 'processed_by', 'processed_at', 'verified_by', 'verified_at',
  'completed_by', 'completed_at', 'created_at', 'updated_at', 'prescription_file_id',
] as const satisfies readonly (keyof Tables<'prescriptions'>)[];

export const PRESCRIPTION_COLUMNS = PRESCRIPTION_FIELDS.join(', ');

/** Those columns of the generated row; the jsonb flags read as the shared AiFlags shape. */
export type PrescriptionRow = Omit<Pick<Tables<'prescriptions'>, (typeof PRESCRIPTION_FIELDS)[number]>, 'ai_flags'> & { ai_flags: AiFlags };

/** PostgREST may send numeric values as strings; the API answers numbers. */
function numberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

export function prescriptionFromRow(row: PrescriptionRow): PrescriptionResponse {
  return {
    id: row.id,
    pharmacyId: row.pharmacy_id,
    rxNumber: Number(row.rx_number),
    status: row.status,
    prescriptionType: row.prescription_type,
    source: row.source,
    patientId: row.patient_id,
    prescriberId: row.prescriber_id,
    prescriberName: row.prescriber_name,
    medicationId: row.medication_id,
    directions: row.directions,
    quantity: numberOrNull(row.quantity),
    refills: row.refills,
    // Refills used as of a fill are its fill number (0 for the original).
    refillsUsed: row.fill_number,
    daysSupply: row.days_supply,
    originalDate: row.original_date,
    faxNumber: row.fax_number,
    verificationNotes: row.verification_notes,
    callerInfo: row.caller_info,
    callbackNumber: row.callback_number,
    urgencyLevel: row.urgency_level,
    dateFilled: row.date_filled,
    aiFlags: row.ai_flags,
    overrideReason: row.override_reason,
    overriddenBy: row.overridden_by,
    overriddenAt: row.overridden_at,
    enteredBy: row.entered_by,
    enteredAt: row.entered_at,
    processedBy: row.processed_by,
    processedAt: row.processed_at,
    prescriptionFileId: row.prescription_file_id,
    verifiedBy: row.verified_by,
    verifiedAt: row.verified_at,
    completedBy: row.completed_by,
    completedAt: row.completed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
