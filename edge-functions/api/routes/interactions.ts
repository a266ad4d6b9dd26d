/**
 * POST /api/ai/check-interactions {medications: string[], allergies?: string[]} — the deterministic
 * interaction engine on demand: 200 {hasInteractions, interactions, recommendedActions}. Signed-in staff only
 * (401 otherwise); 400 with the shared schema's messages on a bad body. The engine is the database's
 * (public.check_interactions, the same one that flags every prescription at entry), called with the caller's JWT.
 */
import { checkInteractionsSchema } from '@pharmacy/shared/interactions/check-interactions-schema.ts';
import { requireUser } from '../../_shared/auth.ts';
import { jsonResponse } from '../../_shared/http.ts';
import type { Router } from '../../_shared/router.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';
import { readJsonObject, validateBody } from '../../_shared/validation.ts';
import { databaseFailure } from '../prescriptions/database-errors.ts';

export function addInteractionRoutes(router: Router): void {
  router.post('/api/ai/check-interactions', async ({ req }) => {
    await requireUser(req);
    const input = validateBody(checkInteractionsSchema, await readJsonObject(req));
    const { data, error } = await createUserClient(req).rpc('check_interactions', {
      medications: input.medications,
      allergies: input.allergies ?? [],
    });
    if (error) throw databaseFailure('checking interactions', error);
    return jsonResponse(data);
  });
}
