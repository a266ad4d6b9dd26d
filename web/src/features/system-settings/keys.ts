/**
 * Query keys of System Settings, starting with the pharmacy so one pharmacy's cache never answers for another.
 * Each group has its own key under `groups`: saving reloads the groups (spec part 2 §4, §7) — all of them, since
 * groups share fields (the DEA number is the Pharmacy and the Controlled tab's; the monograph switch, format and
 * integration are the Printing and the Labels tab's); only those on screen refetch at once.
 */
import type { SettingsGroupKey } from '@pharmacy/shared/settings/groups.ts';

export const systemSettingsKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'system-settings'] as const,
  /** Every group. */
  groups: (pharmacyId: string) => [...systemSettingsKeys.all(pharmacyId), 'group'] as const,
  /** GET /api/system-settings/{key}. */
  group: (pharmacyId: string, key: SettingsGroupKey) => [...systemSettingsKeys.groups(pharmacyId), key] as const,
  /** The pharmacy's time zone (its "today" for the DEA compliance card). */
  timeZone: (pharmacyId: string) => [...systemSettingsKeys.all(pharmacyId), 'time-zone'] as const,
};
