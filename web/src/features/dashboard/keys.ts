/** Query keys of the dashboard, starting with the pharmacy (so another pharmacy's data is never read from cache). */
export const dashboardKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'dashboard'] as const,
  /** The stat cards of one local day (its start, ISO), so a new day is a new query. */
  stats: (pharmacyId: string, dayStartIso: string) => [...dashboardKeys.all(pharmacyId), 'stats', dayStartIso] as const,
  recentPending: (pharmacyId: string) => [...dashboardKeys.all(pharmacyId), 'recent-pending'] as const,
  lowStock: (pharmacyId: string) => [...dashboardKeys.all(pharmacyId), 'low-stock'] as const,
  prescriberCredentialAlerts: (pharmacyId: string) => [...dashboardKeys.all(pharmacyId), 'prescriber-credential-alerts'] as const,
  staffCredentials: (pharmacyId: string) => [...dashboardKeys.all(pharmacyId), 'staff-credentials'] as const,
  nextRxNumber: (pharmacyId: string) => [...dashboardKeys.all(pharmacyId), 'next-rx-number'] as const,
};
