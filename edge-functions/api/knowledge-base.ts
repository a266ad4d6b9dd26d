/**
 * The drug knowledge base for the interaction check and prescription entry, read with the caller's JWT
 * (RLS: signed-in users may read it) and kept per isolate for a few minutes: it changes only with a migration.
 */
import type { KnowledgeBase } from '@pharmacy/shared/interactions/knowledge-base.ts';
import { createKnowledgeBaseCache } from '@pharmacy/shared/interactions/knowledge-base-cache.ts';
import { type KnowledgeBaseReader, loadKnowledgeBase } from '@pharmacy/shared/interactions/loader.ts';
import type { SupabaseClient } from '@supabase/supabase-js';

const KNOWLEDGE_BASE_TTL_MS = 5 * 60 * 1000;
const cache = createKnowledgeBaseCache(KNOWLEDGE_BASE_TTL_MS);

export function knowledgeBaseFor(client: SupabaseClient): Promise<KnowledgeBase> {
  return cache.get(() => loadKnowledgeBase(client as unknown as KnowledgeBaseReader));
}
