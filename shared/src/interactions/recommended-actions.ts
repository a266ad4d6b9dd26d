/**
 * The recommended actions the interaction check can return (computed by the database's engine,
 * private.recommended_actions in supabase/migrations/20261122000900_clinical_safety.sql): the texts, so
 * clients and tests can name them.
 */
export const RECOMMENDED_ACTIONS = {
  contactPrescriber: 'Contact prescriber before dispensing',
  verifyAllergy: 'Verify the allergy and reaction history with the patient before dispensing',
  confirmDuplicate: 'Confirm with the prescriber that duplicate therapy is intended',
  pharmacistReview: 'Pharmacist review required before processing',
  counselPatient: 'Counsel the patient on the interaction and what to watch for',
  documentReview: 'Document the review or the override reason on the prescription',
} as const;
