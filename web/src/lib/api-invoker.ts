/**
 * The mechanism behind invokeApi (invoke-api.ts binds it to the app's one supabase client; tests bind it to
 * theirs): an endpoint of the shared contract (shared/src/api/<area>.ts), never a path string, sent through the
 * client's `functions.invoke` (so its session goes along), its success body parsed with the endpoint's response
 * schema, every failure an ApiError (api-error.ts). zod/mini only: the sign-in page calls it (the health check).
 */
import {
  type ApiEndpoint, type ApiPathParams, type ApiQueryParams, type ApiRequestBody, type ApiResponseBody, type PathParamNames, apiPath, apiQueryString, hasPathParams,
  parseWithSchema,
} from '@pharmacy/shared/api/endpoint.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ApiError, apiErrorFromFunctionsError } from './api-error.ts';

/** Any supabase client: only its functions client is used. */
export type FunctionsCaller = Pick<SupabaseClient, 'functions'>;

/** An endpoint with a query takes its parameters last (optional: the schema's defaults apply). */
type QueryArgs<E extends ApiEndpoint> = [E['query']] extends [undefined] ? [] : [query?: ApiQueryParams<E>];
type BodyArgs<E extends ApiEndpoint> = E['request'] extends null ? QueryArgs<E> : [body: ApiRequestBody<E>, ...QueryArgs<E>];

/**
 * A GET takes no body (but its query parameters, when it has a query), a POST or PUT the request schema's input;
 * a path with `:name` segments takes their values first.
 */
export type ApiInvokeArgs<E extends ApiEndpoint> = [PathParamNames<E['path']>] extends [never]
  ? BodyArgs<E>
  : [params: ApiPathParams<E>, ...BodyArgs<E>];

/** `invoke(endpoint, body)`, or `invoke(endpoint, { id }, body)` for a path with parameters. */
export type ApiInvoker = <E extends ApiEndpoint>(endpoint: E, ...args: ApiInvokeArgs<E>) => Promise<ApiResponseBody<E>>;

export function createApiInvoker(client: FunctionsCaller): ApiInvoker {
  return async (endpoint, ...args: unknown[]) => {
    const withParams = hasPathParams(endpoint.path);
    const params = (withParams ? args[0] : undefined) as Record<string, string> | undefined;
    const rest = args.slice(withParams ? 1 : 0);
    const body = endpoint.request === null ? undefined : rest.shift();
    const query = endpoint.query === undefined ? '' : apiQueryString(rest[0] as Record<string, string | number | undefined> | undefined);
    return send(client, endpoint, apiPath(endpoint.path, params) + query, body as Record<string, unknown> | undefined) as Promise<ApiResponseBody<typeof endpoint>>;
  };
}

/** A multipart endpoint (an upload) without path parameters, sent with its FormData (fetch sets the boundary). */
export type MultipartApiInvoker = <E extends ApiEndpoint>(endpoint: E, form: FormData) => Promise<ApiResponseBody<E>>;

export function createMultipartApiInvoker(client: FunctionsCaller): MultipartApiInvoker {
  return async (endpoint, form) => {
    if (endpoint.requestFormat !== 'multipart') throw new Error(`${endpoint.method} ${endpoint.path} takes JSON: call it through invokeApi`);
    return send(client, endpoint, apiPath(endpoint.path), form) as Promise<ApiResponseBody<typeof endpoint>>;
  };
}

async function send(client: FunctionsCaller, endpoint: ApiEndpoint, pathAndQuery: string, body: Record<string, unknown> | FormData | undefined): Promise<unknown> {
  const { data, error } = await client.functions.invoke<unknown>(pathAndQuery.slice(1), {
    method: endpoint.method,
    ...(body === undefined ? {} : { body }),
  });
  if (error) throw await apiErrorFromFunctionsError(error);
  const parsed = parseWithSchema(endpoint.response, data);
  if (!parsed.success) {
    throw new ApiError(`The server's answer to ${endpoint.method} ${endpoint.path} is not what it should be: ${parsed.messages.join('; ')}`, null);
  }
  return parsed.data;
}
