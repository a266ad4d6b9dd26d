/**
 * The prescription as the queue reads it (spec part 1 §3 Prescription read model): the row with the patient
 * (id, name, current medications) and the medication (name, strength, DEA schedule) embedded, aiFlags and the
 * verification check's new findings. The
 * select string and the parser live together so what is asked for and what is read cannot drift.
 */
import { DEA_SCHEDULES, type DeaSchedule } from '@pharmacy/shared/prescriptions/prescription.ts';
import { z } from 'zod';

/** The queue's tabs, in order. */
export const PRESCRIPTION_STATUSES = ['pending', 'processing', 'ready', 'completed'] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];

/**
 * What a fill may be: a tab's status, or cancelled (an unverified fill of a discontinued prescription), which no
 * tab shows — a fill that becomes cancelled simply leaves the queue (queue-cache.ts places it in no tab).
 */
export const FILL_STATUSES = [...PRESCRIPTION_STATUSES, 'cancelled'] as const;
export type FillStatus = (typeof FILL_STATUSES)[number];

export const PRESCRIPTION_QUEUE_SELECT =
  'id, rx_number, status, prescription_type, source, prescriber_name, directions, quantity, refills, order_id, fill_number, ' +
  'days_supply, urgency_level, fax_number, original_date, caller_info, callback_number, override_reason, created_at, ai_flags, ' +
  'verification_flags, verification_override_reason, prescription_file_id, ' +
  'patient:patients!prescriptions_patient_fkey(id, first_name, last_name, current_medications), ' +
  'medication:medications!prescriptions_medication_fkey(id, name, strength, dea_schedule)';

const interactionSchema = z.object({
  severity: z.enum(['severe', 'moderate', 'mild']),
  interactingDrugs: z.array(z.string()),
  description: z.string(),
  recommendations: z.array(z.string()),
});

const aiFlagsSchema = z.object({
  hasInteractions: z.boolean(),
  interactions: z.array(interactionSchema),
  recommendedActions: z.array(z.string()),
});

/** The queue's part of a patient row, embedded in a prescription or delivered by realtime (where extra columns come too). */
const patientRowSchema = z.object({ id: z.string(), first_name: z.string(), last_name: z.string(), current_medications: z.array(z.string()) });
/** The queue's part of a medication row, likewise. */
const medicationRowSchema = z.object({ id: z.string(), name: z.string(), strength: z.string().nullable(), dea_schedule: z.enum(DEA_SCHEDULES).nullable() });

export type QueuePatient = QueuePrescription['patient'];
export type QueueMedication = QueuePrescription['medication'];

function queuePatientOf(row: z.infer<typeof patientRowSchema>): QueuePatient {
  return { id: row.id, firstName: row.first_name, lastName: row.last_name, currentMedications: row.current_medications };
}

function queueMedicationOf(row: z.infer<typeof medicationRowSchema>): QueueMedication {
  return { id: row.id, name: row.name, strength: row.strength, deaSchedule: row.dea_schedule };
}

/** A patient row as a queue card shows it (another terminal changed it), or null when the row is not one. */
export function parseQueuePatient(row: unknown): QueuePatient | null {
  const parsed = patientRowSchema.safeParse(row);
  return parsed.success ? queuePatientOf(parsed.data) : null;
}

/** A medication row as a queue card shows it, or null when the row is not one. */
export function parseQueueMedication(row: unknown): QueueMedication | null {
  const parsed = medicationRowSchema.safeParse(row);
  return parsed.success ? queueMedicationOf(parsed.data) : null;
}

const rowSchema = z.object({
  id: z.string(),
  rx_number: z.coerce.number(),
  status: z.enum(FILL_STATUSES),
  prescription_type: z.enum(['written', 'fax', 'verbal', 'electronic']),
  source: z.string(),
  prescriber_name: z.string().nullable(),
  directions: z.string().nullable(),
  quantity: z.coerce.number().nullable(),
  refills: z.number(),
  order_id: z.string(),
  fill_number: z.number(),
  days_supply: z.number().nullable(),
  urgency_level: z.string().nullable(),
  fax_number: z.string().nullable(),
  original_date: z.string().nullable(),
  caller_info: z.string().nullable(),
  callback_number: z.string().nullable(),
  override_reason: z.string().nullable(),
  created_at: z.string(),
  ai_flags: aiFlagsSchema,
  verification_flags: aiFlagsSchema.nullable(),
  verification_override_reason: z.string().nullable(),
  prescription_file_id: z.string().nullable(),
  patient: patientRowSchema,
  medication: medicationRowSchema,
});

export type InteractionItem = z.infer<typeof interactionSchema>;
export type InteractionFlags = z.infer<typeof aiFlagsSchema>;

export interface QueuePrescription {
  id: string;
  rxNumber: number;
  status: FillStatus;
  prescriptionType: 'written' | 'fax' | 'verbal' | 'electronic';
  source: string;
  prescriberName: string | null;
  directions: string | null;
  quantity: number | null;
  /** Refills the prescriber authorised (the order's). */
  refills: number;
  /** The prescription (order) this fill belongs to; its id is the original fill's. */
  orderId: string;
  /** 0 the original fill, N refill N (refills used as of this fill). */
  fillNumber: number;
  daysSupply: number | null;
  urgencyLevel: string | null;
  faxNumber: string | null;
  originalDate: string | null;
  callerInfo: string | null;
  callbackNumber: string | null;
  overrideReason: string | null;
  createdAt: string;
  /** The interaction check at entry. */
  aiFlags: InteractionFlags;
  /** What the check found new at verification (the patient's profile changed since entry); null when nothing. */
  verificationFlags: InteractionFlags | null;
  verificationOverrideReason: string | null;
  /** The prescription file it was entered from (issue 23); null when entered by hand. */
  prescriptionFileId: string | null;
  patient: { id: string; firstName: string; lastName: string; currentMedications: string[] };
  /** deaSchedule: the DEA schedule of a controlled substance (II..V), null otherwise. */
  medication: { id: string; name: string; strength: string | null; deaSchedule: DeaSchedule | null };
}

export function parseQueuePrescriptions(data: unknown): QueuePrescription[] {
  const parsed = z.array(rowSchema).safeParse(data);
  if (!parsed.success) throw new Error(`The server described prescriptions in an unexpected shape: ${parsed.error.message}`);
  return parsed.data.map((row) => ({
    id: row.id,
    rxNumber: row.rx_number,
    status: row.status,
    prescriptionType: row.prescription_type,
    source: row.source,
    prescriberName: row.prescriber_name,
    directions: row.directions,
    quantity: row.quantity,
    refills: row.refills,
    orderId: row.order_id,
    fillNumber: row.fill_number,
    daysSupply: row.days_supply,
    urgencyLevel: row.urgency_level,
    faxNumber: row.fax_number,
    originalDate: row.original_date,
    callerInfo: row.caller_info,
    callbackNumber: row.callback_number,
    overrideReason: row.override_reason,
    createdAt: row.created_at,
    aiFlags: row.ai_flags,
    verificationFlags: row.verification_flags,
    verificationOverrideReason: row.verification_override_reason,
    prescriptionFileId: row.prescription_file_id,
    patient: queuePatientOf(row.patient),
    medication: queueMedicationOf(row.medication),
  }));
}

/**
 * The interaction alert a prescription waits on, if any: at pending, the entry check's (resolved by processing
 * with an override); at processing, what verification found new (resolved by verifying with an override).
 */
export function openInteractionAlert(prescription: QueuePrescription): { flags: InteractionFlags; resolvedBy: 'processing' | 'ready' } | null {
  if (prescription.status === 'pending' && prescription.aiFlags.hasInteractions) return { flags: prescription.aiFlags, resolvedBy: 'processing' };
  if (prescription.status === 'processing' && prescription.verificationFlags?.hasInteractions && prescription.verificationOverrideReason === null) {
    return { flags: prescription.verificationFlags, resolvedBy: 'ready' };
  }
  return null;
}
