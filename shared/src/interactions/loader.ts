/**
 * Reads the knowledge-base tables through a supabase-js client (the caller's: RLS lets signed-in users
 * read them) and builds the KnowledgeBase. Each table is read in pages in primary-key order, so a
 * PostgREST max-rows limit (1000 on hosted Supabase) cannot silently cut it short.
 */
import { buildKnowledgeBase, type KnowledgeBase } from './knowledge-base.ts';
import type { KnowledgeBaseRows } from './types.ts';

const PAGE_SIZE = 1000;

/** The part of a supabase-js query builder the loader uses. */
export interface KnowledgeBaseQuery extends PromiseLike<{ data: unknown[] | null; error: { message: string } | null }> {
  order(column: string): KnowledgeBaseQuery;
  range(from: number, to: number): KnowledgeBaseQuery;
}

/** The part of a SupabaseClient the loader uses. */
export interface KnowledgeBaseReader {
  from(table: string): { select(columns: string): KnowledgeBaseQuery };
}

const TABLES = {
  drugClasses: { table: 'drug_classes', columns: 'id, name, description, duplicate_therapy', key: ['id'] },
  drugClassMembers: { table: 'drug_class_members', columns: 'class_id, drug_name', key: ['class_id', 'drug_name'] },
  drugSynonyms: { table: 'drug_synonyms', columns: 'synonym, drug_name', key: ['synonym', 'drug_name'] },
  drugInteractions: {
    table: 'drug_interactions',
    columns: 'id, subject_kind, subject, object_kind, object, severity, description, recommendations, source',
    key: ['id'],
  },
  allergyGroups: { table: 'allergy_groups', columns: 'id, name, description, aliases', key: ['id'] },
  allergyGroupMembers: { table: 'allergy_group_members', columns: 'group_id, drug_name', key: ['group_id', 'drug_name'] },
  allergyCrossSensitivities: {
    table: 'allergy_cross_sensitivities',
    columns: 'group_id, related_group_id, severity, description, recommendations',
    key: ['group_id', 'related_group_id'],
  },
} as const satisfies Record<keyof KnowledgeBaseRows, { table: string; columns: string; key: readonly string[] }>;

async function readAll(reader: KnowledgeBaseReader, spec: { table: string; columns: string; key: readonly string[] }): Promise<unknown[]> {
  const rows: unknown[] = [];
  for (let from = 0; ; from += PAGE_SIZE) {
    let query = reader.from(spec.table).select(spec.columns);
    for (const column of spec.key) query = query.order(column);
    const { data, error } = await query.range(from, from + PAGE_SIZE - 1);
    if (error) throw new Error(`reading ${spec.table} failed: ${error.message}`);
    const page = data ?? [];
    rows.push(...page);
    if (page.length < PAGE_SIZE) return rows;
  }
}

/** Every knowledge-base table's rows. */
export async function loadKnowledgeBaseRows(reader: KnowledgeBaseReader): Promise<KnowledgeBaseRows> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, spec]) => [name, await readAll(reader, spec)] as const),
  );
  return Object.fromEntries(entries) as unknown as KnowledgeBaseRows;
}

export async function loadKnowledgeBase(reader: KnowledgeBaseReader): Promise<KnowledgeBase> {
  const rows = await loadKnowledgeBaseRows(reader);
  if (rows.drugClasses.length === 0 || rows.drugInteractions.length === 0) {
    // RLS hides the reference data from callers who are not signed in; an empty base would report "no interactions".
    throw new Error('the drug knowledge base is empty or not readable by this caller');
  }
  return buildKnowledgeBase(rows);
}
