/**
 * react-query defaults (spec part 1, §7 "Conventions"): no polling, no refetch on window focus, data never
 * goes stale on its own (it is refreshed by invalidation or realtime), and no automatic retries for
 * queries or mutations, so a failure shows at once.
 * Every mutation declares the tables it writes (`meta.writes`, lib/table-queries.ts); when it settles — a refusal
 * may still have written, e.g. an audited override attempt — every query reading one of them is refreshed,
 * whichever feature owns it, before the mutation's own callbacks run.
 */
import { MutationCache, QueryClient, type DefaultOptions, type Mutation } from '@tanstack/react-query';
import { refreshTables } from './table-queries.ts';

export const queryConfig = {
  queries: {
    refetchInterval: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    retry: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  // The cache's onSuccess and onError run (and are awaited) before the mutation's own callbacks; onSettled would not.
  const refreshWritten = (mutation: Mutation<unknown, unknown, unknown, unknown>) => refreshTables(queryClient, mutation.meta?.writes ?? [], 'write');
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: queryConfig,
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => refreshWritten(mutation),
      onError: (_error, _variables, _context, mutation) => refreshWritten(mutation),
    }),
  });
  return queryClient;
}
