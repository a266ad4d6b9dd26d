/**
 * The mechanism behind invokeApi (invoke-api.ts binds it to the app's one supabase client; tests bind it to
 * theirs): an endpoint of the shared contract (shared/src/api/<area>.ts), never a path string, sent through the
 * client's `functions.invoke` (so its session goes along), its success body parsed with the endpoint's response
 * schema, every failure an ApiError (api-error.ts). Files (reports) are fetched from the same function, read as they
 * stream (createApiFileDownloader). zod/mini only: the sign-in page calls it (the health check).
 */
import {
  type ApiEndpoint, type ApiPathParams, type ApiQueryParams, type ApiRequestBody, type ApiResponseBody, type PathParamNames, apiPath, apiQueryString, hasPathParams,
  parseWithSchema,
} from '@pharmacy/shared/api/endpoint.ts';
import { FunctionsFetchError, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
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

/** Where and as whom files are fetched: the functions URL (`…/functions/v1`), the project's anon key, the session's token. */
export interface FileDownloadTarget {
  functionsUrl: string;
  apikey: string;
  accessToken: () => Promise<string | null>;
}

/** How much of a file has come: bytes so far, and the whole when the server said it (a streamed file does not). */
export interface DownloadProgress {
  receivedBytes: number;
  totalBytes: number | null;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
  contentType: string;
}

export interface FileDownloadOptions {
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
}

/** A GET endpoint that answers a file (a report, the PMP file), read as it streams so its progress can be shown. */
export type ApiFileDownloader = <E extends ApiEndpoint>(
  endpoint: E,
  params: PathParamNames<E['path']> extends never ? undefined : ApiPathParams<E>,
  query: ApiQueryParams<E> | undefined,
  options?: FileDownloadOptions,
) => Promise<DownloadedFile>;

/** The file name a Content-Disposition header gives (`attachment; filename="sales-….pdf"`), or null. */
export function attachmentFileName(header: string | null): string | null {
  const match = header === null ? null : /filename="([^"]+)"/i.exec(header) ?? /filename=([^;\s]+)/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * functions.invoke reads a whole body before answering, so a long file would show no progress: a file is fetched
 * directly from the same function with the same headers (the session's token, the anon key), its body read chunk by
 * chunk. Failures are the same ApiErrors as invokeApi's.
 */
export function createApiFileDownloader(target: FileDownloadTarget, fetcher: typeof fetch = fetch): ApiFileDownloader {
  return async (endpoint, params, query, options = {}) => {
    if (endpoint.method !== 'GET') throw new Error(`${endpoint.method} ${endpoint.path} is not a file download`);
    const token = await target.accessToken();
    const url = `${target.functionsUrl.replace(/\/$/, '')}${apiPath(endpoint.path, params as Record<string, string> | undefined)}${apiQueryString(query as Record<string, string | number | undefined> | undefined)}`;
    let response: Response;
    try {
      response = await fetcher(url, {
        method: 'GET',
        headers: { apikey: target.apikey, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (failure) {
      throw await apiErrorFromFunctionsError(new FunctionsFetchError(failure));
    }
    if (!response.ok) throw await apiErrorFromFunctionsError(new FunctionsHttpError(response));
    const length = Number(response.headers.get('Content-Length'));
    const totalBytes = Number.isFinite(length) && length > 0 ? length : null;
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let receivedBytes = 0;
    options.onProgress?.({ receivedBytes, totalBytes });
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        receivedBytes += value.byteLength;
        options.onProgress?.({ receivedBytes, totalBytes });
      }
    }
    const contentType = response.headers.get('Content-Type') ?? 'application/octet-stream';
    return { blob: new Blob(chunks, { type: contentType }), fileName: attachmentFileName(response.headers.get('Content-Disposition')), contentType };
  };
}
