/**
 * What a failed call of the `api` function is to the web app: an ApiError with the HTTP status, the server's
 * own message (`error` of the contract's error body, shared/src/api/endpoint.ts), its listed problems and, for a
 * schema's 400, those problems with their fields' paths (`details.fields`); a network or relay failure is
 * described in words. Pure, so unit tests exercise it.
 */
import { apiErrorSchema, type FieldIssue, parseWithSchema, validationDetailsSchema } from '@pharmacy/shared/api/endpoint.ts';
import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';

/** A failed api call. `status` is null when no HTTP answer came (network, relay, a body outside the contract). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** The problems a 400 'Validation failed' (or a 409 conflict) lists; empty otherwise. */
    readonly errors: string[] = [],
    /** The spec's status line (part 1, §8): `<status>: <body text>`, or the message when there was no answer. */
    readonly statusLine: string = message,
    /** A schema's 400: each problem with its field's dotted path ('' for the whole body); empty otherwise. */
    readonly fields: FieldIssue[] = [],
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

/** A failure with no HTTP answer, in words: the server could not be reached, or its relay could not. */
function describeUnanswered(error: unknown): string {
  if (error instanceof FunctionsFetchError) {
    const cause = error.context instanceof Error && error.context.message !== '' ? error.context.message : error.message;
    return `Could not reach the server (${cause}).`;
  }
  if (error instanceof FunctionsRelayError) return `The server's relay could not reach the function (${error.message}).`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The ApiError for what supabase.functions.invoke reported. */
export async function apiErrorFromFunctionsError(error: unknown): Promise<ApiError> {
  if (!(error instanceof FunctionsHttpError)) return new ApiError(describeUnanswered(error), null);
  const response = error.context as Response;
  const text = await readBodyText(response);
  const statusLine = `${response.status}: ${text || response.statusText}`;
  const body = parseWithSchema(apiErrorSchema, parseJson(text));
  if (body.success && body.data.error !== '') {
    const details = parseWithSchema(validationDetailsSchema, body.data.details);
    return new ApiError(body.data.error, response.status, body.data.errors ?? [], statusLine, details.success ? details.data.fields : []);
  }
  return new ApiError(statusLine, response.status, [], statusLine);
}
