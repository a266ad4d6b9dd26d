/** Query keys of the patients feature, starting with the pharmacy so one pharmacy's data never answers for another. */
export const patientKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'patients'] as const,
  /** One page (from 0) of the list for a search ('' for all patients) in one order. */
  list: (pharmacyId: string, search: string, page: number, sort: { column: string; descending: boolean }) =>
    [...patientKeys.all(pharmacyId), 'list', { search, page, sort: `${sort.column}:${sort.descending ? 'desc' : 'asc'}` }] as const,
  /** One patient's record by id (a record opened from the header's global search). */
  record: (pharmacyId: string, patientId: string) => [...patientKeys.all(pharmacyId), 'record', patientId] as const,
  /** The patient's prescriptions (orders) with their refills, page after page. */
  prescriptions: (pharmacyId: string, patientId: string) => [...patientKeys.all(pharmacyId), 'prescriptions', patientId] as const,
  accessHistory: (pharmacyId: string, patientId: string) => [...patientKeys.all(pharmacyId), 'access-history', patientId] as const,
  /** The patient's insurance plans, active and deactivated. */
  insurancePlans: (pharmacyId: string, patientId: string) => [...patientKeys.all(pharmacyId), 'insurance-plans', patientId] as const,
};
