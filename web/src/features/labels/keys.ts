/** Query keys of the labels screen, starting with the pharmacy. */
export const labelsKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'labels'] as const,
  readyPrescriptions: (pharmacyId: string) => [...labelsKeys.all(pharmacyId), 'ready-prescriptions'] as const,
  recentlyPrinted: (pharmacyId: string) => [...labelsKeys.all(pharmacyId), 'recently-printed'] as const,
};
