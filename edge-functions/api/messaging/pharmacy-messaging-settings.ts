/**
 * What the messaging code needs besides the Email and Fax groups (read by _shared/settings-groups.ts with whichever
 * client the caller chose: the caller's JWT for the admin endpoints, where RLS lets only admins read the groups; the
 * service role for the database's delivery requests): the SMTP password from Vault and the pharmacy's name and
 * address for the sender.
 *
 * Secrets: `GroupSecretsReader` is the one seam; `settingsGroupSecrets` is the settings api's reader
 * (edge-functions/_shared/settings-secrets.ts: Vault through the service role, for a pharmacy the database named —
 * the caller's admin check or an outbox row — never a request body).
 */
import { databaseFailure } from '../../_shared/database-failure.ts';
import { rowSettingsSecrets } from '../../_shared/settings-secrets.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';

/** A group's secret values by dotted path (only those that are set). */
export type GroupSecretsReader = (pharmacyId: string, groupKey: 'email' | 'fax') => Promise<Record<string, string>>;

/** Reads the group's secrets from Vault as the service role (only those that are set). */
export const settingsGroupSecrets: GroupSecretsReader = (pharmacyId, groupKey) =>
  rowSettingsSecrets({ pharmacy_id: pharmacyId }, groupKey);

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
