/**
 * A knowledge base kept for a while once loaded (per edge-function isolate): reference data changes only
 * with a migration, so reloading it for every check would only add latency. Concurrent callers share one
 * load in flight; a failed load is not kept.
 */
import type { KnowledgeBase } from './knowledge-base.ts';

export interface KnowledgeBaseCache {
  /** The cached base, or the result of `load` when there is none or it is older than the time to live. */
  get(load: () => Promise<KnowledgeBase>): Promise<KnowledgeBase>;
}

export function createKnowledgeBaseCache(timeToLiveMs: number, now: () => number = Date.now): KnowledgeBaseCache {
  let cached: { kb: KnowledgeBase; loadedAt: number } | null = null;
  let inFlight: Promise<KnowledgeBase> | null = null;
  return {
    get(load) {
      if (cached && now() - cached.loadedAt < timeToLiveMs) return Promise.resolve(cached.kb);
      if (!inFlight) {
        inFlight = load().then(
          (kb) => {
            cached = { kb, loadedAt: now() };
            inFlight = null;
            return kb;
          },
          (error: unknown) => {
            inFlight = null;
            throw error;
          },
        );
      }
      return inFlight;
    },
  };
}
