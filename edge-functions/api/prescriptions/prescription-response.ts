/**
 * The prescription as the API returns it: the database row in camelCase (spec part 1 §3 Prescription),
 * with rxNumber as a number and quantity as a number.
 */
import type { AiFlags } from '@pharmacy/shared/prescriptions/ai-flags.ts';

/** The prescriptions columns the API reads and returns. */
export const PRESCRIPTION_COLUMNS =
  'id, pharmacy_id, rx_number, status, prescription_type, source, patient_id, prescriber_id, prescriber_name, ' +
  'medication_id, directions, quantity, refills, refills_used, days_supply, original_date, fax_number, ' +
  'verification_notes, caller_info, callback_number, urgency_level, date_filled, ai_flags, override_reason, ' +
  'overridden_by, overridden_at, entered_by, entered_at, processed_by, processed_at, verified_by, verified_at, ' +
  'completed_by, completed_at, created_at, updated_at';

export interface PrescriptionRow {
  id: string;
  pharmacy_id: string;
  rx_number: number | string;
  status: 'pending' | 'processing' | 'ready' | 'completed';
  prescription_type: string;
  source: string;
  patient_id: string;
  prescriber_id: string | null;
  prescriber_name: string | null;
  medication_id: string;
  directions: string | null;
  quantity: number | string | null;
  refills: number;
  refills_used: number;
  days_supply: number | null;
  original_date: string | null;
  fax_number: string | null;
  verification_notes: string | null;
  caller_info: string | null;
  callback_number: string | null;
  urgency_level: string | null;
  date_filled: string | null;
  ai_flags: AiFlags;
  override_reason: string | null;
  overridden_by: string | null;
  overridden_at: string | null;
  entered_by: string | null;
  entered_at: string;
  processed_by: string | null;
  processed_at: string | null;
  verified_by: string | null;
  verified_at: string | null;
  completed_by: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

function numberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

export function prescriptionFromRow(row: PrescriptionRow) {
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
    refillsUsed: row.refills_used,
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
    verifiedBy: row.verified_by,
    verifiedAt: row.verified_at,
    completedBy: row.completed_by,
    completedAt: row.completed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type PrescriptionResponse = ReturnType<typeof prescriptionFromRow>;
