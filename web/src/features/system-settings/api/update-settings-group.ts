/**
 * Saving one settings group (spec part 2 §7 PUT /api/system-settings/{key}): the whole group as its write schema
 * takes it (a secret: a new value, null to clear, absent to keep). On success that group reloads (§4), and with it
 * the groups sharing its fields (keys.ts).
 */
import { SETTINGS_ENDPOINTS } from '@pharmacy/shared/api/system-settings.ts';
import type { ApiEndpoint } from '@pharmacy/shared/api/endpoint.ts';
import type { SettingsGroupKey, SettingsRead, SettingsWrite } from '@pharmacy/shared/settings/groups.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { systemSettingsKeys } from '../keys.ts';

export interface UpdateSettingsGroupInput<Key extends SettingsGroupKey> {
  key: Key;
  values: SettingsWrite<Key>;
}

export async function updateSettingsGroup<Key extends SettingsGroupKey>({ key, values }: UpdateSettingsGroupInput<Key>): Promise<SettingsRead<Key>> {
  const endpoint = SETTINGS_ENDPOINTS[key].put as ApiEndpoint;
  return (await invokeApi(endpoint, values as never)) as SettingsRead<Key>;
}

export function useUpdateSettingsGroup<Key extends SettingsGroupKey>(pharmacyId: string, key: Key) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SettingsWrite<Key>) => updateSettingsGroup({ key, values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemSettingsKeys.groups(pharmacyId) }),
  });
}
