/** Query keys of Reports and Analytics, starting with the pharmacy (so another pharmacy's data is never read from cache). */
export const reportsKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'reports'] as const,
  /** The stat cards of a period (first and last day) and the period before it. */
  overview: (pharmacyId: string, from: string, to: string) => [...reportsKeys.all(pharmacyId), 'overview', from, to] as const,
  /** The last 7 days, keyed by the pharmacy's today so a new day is a new query. */
  weeklyActivity: (pharmacyId: string, today: string) => [...reportsKeys.all(pharmacyId), 'weekly-activity', today] as const,
  topMedications: (pharmacyId: string, from: string, to: string) => [...reportsKeys.all(pharmacyId), 'top-medications', from, to] as const,
  systemAlerts: (pharmacyId: string) => [...reportsKeys.all(pharmacyId), 'system-alerts'] as const,
  /** One report (GET /api/reports/{report}) over its days. */
  report: (pharmacyId: string, report: string, from: string, to: string) => [...reportsKeys.all(pharmacyId), 'report', report, from, to] as const,
  /** The scheduled report runs, a page of them (newest first). */
  scheduledRuns: (pharmacyId: string, page: number, pageSize: number) => [...reportsKeys.all(pharmacyId), 'scheduled-runs', page, pageSize] as const,
  /** Which report schedules are on. */
  schedules: (pharmacyId: string) => [...reportsKeys.all(pharmacyId), 'schedules'] as const,
};
