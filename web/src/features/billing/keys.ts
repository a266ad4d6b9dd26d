/**
 * Query keys of Billing & Claims, starting with the pharmacy so one pharmacy's cache never answers for another.
 * What a submission, a payment or another terminal's change refreshes is decided by the tables each query reads
 * (lib/table-queries.ts); the keys only group the screen's reads.
 */
export const billingKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'billing'] as const,
  /** The Overview tab's cards (public.billing_overview). */
  overview: (pharmacyId: string) => [...billingKeys.all(pharmacyId), 'overview'] as const,
  /** One page of the Claims tab for a search and status filter. */
  claims: (pharmacyId: string, search: string, filter: string, page: number, pageSize: number) =>
    [...billingKeys.all(pharmacyId), 'claims', search, filter, page, pageSize] as const,
  /** One claim in full: its transmissions and history (public.claim_detail). */
  claim: (pharmacyId: string, claimId: string) => [...billingKeys.all(pharmacyId), 'claim', claimId] as const,
  /** A fill's billing (GET /api/billing/{id}). */
  fill: (pharmacyId: string, prescriptionId: string) => [...billingKeys.all(pharmacyId), 'fill', prescriptionId] as const,
  /** One page of the fills the calculator may pick, for a search and statuses. */
  fills: (pharmacyId: string, search: string, statuses: string, page: number, pageSize: number) =>
    [...billingKeys.all(pharmacyId), 'fills', search, statuses, page, pageSize] as const,
  /** A patient's active plans (Check Insurance Eligibility). */
  patientPlans: (pharmacyId: string, patientId: string) => [...billingKeys.all(pharmacyId), 'patient-plans', patientId] as const,
  /** Each configured switch and its last transmission (GET /api/claims/provider-status). */
  providerStatus: (pharmacyId: string) => [...billingKeys.all(pharmacyId), 'provider-status'] as const,
  /** pharmacies.time_zone: whose days the Reports tab's default range counts. */
  /** One report of the Reports tab for a range and payer (GET /api/claims/reports/{report}). */
  report: (pharmacyId: string, report: string, from: string, to: string, payer: string) =>
    [...billingKeys.all(pharmacyId), 'report', report, from, to, payer] as const,
  /** The payers billed in a range (the Reports tab's payer choice). */
  reportPayers: (pharmacyId: string, from: string, to: string) => [...billingKeys.all(pharmacyId), 'report-payers', from, to] as const,
  /** Every page of the reconciliation lists (what an import refreshes). */
  reconciliationAll: (pharmacyId: string) => [...billingKeys.all(pharmacyId), 'reconciliation'] as const,
  /** One page of a reconciliation list (GET /api/claims/reconciliation). */
  reconciliation: (pharmacyId: string, outcome: string, from: string, to: string, offset: number) =>
    [...billingKeys.reconciliationAll(pharmacyId), outcome, from, to, offset] as const,
};
