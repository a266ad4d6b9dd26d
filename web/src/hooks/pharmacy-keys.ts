/**
 * Query keys of the entities several features show, each read one way by the hook beside this file (the security
 * policy, the settings groups), starting with the pharmacy so one pharmacy's cache never answers for another.
 * What refreshes them is the tables they read (lib/table-queries.ts), not these keys.
 */
import type { SettingsGroupKey } from '@pharmacy/shared/settings/groups.ts';

export const pharmacyKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId] as const,
  /** public.security_policies: the pharmacy's one policy row. */
  securityPolicy: (pharmacyId: string) => [...pharmacyKeys.all(pharmacyId), 'security-policy'] as const,
  /** GET /api/system-settings/{key}. */
  settingsGroup: (pharmacyId: string, key: SettingsGroupKey) => [...pharmacyKeys.all(pharmacyId), 'settings-group', key] as const,
  /** public.pharmacies.time_zone. */
  timeZone: (pharmacyId: string) => [...pharmacyKeys.all(pharmacyId), 'time-zone'] as const,
};
