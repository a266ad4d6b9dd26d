/**
 * Body of POST /api/ai/check-interactions: the medications to check (names as written on a prescription or
 * profile, e.g. "Warfarin 5mg", "Advil") and, optionally, the patient's allergies.
 */
import * as z from 'zod';

const MAX_ITEMS = 100;
export const MAX_NAME_LENGTH = 200;

/** A list of names as written (medications, allergies): each trimmed, non-empty, bounded; the list bounded. */
export function nameList(singular: string, plural: string) {
  const Singular = singular[0]!.toUpperCase() + singular.slice(1);
  const Plural = plural[0]!.toUpperCase() + plural.slice(1);
  return z
    .array(
      z
        .string({ error: `${Plural} must be a list of names` })
        .trim()
        .min(1, `${Singular} names cannot be empty`)
        .max(MAX_NAME_LENGTH, `${Singular} names are at most ${MAX_NAME_LENGTH} characters`),
      { error: `${Plural} must be a list of names` },
    )
    .max(MAX_ITEMS, `At most ${MAX_ITEMS} ${plural} can be checked at once`);
}

export const checkInteractionsSchema = z.object({
  medications: nameList('medication', 'medications').min(1, 'At least one medication is required'),
  allergies: nameList('allergy', 'allergies').optional(),
});

export type CheckInteractionsInput = z.infer<typeof checkInteractionsSchema>;
