/**
 * POST /api/ai/check-interactions {medications: string[], allergies?: string[]} — the deterministic
 * interaction engine on demand: 200 {hasInteractions, interactions, recommendedActions}. Signed-in staff only
 * (401 otherwise); 400 with the shared schema's messages on a bad body. The engine is the database's
 * (public.check_interactions, the same one that flags every prescription at entry), called with the caller's JWT.
 */
import { checkInteractionsEndpoint } from '@pharmacy/shared/api/interactions.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';

export function addInteractionRoutes(router: ApiRouter): void {
  router.serve(checkInteractionsEndpoint, async ({ req, body: input }) => {
    const { data, error } = await createUserClient(req).rpc('check_interactions', {
      medications: input.medications,
      allergies: input.allergies ?? [],
    });
    if (error) throw databaseFailure('checking interactions', error);
    return checkInteractionsEndpoint.response.parse(data);
  });
}
