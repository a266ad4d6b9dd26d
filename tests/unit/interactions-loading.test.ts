/**
 * Loading the knowledge base: the loader reads every table in pages through the supabase-js query shape,
 * refuses an empty (unreadable) base; the per-isolate cache shares one load, keeps it for its time to live
 * and forgets failures. Also the request schema of POST /api/ai/check-interactions.
 */
import { describe, expect, it } from 'vitest';
import { checkInteractionsSchema } from '../../shared/src/interactions/check-interactions-schema.ts';
import { createKnowledgeBaseCache } from '../../shared/src/interactions/knowledge-base-cache.ts';
import { buildKnowledgeBase, type KnowledgeBase } from '../../shared/src/interactions/knowledge-base.ts';
import { type KnowledgeBaseQuery, type KnowledgeBaseReader, loadKnowledgeBase, loadKnowledgeBaseRows } from '../../shared/src/interactions/loader.ts';
import { fixtureRows } from './interactions-fixture.ts';

const TABLE_ROWS: Record<string, unknown[]> = {
  drug_classes: fixtureRows.drugClasses,
  drug_class_members: fixtureRows.drugClassMembers,
  drug_synonyms: fixtureRows.drugSynonyms,
  drug_interactions: fixtureRows.drugInteractions,
  allergy_groups: fixtureRows.allergyGroups,
  allergy_group_members: fixtureRows.allergyGroupMembers,
  allergy_cross_sensitivities: fixtureRows.allergyCrossSensitivities,
};

/** A reader over in-memory tables that, like PostgREST with max-rows, answers at most `maxRows` per request. */
function memoryReader(tables: Record<string, unknown[]>, maxRows: number, requests: string[] = []): KnowledgeBaseReader {
  return {
    from(table) {
      return {
        select() {
          let range: [number, number] = [0, Number.MAX_SAFE_INTEGER];
          const query: KnowledgeBaseQuery = {
            order: () => query,
            range(from, to) {
              range = [from, to];
              return query;
            },
            then(resolve, reject) {
              requests.push(`${table}:${range[0]}`);
              const rows = (tables[table] ?? []).slice(range[0], Math.min(range[1] + 1, range[0] + maxRows));
              return Promise.resolve({ data: rows, error: null }).then(resolve, reject);
            },
          };
          return query;
        },
      };
    },
  };
}

describe('loadKnowledgeBaseRows', () => {
  it('reads every table whole, page by page', async () => {
    const requests: string[] = [];
    const rows = await loadKnowledgeBaseRows(memoryReader(TABLE_ROWS, 1000, requests));
    expect(rows).toEqual(fixtureRows);
    expect(requests.filter((request) => request.startsWith('drug_class_members'))).toEqual(['drug_class_members:0']);
  });

  it('asks for the next page while a page comes back full', async () => {
    const manyMembers = Array.from({ length: 2500 }, (_, index) => ({ class_id: 'nsaids', drug_name: `drug ${index}` }));
    const requests: string[] = [];
    const rows = await loadKnowledgeBaseRows(memoryReader({ ...TABLE_ROWS, drug_class_members: manyMembers }, 1000, requests));
    expect(rows.drugClassMembers).toHaveLength(2500);
    expect(requests.filter((request) => request.startsWith('drug_class_members'))).toEqual([
      'drug_class_members:0',
      'drug_class_members:1000',
      'drug_class_members:2000',
    ]);
  });

  it('refuses an empty knowledge base (what a caller RLS hides it from would read)', async () => {
    await expect(loadKnowledgeBase(memoryReader({}, 1000))).rejects.toThrow(/empty or not readable/);
  });
});

describe('createKnowledgeBaseCache', () => {
  const kb = buildKnowledgeBase(fixtureRows);

  it('loads once for concurrent callers and reuses the base until the time to live passes', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createKnowledgeBaseCache(1000, () => clock);
    const load = async (): Promise<KnowledgeBase> => {
      loads += 1;
      return kb;
    };
    const [first, second] = await Promise.all([cache.get(load), cache.get(load)]);
    expect(first).toBe(kb);
    expect(second).toBe(kb);
    clock = 999;
    await cache.get(load);
    expect(loads).toBe(1);
    clock = 1000;
    await cache.get(load);
    expect(loads).toBe(2);
  });

  it('does not keep a failed load', async () => {
    const cache = createKnowledgeBaseCache(1000, () => 0);
    await expect(cache.get(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    await expect(cache.get(async () => kb)).resolves.toBe(kb);
  });
});

describe('checkInteractionsSchema', () => {
  it('accepts medications with optional allergies, trimming names', () => {
    expect(checkInteractionsSchema.parse({ medications: [' warfarin 5mg '], allergies: ['Sulfa'] })).toEqual({ medications: ['warfarin 5mg'], allergies: ['Sulfa'] });
    expect(checkInteractionsSchema.parse({ medications: ['warfarin'] })).toEqual({ medications: ['warfarin'] });
  });

  it('refuses a missing or empty medication list, blank names and non-text entries', () => {
    const messages = (body: unknown) => {
      const result = checkInteractionsSchema.safeParse(body);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({})).toEqual(['Medications must be a list of names']);
    expect(messages({ medications: [] })).toEqual(['At least one medication is required']);
    expect(messages({ medications: ['  '] })).toEqual(['Medication names cannot be empty']);
    expect(messages({ medications: ['warfarin'], allergies: [3] })).toEqual(['Allergies must be a list of names']);
  });
});
