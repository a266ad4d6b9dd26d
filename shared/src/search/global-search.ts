/**
 * The header's global search answer (public.global_search): per kind at most `per_kind` rows of the caller's pharmacy,
 * best first. A prescription is its order (the Rx number), with whether Refill is offered as the queue's Refill dialog
 * offers it (active, refills left; the database still decides). zod/mini: the search is in the signed-in shell, on
 * the first visit.
 */
import * as z from 'zod/mini';

export const GLOBAL_SEARCH_PER_KIND = 5;

export const globalSearchPatientSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.nullable(z.string()),
  phone: z.nullable(z.string()),
});

export const globalSearchMedicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  genericName: z.nullable(z.string()),
  strength: z.nullable(z.string()),
  dosageForm: z.nullable(z.string()),
  ndc: z.nullable(z.string()),
  ndc11: z.nullable(z.string()),
});

export const globalSearchPrescriptionSchema = z.object({
  orderId: z.string(),
  rxNumber: z.number(),
  status: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  medication: z.string(),
  refills: z.number(),
  refillsUsed: z.number(),
  refillsRemaining: z.number(),
  refillable: z.boolean(),
});

export const globalSearchPrescriberSchema = z.object({
  id: z.string(),
  title: z.nullable(z.string()),
  firstName: z.string(),
  lastName: z.string(),
  degree: z.nullable(z.string()),
  specialty: z.nullable(z.string()),
  npiNumber: z.nullable(z.string()),
});

export const globalSearchResultsSchema = z.object({
  patients: z.array(globalSearchPatientSchema),
  medications: z.array(globalSearchMedicationSchema),
  prescriptions: z.array(globalSearchPrescriptionSchema),
  prescribers: z.array(globalSearchPrescriberSchema),
});

export type GlobalSearchPatient = z.infer<typeof globalSearchPatientSchema>;
export type GlobalSearchMedication = z.infer<typeof globalSearchMedicationSchema>;
export type GlobalSearchPrescription = z.infer<typeof globalSearchPrescriptionSchema>;
export type GlobalSearchPrescriber = z.infer<typeof globalSearchPrescriberSchema>;
export type GlobalSearchResults = z.infer<typeof globalSearchResultsSchema>;

export const EMPTY_GLOBAL_SEARCH_RESULTS: GlobalSearchResults = { patients: [], medications: [], prescriptions: [], prescribers: [] };
