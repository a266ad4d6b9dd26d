/**
 * A pharmacy's saved settings groups as function code acts on them (labels follow Printing, mail follows Email):
 * the pharmacy_settings rows of the groups asked, in one query, each laid over its §9 defaults (settingsWithDefaults;
 * a secret reads as the default `{ set: false }`, its value is Vault's: settings-secrets.ts), in the group's read
 * shape (a stored value its read schema refuses reads as its default). Read with the client given: the caller's JWT (row-level security decides: admins read every
 * group, staff printing and labels) or the service role for service work on a pharmacy a database row named.
 *
 * Each group's own row only. A field shown on two tabs is read where it is kept: the labels group's monograph
 * switch, format and integration are the printing row's; the controlled group's DEA number is pharmacies'. The
 * settings screen's GET reads a group as its tab shows it through public.settings_group (routes/system-settings.ts).
 */
import { type SettingsGroupKey, type SettingsRead, settingsWithDefaults } from '@pharmacy/shared/settings/groups.ts';
import { databaseFailure } from './database-failure.ts';
import type { DatabaseClient } from './supabase-clients.ts';

/** The groups kept in pharmacy_settings rows (the pharmacy group is the pharmacy's own record). */
export type StoredSettingsGroupKey = Exclude<SettingsGroupKey, 'pharmacy'>;

export type SettingsGroupsRead<Key extends StoredSettingsGroupKey> = { [K in Key]: SettingsRead<K> };

/** The pharmacy's groups `keys`, each its stored values over the defaults (a group never saved: the defaults). */
export async function readSettingsGroups<Key extends StoredSettingsGroupKey>(
  client: DatabaseClient,
  pharmacyId: string,
  keys: readonly Key[],
): Promise<SettingsGroupsRead<Key>> {
  const { data, error } = await client
    .from('pharmacy_settings')
    .select('group_key, settings')
    .eq('pharmacy_id', pharmacyId)
    .in('group_key', [...keys]);
  if (error) throw databaseFailure(`reading the ${keys.join(' and ')} settings`, error);
  const groups: Partial<Record<Key, unknown>> = {};
  for (const key of keys) groups[key] = settingsWithDefaults(key, data.find((row) => row.group_key === key)?.settings ?? undefined);
  return groups as SettingsGroupsRead<Key>;
}

/** One group of the pharmacy (readSettingsGroups for a single key). */
export async function readSettingsGroup<Key extends StoredSettingsGroupKey>(
  client: DatabaseClient,
  pharmacyId: string,
  key: Key,
): Promise<SettingsRead<Key>> {
  return (await readSettingsGroups(client, pharmacyId, [key]))[key];
}
