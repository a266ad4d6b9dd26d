/**
 * Query keys of the pharmacy logo and the system status (the logo-status part of System Settings), under the
 * pharmacy so one pharmacy's cache never answers for another, and under 'system-settings' so refreshing the screen's
 * data refreshes these too. Kept apart from the screen's keys.ts.
 */
export const logoStatusKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'system-settings'] as const,
  /** GET /api/system-settings/pharmacy/logo. */
  pharmacyLogo: (pharmacyId: string) => [...logoStatusKeys.all(pharmacyId), 'pharmacy-logo'] as const,
  /** GET /api/system-status. */
  systemStatus: (pharmacyId: string) => [...logoStatusKeys.all(pharmacyId), 'system-status'] as const,
};
