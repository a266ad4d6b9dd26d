/**
 * Serves the /api contract (shared/src/api/<area>.ts): an ApiRouter takes endpoint definitions, never loose
 * paths, so every route the `api` function answers is one the web app can call through invokeApi. For each
 * request it applies the endpoint's access (401 for 'signed-in' without a user, before the body is read),
 * reads the JSON object body (none at all is `{}` for an endpoint whose body is optional; a multipart endpoint's form, its files apart, read with a bound) and parses it with the endpoint's request schema (400 'Validation failed' with the
 * schema's messages), parses the query parameters with the endpoint's query schema the same way, and answers the handler's result with the endpoint's status and format. Where the
 * environment sets API_CHECK_RESPONSES=1 (the local stack: dev and tests) it also parses every success body
 * with the response schema and answers 500 when the handler broke the contract.
 */
import {
  type ApiEndpoint,
  type ApiQueryData,
  type ApiRequestData,
  type ApiResponseBody,
  parseWithSchema,
} from '@pharmacy/shared/api/endpoint.ts';
import type { User } from '@supabase/supabase-js';
import { requireUser } from './auth.ts';
import { corsHeaders } from './cors.ts';
import { jsonResponse } from './http.ts';
import { type RouteContext, Router } from './router.ts';
import { readMultipart } from './multipart.ts';
import { readJsonObject, validateBody } from './validation.ts';

export interface EndpointContext<E extends ApiEndpoint> extends RouteContext {
  /** The body as the request schema parsed it (undefined for a GET). */
  body: ApiRequestData<E>;
  /** The query parameters as the query schema parsed them (undefined for an endpoint without a query). */
  query: ApiQueryData<E>;
  /** A multipart endpoint's files by field name (empty for a JSON one). */
  files: Record<string, File>;
  /** The caller the auth service verified, for a 'signed-in' endpoint; null for one open to anyone. */
  user: User | null;
}

/** The most a multipart body may be: the largest upload (10 MB) and its text fields (OCR). */
const MULTIPART_MAX_BYTES = 13 * 1024 * 1024;

/**
 * A file a handler answers instead of its JSON body (a report as CSV): sent as is with its type and
 * `Content-Disposition: attachment; filename=…`, not checked against the JSON response schema.
 */
/** A file answered as an attachment; a stream body (a PDF or workbook written as it goes) is sent as it is produced. */
export class FileDownload {
  constructor(readonly body: string | ReadableStream<Uint8Array>, readonly contentType: string, readonly fileName: string) {}
}

export type EndpointHandler<E extends ApiEndpoint> = (context: EndpointContext<E>) => Promise<ApiResponseBody<E> | FileDownload>;

/** Whether success bodies are checked against the contract (set by the local stack's functions runtime). */
function responseCheckEnabled(): boolean {
  return Deno.env.get('API_CHECK_RESPONSES') === '1';
}

function checkResponse(endpoint: ApiEndpoint, result: unknown): void {
  const sent = endpoint.format === 'json' ? JSON.parse(JSON.stringify(result)) : result;
  const parsed = parseWithSchema(endpoint.response, sent);
  if (!parsed.success) {
    throw new Error(`${endpoint.method} ${endpoint.path} answered outside its contract: ${parsed.messages.join('; ')}`);
  }
}

function successResponse(endpoint: ApiEndpoint, result: unknown): Response {
  if (result instanceof FileDownload) {
    return new Response(result.body, {
      status: endpoint.successStatus,
      headers: {
        ...corsHeaders,
        'Access-Control-Expose-Headers': 'Content-Disposition',
        'Content-Type': result.contentType,
        'Content-Disposition': `attachment; filename="${result.fileName.replaceAll(/[^A-Za-z0-9._-]/g, '_')}"`,
      },
    });
  }
  if (endpoint.format === 'html') {
    return new Response(String(result), {
      status: endpoint.successStatus,
      headers: { ...corsHeaders, 'Content-Type': 'text/html; charset=utf-8' },
    });
  }
  return jsonResponse(result, endpoint.successStatus);
}

export class ApiRouter {
  private readonly router = new Router();

  serve<E extends ApiEndpoint>(endpoint: E, handler: EndpointHandler<NoInfer<E>>): this {
    this.router.add(endpoint.method, endpoint.path, async (context) => {
      const user = endpoint.access === 'signed-in' ? await requireUser(context.req) : null;
      let files: Record<string, File> = {};
      let sent: unknown;
      if (endpoint.requestFormat === 'multipart') {
        const multipart = await readMultipart(context.req, MULTIPART_MAX_BYTES, endpoint.multipartJsonFields);
        files = multipart.files;
        sent = multipart.fields;
      } else if (endpoint.request !== null) {
        sent = await readJsonObject(context.req, endpoint.bodyOptional === true, endpoint.maxBodyBytes);
      }
      const body = (endpoint.request === null ? undefined : validateBody(endpoint.request, sent)) as ApiRequestData<E>;
      const query = (endpoint.query === undefined ? undefined : validateBody(endpoint.query, Object.fromEntries(context.url.searchParams))) as ApiQueryData<E>;
      const result = await handler({ ...context, body, query, files, user });
      if (responseCheckEnabled() && !(result instanceof FileDownload)) checkResponse(endpoint, result);
      return successResponse(endpoint, result);
    });
    return this;
  }

  handle(req: Request): Promise<Response> {
    return this.router.handle(req);
  }
}
