/**
 * POST /api/prescriptions — enters a prescription (spec part 1 §4 creation flow, §7), signed-in staff only. The
 * body is the shared form (400 with its messages, and with the DEA rules' messages); a patient, medication or
 * prescriber the caller cannot see is 404. 201 with the prescription in camelCase (spec part 1 §3 Prescription).
 */
import * as z from 'zod';
import { aiFlagsSchema } from '../prescriptions/ai-flags.ts';
import { prescriptionFormSchema } from '../prescriptions/prescription.ts';
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
