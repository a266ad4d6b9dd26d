/**
 * THE way the web app calls the `api` edge function: `invokeApi(endpoint, body)` takes an endpoint of the
 * shared contract (shared/src/api/<area>.ts), never a path string. It sends the body through the one supabase
 * client (so the signed-in user's session goes along), parses the success body with the endpoint's response
 * schema, and turns every failure into an ApiError: an error body `{ error, errors? }` becomes its status, the
 * server's message and its list of problems; a body outside the contract, a network or relay failure is
 * described in words. Uses zod/mini only: the sign-in page calls it (the health check).
 */
import {
  type ApiEndpoint,
  apiErrorSchema,
  type ApiRequestBody,
  type ApiResponseBody,
  parseWithSchema,
} from '@pharmacy/shared/api/endpoint.ts';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { describeFunctionsError } from './functions-error.ts';
import { supabase } from './supabase.ts';

/** A failed api call. `status` is null when no HTTP answer came (network, relay, a body outside the contract). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** The problems a 400 'Validation failed' (or a 409 conflict) lists; empty otherwise. */
    readonly errors: string[] = [],
    /** The spec's status line (part 1, §8): `<status>: <body text>`, or the message when there was no answer. */
    readonly statusLine: string = message,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The message followed by the listed problems ("Validation failed: A; B"). */
  get detail(): string {
    return this.errors.length > 0 ? `${this.message}: ${this.errors.join('; ')}` : this.message;
  }
}

async function readBodyText(response: Response): Promise<string> {
  try {
    return (await response.text()).trim();
  } catch {
    return ''; // already consumed or unreadable: the status text is all there is
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The ApiError for what supabase.functions.invoke reported. */
export async function apiErrorFromFunctionsError(error: unknown): Promise<ApiError> {
  if (!(error instanceof FunctionsHttpError)) {
    const description = await describeFunctionsError(error);
    return new ApiError(description, null);
  }
  const response = error.context as Response;
  const text = await readBodyText(response);
  const statusLine = `${response.status}: ${text || response.statusText}`;
  const body = parseWithSchema(apiErrorSchema, parseJson(text));
  if (body.success && body.data.error !== '') {
    return new ApiError(body.data.error, response.status, body.data.errors ?? [], statusLine);
  }
  return new ApiError(statusLine, response.status, [], statusLine);
}

/** Calls `endpoint` with `body` (none for a GET) and answers its success body as the contract parses it. */
export async function invokeApi<E extends ApiEndpoint>(
  endpoint: E,
  ...[body]: E['request'] extends null ? [] : [ApiRequestBody<E>]
): Promise<ApiResponseBody<E>> {
  const { data, error } = await supabase.functions.invoke<unknown>(endpoint.path.slice(1), {
    method: endpoint.method,
    ...(body === undefined ? {} : { body: body as Record<string, unknown> }),
  });
  if (error) throw await apiErrorFromFunctionsError(error);
  const parsed = parseWithSchema(endpoint.response, data);
  if (!parsed.success) {
    throw new ApiError(`The server's answer to ${endpoint.method} ${endpoint.path} is not what it should be: ${parsed.messages.join('; ')}`, null);
  }
  return parsed.data as ApiResponseBody<E>;
}
