/**
 * Request bodies checked with the shared zod schemas (classic or mini). A body that fails answers
 * 400 `{ error: 'Validation failed', errors: [messages], details: { fields: [{ path, message }] } }` — the same
 * messages the web forms show, and (for a schema's refusal) each with its field's dotted path so a form can
 * place it.
 */
import {
  type AnySchema,
  BODY_NOT_JSON_MESSAGE,
  BODY_NOT_OBJECT_MESSAGE,
  type FieldIssue,
  parseWithSchema,
  VALIDATION_FAILED_MESSAGE,
} from '@pharmacy/shared/api/endpoint.ts';
import type * as z from 'zod';
import { HttpError } from './http.ts';
import { readBounded } from './multipart.ts';

/**
 * The parsed JSON body; a body that is not a JSON object answers 400. With `emptyIsObject` (an endpoint whose
 * body is optional) no body, or an empty one, is `{}`. With `maxBytes`, a longer body answers 413 unread.
 */
export async function readJsonObject(req: Request, emptyIsObject = false, maxBytes?: number): Promise<Record<string, unknown>> {
  // Outside the try: a body past the cap is 413, not 'not JSON'.
  const bounded = maxBytes === undefined ? null : await readBounded(req, maxBytes);
  let body: unknown;
  try {
    const text = bounded === null ? await req.text() : new TextDecoder().decode(bounded);
    if (emptyIsObject && text.trim() === '') return {};
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, BODY_NOT_JSON_MESSAGE);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, BODY_NOT_OBJECT_MESSAGE);
  }
  return body as Record<string, unknown>;
}

/** 400 'Validation failed' with the messages; `fields` (a schema's problems with their paths) when known. */
export function validationFailed(errors: string[], fields?: FieldIssue[]): HttpError {
  return new HttpError(400, VALIDATION_FAILED_MESSAGE, fields === undefined ? undefined : { fields }, { errors });
}

/** The schema's output for `body`, or 400 with the validation messages and their fields. */
export function validateBody<Schema extends AnySchema>(schema: Schema, body: unknown): z.output<Schema> {
  const result = parseWithSchema(schema, body);
  if (!result.success) throw validationFailed(result.messages, result.fields);
  return result.data;
}
