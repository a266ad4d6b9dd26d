/**
 * Request bodies checked with the shared zod schemas. A body that fails answers
 * 400 `{ error: 'Validation failed', errors: [messages] }` — the same messages the web forms show.
 */
import type * as z from 'zod';
import { HttpError } from './http.ts';

/** The parsed JSON body; a body that is not a JSON object answers 400. */
export async function readJsonObject(req: Request): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new HttpError(400, 'Request body must be JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** The messages of a failed validation, one per problem, in the schema's field order. */
export function validationMessages(error: z.ZodError): string[] {
  return error.issues.map((issue) => issue.message);
}

export function validationFailed(errors: string[]): HttpError {
  return new HttpError(400, 'Validation failed', undefined, { errors });
}

/** The schema's output for `body`, or 400 with the validation messages. */
export function validateBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = schema.safeParse(body);
  if (!result.success) throw validationFailed(validationMessages(result.error));
  return result.data;
}
