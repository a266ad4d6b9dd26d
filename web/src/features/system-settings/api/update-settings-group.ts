/**
 * Saving one settings group (spec part 2 §7 PUT /api/system-settings/{key}): the whole group as its write schema
 * takes it (a secret: a new value, null to clear, absent to keep). On success that group reloads (§4), and with it
 * every group and screen reading the same tables (groups share fields: hooks/use-settings-group.ts).
 */
import { SETTINGS_ENDPOINTS } from '@pharmacy/shared/api/system-settings.ts';
import type { ApiEndpoint } from '@pharmacy/shared/api/endpoint.ts';
import type { SettingsGroupKey, SettingsRead, SettingsWrite } from '@pharmacy/shared/settings/groups.ts';
import { useMutation } from '@tanstack/react-query';
import { SETTINGS_WRITE_TABLES } from '../../../hooks/use-settings-group.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';

export interface UpdateSettingsGroupInput<Key extends SettingsGroupKey> {
  key: Key;
  values: SettingsWrite<Key>;
}

export async function updateSettingsGroup<Key extends SettingsGroupKey>({ key, values }: UpdateSettingsGroupInput<Key>): Promise<SettingsRead<Key>> {
  const endpoint = SETTINGS_ENDPOINTS[key].put as ApiEndpoint;
  return (await invokeApi(endpoint, values as never)) as SettingsRead<Key>;
}

export function useUpdateSettingsGroup<Key extends SettingsGroupKey>(key: Key) {
  return useMutation({
    mutationFn: (values: SettingsWrite<Key>) => updateSettingsGroup({ key, values }),
    meta: { writes: SETTINGS_WRITE_TABLES },
  });
}
