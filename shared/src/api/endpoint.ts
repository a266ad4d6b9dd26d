/**
 * The /api contract's vocabulary: an endpoint is its method, path, who may call it, the zod schema of its
 * request body and of its success body, and its status. The web app calls endpoints through one typed
 * invokeApi (web/src/lib/invoke-api.ts) and the `api` edge function serves them through one helper
 * (edge-functions/_shared/api-endpoints.ts), so both sides read the same schemas and no path is a loose string.
 *
 * Written with zod/mini: the sign-in page loads this module (the health check), and it must stay free of
 * classic zod. Endpoint schemas may be classic or mini (both are zod core schemas); `parseWithSchema` parses
 * either.
 */
import * as z from 'zod/mini';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** 'signed-in': a request without a signed-in user answers 401 before its body is read. */
export type ApiAccess = 'anyone' | 'signed-in';

export type AnySchema = z.core.$ZodType;

export type ApiPath = `/api/${string}`;

export interface ApiEndpoint<
  Request extends AnySchema | null = AnySchema | null,
  Response extends AnySchema = AnySchema,
  Path extends ApiPath = ApiPath,
  Query extends AnySchema | undefined = AnySchema | undefined,
> {
  readonly method: ApiMethod;
  /** Under the `api` function: `/api/<area>/<name>`; a `:name` segment is a path parameter (`/api/x/:id`). */
  readonly path: Path;
  readonly access: ApiAccess;
  /** The JSON object body; null for a GET or DELETE, which have none; a POST or PUT has one. */
  readonly request: Request;
  /**
   * 'multipart': the body is `multipart/form-data` (an upload a scanner or fax gateway may post too): `request`
   * parses its text fields (those named in `multipartJsonFields` as JSON), the files reach the handler apart.
   * The web app calls such an endpoint with a FormData through invokeMultipartApi. Absent: a JSON body.
   */
  readonly requestFormat?: 'multipart';
  readonly multipartJsonFields?: readonly string[];
  /**
   * A POST whose body may be left out (every field optional): no body, or an empty one, is read as `{}`. A body
   * that is sent must still be a JSON object. Other endpoints refuse a missing body (400 'Request body must be JSON').
   */
  readonly bodyOptional?: true;
  /**
   * The largest JSON body taken, in bytes: a longer one answers 413 'Request body is too large' before it is parsed
   * (read as a stream, never held past the cap). Absent: the platform's own limit.
   */
  readonly maxBodyBytes?: number;
  /**
   * The query parameters' schema (an object of optional fields; values arrive as strings, so numbers are
   * coerced); absent when the endpoint takes none. A query the schema refuses answers 400 'Validation failed'.
   */
  readonly query?: Query;
  /** The success body: JSON, or for 'html' the page as a string. */
  readonly response: Response;
  readonly format: 'json' | 'html';
  readonly successStatus: 200 | 201;
}

/** Keeps each endpoint's schema types (a plain object literal typed as ApiEndpoint would lose them). */
export function apiEndpoint<
  Request extends AnySchema | null,
  Response extends AnySchema,
  Path extends ApiPath,
  Query extends AnySchema | undefined = undefined,
>(endpoint: ApiEndpoint<Request, Response, Path, Query>): ApiEndpoint<Request, Response, Path, Query> {
  return Object.freeze(endpoint);
}

/** The names of a path's `:name` segments: `'id'` for `/api/security-policies/:id`, never for a plain path. */
export type PathParamNames<Path extends string> = Path extends `${string}/:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}/:${infer Name}`
    ? Name
    : never;

/** The values of an endpoint's path parameters. */
export type ApiPathParams<E extends ApiEndpoint> = { readonly [Name in PathParamNames<E['path']>]: string };

/** Whether the path has `:name` segments. */
export function hasPathParams(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith(':'));
}

/** The path with each `:name` segment replaced by its value, percent-encoded; a missing or empty value throws. */
export function apiPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = params[segment.slice(1)];
      if (value === undefined || value === '') throw new Error(`${path} needs a value for ${segment}`);
      return encodeURIComponent(value);
    })
    .join('/');
}

/** The query parameters a caller may send (each optional; numbers written in decimal), for an endpoint with a query. */
export type ApiQueryParams<E extends ApiEndpoint> = [E['query']] extends [undefined]
  ? never
  : { readonly [Name in keyof z.input<NonNullable<E['query']>>]?: string | number };

/** `?name=value&…` of the parameters given (undefined ones left out), or '' when none is. */
export function apiQueryString(query: Readonly<Record<string, string | number | undefined>> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** What the server's handler receives as the query: the query schema's output. */
export type ApiQueryData<E extends ApiEndpoint> = [E['query']] extends [undefined] ? undefined : z.output<NonNullable<E['query']>>;

/** What a caller sends: the request schema's input (nothing for a GET). */
export type ApiRequestBody<E extends ApiEndpoint> = E['request'] extends AnySchema ? z.input<E['request']> : undefined;
/** What the server's handler receives: the request schema's output. */
export type ApiRequestData<E extends ApiEndpoint> = E['request'] extends AnySchema ? z.output<E['request']> : undefined;
/** The success body. */
export type ApiResponseBody<E extends ApiEndpoint> = z.output<E['response']>;

export const VALIDATION_FAILED_MESSAGE = 'Validation failed';
export const BODY_NOT_JSON_MESSAGE = 'Request body must be JSON';
export const BODY_NOT_OBJECT_MESSAGE = 'Request body must be a JSON object';
export const UNAUTHORIZED_MESSAGE = 'Unauthorized';

/**
 * Every error body of every endpoint: `{ error, errors?, details? }` — `error` the message for people, `errors`
 * the list of problems of a 400 'Validation failed' (or of a 409 conflict), and for a 400 of a schema
 * `details.fields` (validationDetailsSchema): each problem with the field it is about.
 */
export const apiErrorSchema = z.looseObject({
  error: z.string(),
  errors: z.optional(z.array(z.string())),
  details: z.optional(z.unknown()),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/**
 * One problem of a body the schema refused, with its field: `path` the dotted path of the field in the body
 * (`eligibility.timeoutSeconds`, `availablePrinters.0.name`), '' for a problem of the whole body.
 */
export const fieldIssueSchema = z.object({ path: z.string(), message: z.string() });

export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** `details` of a 400 'Validation failed' of a schema: its problems with their fields, in the schema's order. */
export const validationDetailsSchema = z.looseObject({ fields: z.array(fieldIssueSchema) });

/** A request body that is any JSON object (the endpoint judges it itself). */
export const jsonObjectSchema = z.record(z.string(), z.unknown());

export type SchemaParse<Schema extends AnySchema> =
  | { success: true; data: z.output<Schema> }
  | { success: false; messages: string[]; fields: FieldIssue[] };

/**
 * Parses with a classic or mini schema; a failure gives its messages, one per problem, in the schema's field
 * order, and the same problems with their fields' dotted paths.
 */
export function parseWithSchema<Schema extends AnySchema>(schema: Schema, value: unknown): SchemaParse<Schema> {
  const result = z.safeParse(schema, value);
  if (result.success) return { success: true, data: result.data };
  const { issues } = result.error;
  return {
    success: false,
    messages: issues.map((issue) => issue.message),
    fields: issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  };
}
