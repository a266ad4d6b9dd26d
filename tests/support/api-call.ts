/**
 * Calls the `api` edge function the way the web app does (supabase.functions.invoke) and gives back what a
 * client sees: the HTTP status and the JSON body, for successes and failures alike.
 */
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

export async function callApi<T = unknown>(
  client: SupabaseClient,
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const { data, error, response } = await client.functions.invoke<T>(`api/${path}`, {
    method,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.body === undefined ? {} : { body: options.body as Record<string, unknown> }),
  });
  if (error) {
    if (!(error instanceof FunctionsHttpError)) throw error;
    const failed = error.context as Response;
    return { status: failed.status, body: (await failed.json()) as T };
  }
  return { status: response!.status, body: data as T };
}
