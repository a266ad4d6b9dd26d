/**
 * The lint rule that keeps every query and mutation naming its tables (tools/eslint/query-declares-tables.js): an
 * options object written out for queryOptions, infiniteQueryOptions, useQuery, useInfiniteQuery or useMutation
 * without `meta` fails; with `meta`, or spreading options made (and checked) elsewhere, it passes. Runs ESLint's
 * Node API with the repository's config on code placed, by its file path, in the web app.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: repoRoot });

async function ruleMessages(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, 'web/src/features/patients/api/fixture.ts') });
  return result!.messages.filter((message) => message.ruleId === 'pharmacy/query-declares-tables' || message.fatal).map((message) => message.message);
}

const imports = "import { queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';\n";

describe('lint: queries declare the tables they read, mutations the tables they write', { timeout: 60_000 }, () => {
  it('fails a query or mutation without meta', async () => {
    const code = `${imports}
export const a = queryOptions({ queryKey: ['a'], queryFn: async () => 1 });
export function useB() { return useMutation({ mutationFn: async () => 1 }); }
export function useC() { return useInfiniteQuery({ queryKey: ['c'], queryFn: async () => 1, initialPageParam: 0, getNextPageParam: () => null }); }
`;
    expect(await ruleMessages(code)).toEqual([
      'queryOptions() needs `meta: { reads: [...] }`: the tables its answer is read from ([] when none), so a change to them refreshes it (web/src/lib/table-queries.ts).',
      'useMutation() needs `meta: { writes: [...] }`: the tables it may change ([] when none), so every query reading them is refreshed (web/src/lib/table-queries.ts).',
      'useInfiniteQuery() needs `meta: { reads: [...] }`: the tables its answer is read from ([] when none), so a change to them refreshes it (web/src/lib/table-queries.ts).',
    ]);
  });

  it('passes options with meta, and options spread from checked ones', async () => {
    const code = `${imports}
const a = queryOptions({ queryKey: ['a'], queryFn: async () => 1, meta: { reads: ['patients'] } });
export function useA(enabled: boolean) { return useQuery({ ...a, enabled }); }
export function useB() { return useMutation({ mutationFn: async () => 1, meta: { writes: [] } }); }
`;
    expect(await ruleMessages(code)).toEqual([]);
  });
});
