/**
 * POST /api/drugs/sync-external (shared/src/api/drug-sync.ts): pharmacists and admins only — the caller's
 * permissions are read with their JWT first, so a technician is answered 403 before any provider is asked — then
 * drugs/sync/sync-external.ts looks the NDCs up at openFDA and public.sync_medications writes the found records in
 * one transaction as the caller (RLS decides again; a refusal there changes nothing).
 */
import { DRUG_SYNC_MESSAGES, syncExternalDrugsEndpoint } from '@pharmacy/shared/api/drug-sync.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { findCallerStaff } from '../../_shared/caller-pharmacy.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';
import { providerSettingsFromEnv } from '../drugs/providers/provider-config.ts';
import { createDrugProviders } from '../drugs/providers/registry.ts';
import { syncExternalDrugs } from '../drugs/sync/sync-external.ts';

export function addDrugSyncRoutes(router: ApiRouter): void {
  router.serve(syncExternalDrugsEndpoint, async ({ req, body }) => {
    const staff = await findCallerStaff(req);
    if (!staff?.permissions.includes('drugs:manage')) throw new HttpError(403, DRUG_SYNC_MESSAGES.pharmacistsOnly);
    const client = createUserClient(req);

    const providers = createDrugProviders(providerSettingsFromEnv((name) => Deno.env.get(name)));
    return syncExternalDrugs({
      ndcNumbers: body.ndcNumbers,
      provider: providers.search.openfda,
      providerName: 'openFDA',
      write: async (records) => {
        const { data, error } = await client.rpc('sync_medications', { records });
        if (error) throw databaseFailure('writing the synced medications', error);
        return data as number;
      },
    });
  });
}
