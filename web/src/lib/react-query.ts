/**
 * react-query defaults (spec part 1, §7 "Conventions"): no polling, no refetch on window focus, data never
 * goes stale on its own (it is refreshed by invalidation or realtime), and no automatic retries for
 * queries or mutations, so a failure shows at once.
 */
import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

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
  return new QueryClient({ defaultOptions: queryConfig });
}
