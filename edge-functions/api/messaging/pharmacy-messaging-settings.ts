/**
 * A pharmacy's saved Email and Fax settings as the messaging code needs them: the stored group laid over the §9
 * defaults (settingsWithDefaults), plus the SMTP password from Vault and the pharmacy's name and address for the
 * sender. Read with whichever client the caller chose: the caller's JWT for the admin endpoints (RLS lets only
 * admins read the groups), the service role for the database's delivery requests.
 *
 * Secrets: `GroupSecretsReader` is the one seam; `settingsGroupSecrets` is the settings api's reader
 * (edge-functions/_shared/settings-secrets.ts: Vault through the service role, for a pharmacy the database named —
 * the caller's admin check or an outbox row — never a request body).
 */
import { settingsWithDefaults, type SettingsRead } from '@pharmacy/shared/settings/groups.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { rowSettingsSecrets } from '../../_shared/settings-secrets.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';

/** A group's secret values by dotted path (only those that are set). */
export type GroupSecretsReader = (pharmacyId: string, groupKey: 'email' | 'fax') => Promise<Record<string, string>>;

/** Reads the group's secrets from Vault as the service role (only those that are set). */
export const settingsGroupSecrets: GroupSecretsReader = (pharmacyId, groupKey) =>
  rowSettingsSecrets({ pharmacy_id: pharmacyId }, groupKey);

/** The saved group (or the defaults when never saved), secrets as `{ set }` from the defaults. */
export async function readSettingsGroup<Key extends 'email' | 'fax'>(client: DatabaseClient, pharmacyId: string, key: Key): Promise<SettingsRead<Key>> {
  const { data, error } = await client
    .from('pharmacy_settings')
    .select('settings')
    .eq('pharmacy_id', pharmacyId)
    .eq('group_key', key)
    .maybeSingle();
  if (error) throw databaseFailure(`reading the ${key} settings`, error);
  return settingsWithDefaults(key, data?.settings ?? {});
}

export interface PharmacySender {
  name: string;
  email: string | null;
}

/** The pharmacy's name and the address on its record (the sender when the Email settings name none). */
export async function readPharmacySender(client: DatabaseClient, pharmacyId: string): Promise<PharmacySender> {
  const { data, error } = await client.from('pharmacies').select('pharmacy_name, email').eq('id', pharmacyId).single();
  if (error) throw databaseFailure('reading the pharmacy', error);
  return { name: data.pharmacy_name, email: data.email };
}
