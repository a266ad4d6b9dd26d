/**
 * Query keys of System Settings, starting with the pharmacy so one pharmacy's cache never answers for another.
 * Each group has its own key: saving a group reloads that group only (spec part 2 §4, §7).
 */
import type { SettingsGroupKey } from '@pharmacy/shared/settings/groups.ts';

export const systemSettingsKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'system-settings'] as const,
  /** GET /api/system-settings/{key}. */
  group: (pharmacyId: string, key: SettingsGroupKey) => [...systemSettingsKeys.all(pharmacyId), 'group', key] as const,
  /** The pharmacy's time zone (its "today" for the DEA compliance card). */
  timeZone: (pharmacyId: string) => [...systemSettingsKeys.all(pharmacyId), 'time-zone'] as const,
};
