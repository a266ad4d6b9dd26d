/**
 * System Settings (spec part 2 §7 "System settings"): GET and PUT /api/system-settings/{key} for the eleven groups
 * of SETTINGS_ENDPOINTS, acting as the caller so the database decides who reads and saves what.
 * - GET: `public.settings_group(key)` gives the stored values as the tab shows them and which secrets are set;
 *   they are laid over the §9 defaults (settingsWithDefaults) and each secret becomes `{ set }`. The read schema
 *   describes what is stored, not what may be saved (the pharmacy record's DEA number as it is, check digit or
 *   not), and a stored value it refuses reads as its default, so a group always opens (never a 500 for data).
 * - PUT: the body, already parsed by the group's shared zod schema (400 with its messages before anything is
 *   written), is split into plain values and secret changes; `public.save_settings_group` writes both, audits
 *   the save and answers the group as GET reads it — all in one transaction.
 * Refusals (42501: not the pharmacy's admin, or a group staff may not read) are mapped by databaseFailure.
 */
import { SETTINGS_ENDPOINTS } from '@pharmacy/shared/api/system-settings.ts';
import {
  SETTINGS_GROUP_KEYS, SETTINGS_GROUPS, type SettingsGroupKey, type SettingsRead, settingsWithDefaults,
} from '@pharmacy/shared/settings/groups.ts';
import { type PlainObject, splitSecrets, withSecretStatus } from '@pharmacy/shared/settings/secrets.ts';
import * as z from 'zod';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';

/** What settings_group and save_settings_group answer. */
const storedGroupSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  secretsSet: z.array(z.string()),
});

/** The group as GET answers it: stored values over the defaults, secrets as `{ set }`, parsed by the read schema. */
export function groupAsRead<Key extends SettingsGroupKey>(key: Key, answer: unknown): SettingsRead<Key> {
  const { values, secretsSet } = storedGroupSchema.parse(answer);
  const group = SETTINGS_GROUPS[key];
  const merged = settingsWithDefaults(key, values) as PlainObject;
  const read = withSecretStatus(group.secretFields, merged, (path) => secretsSet.includes(path));
  return group.readSchema.parse(read) as SettingsRead<Key>;
}

function serveGroup<Key extends SettingsGroupKey>(router: ApiRouter, key: Key): void {
  const group = SETTINGS_GROUPS[key];

  router.serve(SETTINGS_ENDPOINTS[key].get, async ({ req }) => {
    const { data, error } = await createUserClient(req).rpc('settings_group', { group_key: key });
    if (error) throw databaseFailure(`reading the ${key} settings`, error);
    return groupAsRead(key, data) as never;
  });

  router.serve(SETTINGS_ENDPOINTS[key].put, async ({ req, body }) => {
    const { values, secrets } = splitSecrets(group.secretFields, body as PlainObject);
    const { data, error } = await createUserClient(req).rpc('save_settings_group', {
      group_key: key,
      settings: values as never,
      secret_changes: secrets,
    });
    if (error) throw databaseFailure(`saving the ${key} settings`, error);
    return groupAsRead(key, data) as never;
  });
}

export function addSystemSettingsRoutes(router: ApiRouter): void {
  for (const key of SETTINGS_GROUP_KEYS) serveGroup(router, key);
}
