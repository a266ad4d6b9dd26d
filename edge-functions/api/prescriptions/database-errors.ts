/**
 * What a client sees when the database refuses a prescription write made with their JWT: the triggers'
 * and constraints' own messages with a status that says why — 403 for a permission (42501), 409 for a
 * workflow rule (P0001, e.g. printing a label before verification), 400 for bad values (check, not-null,
 * foreign-key, malformed input). Anything else is a server fault and stays a 500.
 */
import { HttpError } from '../../_shared/http.ts';

export interface DatabaseError {
  code?: string;
  message: string;
}

const STATUS_BY_CODE: Record<string, number> = {
  '42501': 403,
  P0001: 409,
  '23514': 400,
  '23502': 400,
  '23503': 400,
  '22P02': 400,
  '22003': 400,
};

/** The HttpError for a refusal the client should see, or a plain Error (500) naming `what` failed. */
export function databaseFailure(what: string, error: DatabaseError): Error {
  const status = error.code ? STATUS_BY_CODE[error.code] : undefined;
  if (status !== undefined) return new HttpError(status, error.message);
  return new Error(`${what} failed: ${error.message}`);
}
