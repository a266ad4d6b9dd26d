/**
 * The two Vault secrets database code uses to call the project's own API (edge functions through pg_net, as
 * Supabase's docs show): `project_url` — here the gateway's internal address (SUPABASE_URL inside edge functions,
 * reachable from the stack's net part) — and `service_role_key`. Written by the supervisor after the migrations on
 * every start (the ports may change between runs), through hosted's vault.create_secret / vault.update_secret.
 * On hosted, operators create the same two secrets once (README, "Scheduled jobs and pg_net").
 */
import type pg from 'pg';
import type { StackConfig } from '../config.ts';

export const PROJECT_SECRETS = {
  project_url: 'The project API address database code calls (edge functions at <project_url>/functions/v1/<name>).',
  service_role_key: 'The service_role API key database code sends as Authorization: Bearer when it calls the project API.',
} as const;

async function upsertSecret(client: pg.ClientBase, name: string, value: string, description: string): Promise<void> {
  const existing = await client.query<{ id: string }>('select id from vault.secrets where name = $1', [name]);
  const id = existing.rows[0]?.id;
  if (id) {
    await client.query('select vault.update_secret($1, $2, new_description => $3)', [id, value, description]);
  } else {
    await client.query('select vault.create_secret($1, $2, $3)', [value, name, description]);
  }
}

export async function writeProjectSecrets(client: pg.ClientBase, config: StackConfig): Promise<void> {
  await client.query('begin');
  try {
    await upsertSecret(client, 'project_url', config.internalApiUrl, PROJECT_SECRETS.project_url);
    await upsertSecret(client, 'service_role_key', config.serviceRoleKey, PROJECT_SECRETS.service_role_key);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
