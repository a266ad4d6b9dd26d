/**
 * THE read of one settings group (spec part 2 §7 GET /api/system-settings/{key}), for every screen that shows or
 * applies it: System Settings' tabs and cards, and the print flow's Printing settings. Its stored values, or the §9
 * defaults when never saved, with each secret as `{ set }` (never its value). Pharmacists and technicians may read
 * the printing and labels groups (label work); the rest are the admin's.
 */
import { SETTINGS_ENDPOINTS } from '@pharmacy/shared/api/system-settings.ts';
import type { ApiEndpoint } from '@pharmacy/shared/api/endpoint.ts';
import type { SettingsGroupKey, SettingsRead } from '@pharmacy/shared/settings/groups.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { invokeApi } from '../lib/invoke-api.ts';
import type { TableName } from '../lib/table-queries.ts';
import { pharmacyKeys } from './pharmacy-keys.ts';

/**
 * Where each group's values live (private.settings_group_values): the pharmacy group is the pharmacy's record with
 * its hours and pharmacist in charge; the Controlled tab's DEA number is the pharmacy's; the rest are rows of
 * pharmacy_settings.
 */
export const SETTINGS_GROUP_TABLES: Readonly<Record<SettingsGroupKey, readonly TableName[]>> = {
  pharmacy: ['pharmacies', 'pharmacy_operating_hours', 'pharmacists_in_charge'],
  transmission: ['pharmacy_settings'],
  controlled: ['pharmacy_settings', 'pharmacies'],
  refills: ['pharmacy_settings'],
  billing: ['pharmacy_settings'],
  labels: ['pharmacy_settings'],
  reports: ['pharmacy_settings'],
  printing: ['pharmacy_settings'],
  'profit-loss': ['pharmacy_settings'],
  fax: ['pharmacy_settings'],
  email: ['pharmacy_settings'],
};

/** Every table a settings save may write (a group's values, the pharmacy record) and its audit row. */
export const SETTINGS_WRITE_TABLES: readonly TableName[] = [...new Set(Object.values(SETTINGS_GROUP_TABLES).flat()), 'audit_log'];

export async function getSettingsGroup<Key extends SettingsGroupKey>(key: Key): Promise<SettingsRead<Key>> {
  // The eleven endpoints differ only in their schemas; one call site for all of them needs the common shape.
  const endpoint = SETTINGS_ENDPOINTS[key].get as ApiEndpoint<null>;
  return (await invokeApi(endpoint)) as SettingsRead<Key>;
}

export function settingsGroupQueryOptions<Key extends SettingsGroupKey>(pharmacyId: string, key: Key) {
  return queryOptions({
    queryKey: pharmacyKeys.settingsGroup(pharmacyId, key),
    queryFn: () => getSettingsGroup(key),
    meta: { reads: SETTINGS_GROUP_TABLES[key] },
  });
}

export function useSettingsGroup<Key extends SettingsGroupKey>(pharmacyId: string, key: Key) {
  return useQuery(settingsGroupQueryOptions(pharmacyId, key));
}
