/** Query keys of the patients feature, starting with the pharmacy so one pharmacy's data never answers for another. */
export const patientKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'patients'] as const,
  list: (pharmacyId: string, search: string) => [...patientKeys.all(pharmacyId), 'list', { search }] as const,
  accessHistory: (pharmacyId: string, patientId: string) => [...patientKeys.all(pharmacyId), 'access-history', patientId] as const,
};
