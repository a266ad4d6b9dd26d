/**
 * POST /api/ai/check-interactions {medications: string[], allergies?: string[]} — the deterministic
 * interaction engine (shared/src/interactions) on demand: 200 {hasInteractions, interactions,
 * recommendedActions}. Signed-in staff only (401 otherwise); 400 with the shared schema's messages on a bad
 * body. The knowledge base is read with the caller's JWT (RLS: readable by signed-in users) and kept per
 * isolate for a few minutes.
 */
import { checkInteractions } from '@pharmacy/shared/interactions/engine.ts';
import { checkInteractionsSchema } from '@pharmacy/shared/interactions/check-interactions-schema.ts';
import { requireUser } from '../../_shared/auth.ts';
import { jsonResponse } from '../../_shared/http.ts';
import type { Router } from '../../_shared/router.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';
import { readJsonObject, validateBody } from '../../_shared/validation.ts';
import { knowledgeBaseFor } from '../knowledge-base.ts';

export function addInteractionRoutes(router: Router): void {
  router.post('/api/ai/check-interactions', async ({ req }) => {
    await requireUser(req);
    const input = validateBody(checkInteractionsSchema, await readJsonObject(req));
    const kb = await knowledgeBaseFor(createUserClient(req));
    return jsonResponse(checkInteractions(kb, input));
  });
}
