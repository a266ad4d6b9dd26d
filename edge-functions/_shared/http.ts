/**
 * JSON responses for edge functions: every answer, success or error, is JSON with an explicit status and
 * the CORS headers. Errors have the contract's one shape (apiErrorSchema, shared/src/api/endpoint.ts):
 * `{ error: message, errors?, details? }` (`errors`: a validation failure's or a conflict's list); code deep in
 * a handler throws HttpError and the router turns it into that response.
 */
import { corsHeaders } from './cors.ts';

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', ...headers },
  });
}

export function errorResponse(status: number, message: string, details?: unknown, headers: Record<string, string> = {}): Response {
  const body = details === undefined ? { error: message } : { error: message, details };
  return jsonResponse(body, status, headers);
}

/** An error that is the client's to see: the router answers httpErrorResponse(error). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
    /** More top-level fields of the error body, e.g. `{ errors: [...] }`. */
    readonly fields: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** `{ error, details?, ...fields }` with the error's status. */
export function httpErrorResponse(error: HttpError): Response {
  const body: Record<string, unknown> = { ...error.fields, error: error.message };
  if (error.details !== undefined) body.details = error.details;
  return jsonResponse(body, error.status);
}
