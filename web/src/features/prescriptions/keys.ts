/**
 * Query keys of the prescriptions feature, starting with the pharmacy so one pharmacy's cache never serves
 * another's. What a change refreshes is decided by the tables each query reads (lib/table-queries.ts), not by these
 * keys; the queue's own changes edit `queues` in place (hooks/use-live-queue.ts), and a lookup that fails refreshes
 * everything under `all(pharmacyId)`.
 */
import type { PrescriptionStatus } from './api/prescription-model.ts';

/** What a queue tab is narrowed by: a search (Rx number or patient name) and the date filled; '' is unset. */
export interface QueueFilters {
  search: string;
  filledOn: string;
}

export const NO_QUEUE_FILTERS: QueueFilters = { search: '', filledOn: '' };

export const prescriptionKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'prescriptions'] as const,
  /** The exact counts by status and by type (the tab counts and the counters). */
  counts: (pharmacyId: string) => [...prescriptionKeys.all(pharmacyId), 'counts'] as const,
  /** Every queue tab's paged list, whatever its filters. */
  queues: (pharmacyId: string) => [...prescriptionKeys.all(pharmacyId), 'queue'] as const,
  /** One tab's paged list (an infinite query), newest first. */
  queue: (pharmacyId: string, status: PrescriptionStatus, filters: QueueFilters) =>
    [...prescriptionKeys.queues(pharmacyId), status, { search: filters.search, filledOn: filters.filledOn }] as const,
  /** The form's Prescriber picker: the prescribers a typed search finds. */
  prescriberChoices: (pharmacyId: string, search: string) =>
    [...prescriptionKeys.all(pharmacyId), 'prescriber-choices', { search }] as const,
  /** The form's Medication picker: the catalogue's active products a typed search finds. */
  medicationChoices: (pharmacyId: string, search: string) =>
    [...prescriptionKeys.all(pharmacyId), 'medication-choices', { search }] as const,
  /** One prescriber as a form choice, by id (a form opened with the prescriber already chosen). */
  prescriberChoice: (pharmacyId: string, prescriberId: string) =>
    [...prescriptionKeys.all(pharmacyId), 'prescriber-choice', prescriberId] as const,
  /** One catalog product as a form choice, by id (a form opened with the product already chosen). */
  medicationChoice: (pharmacyId: string, medicationId: string) =>
    [...prescriptionKeys.all(pharmacyId), 'medication-choice', medicationId] as const,
  /** Under dual approval, the approvals recorded for one prescription's override. */
  overrideApprovals: (pharmacyId: string, prescriptionId: string) =>
    [...prescriptionKeys.all(pharmacyId), 'override-approvals', prescriptionId] as const,
  /** The pharmacy's controlled substance status (DEA registration, schedules, double count, today's fills). */
  controlledStatus: (pharmacyId: string) => [...prescriptionKeys.all(pharmacyId), 'controlled-status'] as const,
  /** The double counts recorded for one controlled prescription. */
  controlledCounts: (pharmacyId: string, prescriptionId: string) =>
    [...prescriptionKeys.all(pharmacyId), 'controlled-counts', prescriptionId] as const,
  /** The newest fill of an Rx number, for the queue's Refill dialog. */
  newestFill: (pharmacyId: string, rxNumber: number) => [...prescriptionKeys.all(pharmacyId), 'newest-fill', rxNumber] as const,
  /** The signed-in staff member's verified TOTP factor (step-up by authenticator code). */
  totpFactor: (pharmacyId: string, userId: string) => [...prescriptionKeys.all(pharmacyId), 'totp-factor', userId] as const,
};
