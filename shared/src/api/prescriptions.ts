/**
 * POST /api/prescriptions — enters a prescription (spec part 1 §4 creation flow, §7), signed-in staff only. The
 * body is the shared form (400 with its messages, and with the DEA rules' messages); a patient, medication or
 * prescriber the caller cannot see is 404. 201 with the prescription in camelCase (spec part 1 §3 Prescription).
 */
import * as z from 'zod';
import { aiFlagsSchema } from '../prescriptions/ai-flags.ts';
import { prescriptionFormSchema } from '../prescriptions/prescription.ts';
import { refillRequestSchema } from '../prescriptions/refills.ts';
import { apiEndpoint } from './endpoint.ts';

const nullableText = z.string().nullable();

/** A prescription as the api answers it: the row in camelCase, numbers as numbers. */
export const prescriptionSchema = z.object({
  id: z.string(),
  pharmacyId: z.string(),
  rxNumber: z.number(),
  status: z.string(),
  prescriptionType: z.string(),
  source: z.string(),
  patientId: z.string(),
  prescriberId: nullableText,
  prescriberName: nullableText,
  medicationId: z.string(),
  directions: nullableText,
  quantity: z.number().nullable(),
  refills: z.number(),
  /** Refills used as of this fill: its fill number (0 for the original). */
  refillsUsed: z.number(),
  daysSupply: z.number().nullable(),
  originalDate: nullableText,
  faxNumber: nullableText,
  verificationNotes: nullableText,
  callerInfo: nullableText,
  callbackNumber: nullableText,
  urgencyLevel: nullableText,
  dateFilled: nullableText,
  aiFlags: aiFlagsSchema,
  overrideReason: nullableText,
  overriddenBy: nullableText,
  overriddenAt: nullableText,
  enteredBy: nullableText,
  enteredAt: z.string(),
  processedBy: nullableText,
  processedAt: nullableText,
  verifiedBy: nullableText,
  verifiedAt: nullableText,
  completedBy: nullableText,
  completedAt: nullableText,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The prescription file it was entered from (issue 23); null for manual entry. */
  prescriptionFileId: nullableText,
});
export type PrescriptionResponse = z.infer<typeof prescriptionSchema>;

export const createPrescriptionEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/prescriptions',
  access: 'signed-in',
  request: prescriptionFormSchema,
  response: prescriptionSchema,
  format: 'json',
  successStatus: 201,
});

/** A fill as the refill endpoint answers it: the Prescription shape plus its fill number and the refills left. */
export const refillResponseSchema = prescriptionSchema.extend({
  fillNumber: z.number(),
  refillsRemaining: z.number(),
});
export type RefillResponse = z.infer<typeof refillResponseSchema>;

/**
 * POST /api/prescriptions/{id}/refill — the next fill of a prescription (id of the prescription or any of its
 * fills), pending on every terminal, through the same entry rules as a new prescription. Body optional (none
 * at all is `{}`): `{tooSoonReason}`, a pharmacist's or admin's reason to allow a refill too soon. 201 with the new fill; a
 * refused refill is 4xx with the rule's sentence (409 a rule, 403 a permission, 404 not the caller's).
 */
export const refillPrescriptionEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/prescriptions/:id/refill',
  access: 'signed-in',
  request: refillRequestSchema,
  bodyOptional: true,
  response: refillResponseSchema,
  format: 'json',
  successStatus: 201,
});
