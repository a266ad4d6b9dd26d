/**
 * GET /api/health on the `api` edge function: the end-to-end proof that the browser reaches the stack
 * (gateway → functions runtime → function). A 2xx answer of `{ status: "ok" }` means connected; anything
 * else becomes an Error whose message says what went wrong. zod/mini, as everything the sign-in page loads
 * (see shared/src/schemas/sign-in.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { describeFunctionsError } from '../../../lib/functions-error.ts';
import { supabase } from '../../../lib/supabase.ts';
import { systemStatusKeys } from '../keys.ts';

const healthSchema = z.object({ status: z.literal('ok') });

export type Health = z.infer<typeof healthSchema>;

export async function getHealth(): Promise<Health> {
  const { data, error } = await supabase.functions.invoke<unknown>('api/health', { method: 'GET' });
  if (error) throw new Error(await describeFunctionsError(error));
  const parsed = healthSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(`The server answered the health check with an unexpected body: ${JSON.stringify(data)}`);
  }
  return parsed.data;
}

export function getHealthQueryOptions() {
  return queryOptions({ queryKey: systemStatusKeys.health(), queryFn: getHealth });
}

export function useHealth() {
  return useQuery(getHealthQueryOptions());
}
