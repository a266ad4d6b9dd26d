/** Query keys of the formulary feature, starting with the pharmacy so one pharmacy's entries never answer for another. */
export const formularyKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'formulary'] as const,
  /** Every formulary entry of one medication (one per insurance type). */
  medication: (pharmacyId: string, medicationId: string) => [...formularyKeys.all(pharmacyId), 'medication', medicationId] as const,
};
