/**
 * GET /api/health on the `api` edge function: the end-to-end proof that the browser reaches the stack
 * (gateway → functions runtime → function). A 2xx answer of `{ status: "ok" }` means connected; anything
 * else becomes an Error whose message says what went wrong (an HTTP failure as the spec's status line). The
 * contract (shared/src/api/health.ts) is zod/mini, as everything the sign-in page loads.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Health, healthEndpoint } from '@pharmacy/shared/api/health.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { serverConnectionKeys } from '../keys.ts';

export type { Health };

export async function getServerHealth(): Promise<Health> {
  try {
    return await invokeApi(healthEndpoint);
  } catch (error) {
    throw error instanceof ApiError ? new Error(error.statusLine) : error;
  }
}

export function getServerHealthQueryOptions() {
  return queryOptions({ meta: { reads: [] }, queryKey: serverConnectionKeys.health(), queryFn: getServerHealth });
}

export function useServerHealth() {
  return useQuery(getServerHealthQueryOptions());
}
