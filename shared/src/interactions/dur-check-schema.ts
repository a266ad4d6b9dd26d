/**
 * Bodies of the Drug Database's clinical checks (spec part 2 §7 "Drugs"), answered by the one interaction engine:
 * - POST /api/drugs/dur-check {medication, patientProfile: {currentMedications?, allergies?}} — what entering that
 *   medication for that profile would flag;
 * - POST /api/drugs/check-interactions {medications} — the engine over a medication list (no allergies).
 * Names as written ("Warfarin 5mg", "Advil"), with the messages of POST /api/ai/check-interactions.
 */
import * as z from 'zod';
import { checkInteractionsSchema, MAX_NAME_LENGTH, nameList } from './check-interactions-schema.ts';

export const DUR_CHECK_MESSAGES = {
  medication: 'The medication to check is required',
  medicationLength: `Medication names are at most ${MAX_NAME_LENGTH} characters`,
  patientProfile: 'The patient profile must be an object with currentMedications and allergies lists',
} as const;

export const durCheckSchema = z.object({
  medication: z
    .string({ error: DUR_CHECK_MESSAGES.medication })
    .trim()
    .min(1, DUR_CHECK_MESSAGES.medication)
    .max(MAX_NAME_LENGTH, DUR_CHECK_MESSAGES.medicationLength),
  patientProfile: z.object(
    {
      currentMedications: nameList('medication', 'medications').optional(),
      allergies: nameList('allergy', 'allergies').optional(),
    },
    { error: DUR_CHECK_MESSAGES.patientProfile },
  ),
});
export type DurCheckInput = z.infer<typeof durCheckSchema>;

/** The medications only: the drug list checked against itself. */
export const drugInteractionsSchema = checkInteractionsSchema.pick({ medications: true });
export type DrugInteractionsInput = z.infer<typeof drugInteractionsSchema>;
