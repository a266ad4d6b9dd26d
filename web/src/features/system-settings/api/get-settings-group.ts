/**
 * One settings group (spec part 2 §7 GET /api/system-settings/{key}): its stored values, or the §9 defaults when
 * never saved, with each secret as `{ set }` (never its value).
 */
import { SETTINGS_ENDPOINTS } from '@pharmacy/shared/api/system-settings.ts';
import type { SettingsGroupKey, SettingsRead } from '@pharmacy/shared/settings/groups.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import type { ApiEndpoint } from '@pharmacy/shared/api/endpoint.ts';
import { systemSettingsKeys } from '../keys.ts';

export async function getSettingsGroup<Key extends SettingsGroupKey>(key: Key): Promise<SettingsRead<Key>> {
  // The nine endpoints differ only in their schemas; one call site for all of them needs the common shape.
  const endpoint = SETTINGS_ENDPOINTS[key].get as ApiEndpoint<null>;
  return (await invokeApi(endpoint)) as SettingsRead<Key>;
}

export function getSettingsGroupQueryOptions<Key extends SettingsGroupKey>(pharmacyId: string, key: Key) {
  return queryOptions({ queryKey: systemSettingsKeys.group(pharmacyId, key), queryFn: () => getSettingsGroup(key) });
}

export function useSettingsGroup<Key extends SettingsGroupKey>(pharmacyId: string, key: Key) {
  return useQuery(getSettingsGroupQueryOptions(pharmacyId, key));
}
