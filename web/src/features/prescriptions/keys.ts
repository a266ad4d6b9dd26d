/**
 * Query keys of the prescriptions feature, starting with the pharmacy so one pharmacy's cache never serves
 * another's. Everything the queue shows sits under `all(pharmacyId)`, so one invalidation (a mutation, a
 * realtime event, a reconnect) refreshes the counters, every tab and the form's choice lists together.
 */
import type { PrescriptionStatus } from './api/prescription-model.ts';

export const prescriptionKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'prescriptions'] as const,
  /** The queue: the full list (status 'all', for the counters and tab counts) or one status (a tab). */
  list: (pharmacyId: string, status: PrescriptionStatus | 'all') => [...prescriptionKeys.all(pharmacyId), 'list', status] as const,
  formChoices: (pharmacyId: string, kind: 'patients' | 'prescribers' | 'medications') =>
    [...prescriptionKeys.all(pharmacyId), 'form-choices', kind] as const,
};
