/**
 * The mechanism behind invokeApi (invoke-api.ts binds it to the app's one supabase client; tests bind it to
 * theirs): an endpoint of the shared contract (shared/src/api/<area>.ts), never a path string, sent through the
 * client's `functions.invoke` (so its session goes along), its success body parsed with the endpoint's response
 * schema, every failure an ApiError (api-error.ts). zod/mini only: the sign-in page calls it (the health check).
 */
import { type ApiEndpoint, type ApiRequestBody, type ApiResponseBody, parseWithSchema } from '@pharmacy/shared/api/endpoint.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ApiError, apiErrorFromFunctionsError } from './api-error.ts';

/** Any supabase client: only its functions client is used. */
export type FunctionsCaller = Pick<SupabaseClient, 'functions'>;

/** `invoke(endpoint, body)`: a GET takes no body, a POST the request schema's input. */
export type ApiInvoker = <E extends ApiEndpoint>(
  endpoint: E,
  ...body: E['request'] extends null ? [] : [ApiRequestBody<E>]
) => Promise<ApiResponseBody<E>>;

export function createApiInvoker(client: FunctionsCaller): ApiInvoker {
  return async (endpoint, ...[body]) => {
    const { data, error } = await client.functions.invoke<unknown>(endpoint.path.slice(1), {
      method: endpoint.method,
      ...(body === undefined ? {} : { body: body as Record<string, unknown> }),
    });
    if (error) throw await apiErrorFromFunctionsError(error);
    const parsed = parseWithSchema(endpoint.response, data);
    if (!parsed.success) {
      throw new ApiError(`The server's answer to ${endpoint.method} ${endpoint.path} is not what it should be: ${parsed.messages.join('; ')}`, null);
    }
    return parsed.data as ApiResponseBody<typeof endpoint>;
  };
}
