/**
 * What a client sees when the database refuses a call made with their JWT: the database's own
 * sentence (its triggers' messages, and each constraint's message, which the database raises before its
 * constraint error) with a status that says why — 403 for a permission (42501), 409 for a workflow rule
 * (P0001, e.g. printing a label before verification) or a duplicate (23505), 404 for a record that is not the
 * caller's to act on (P0002, e.g. 'Staff member not found', 'Patient not found'), 400 for bad values (check,
 * not-null, foreign-key, malformed input, an argument out of bounds: 22023). A message in Postgres' own wording (table, column or constraint
 * names) never reaches the client: it is logged here and replaced by the plain message for its SQLSTATE
 * (shared/src/database/errors.ts). Anything else is a server fault and stays a 500.
 */
import { clientMessageForDatabaseError, isPostgresWording } from '@pharmacy/shared/database/errors.ts';
import { HttpError } from './http.ts';

export interface DatabaseError {
  code?: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

const STATUS_BY_CODE: Record<string, number> = {
  '42501': 403,
  P0001: 409,
  P0002: 404,
  '23505': 409,
  '23514': 400,
  '23502': 400,
  '23503': 400,
  '22P02': 400,
  '22003': 400,
  '22001': 400,
  '22023': 400,
};

/** The HttpError for a refusal the client should see, or a plain Error (500, its text only logged) naming `what` failed. */
export function databaseFailure(what: string, error: DatabaseError): Error {
  const status = error.code ? STATUS_BY_CODE[error.code] : undefined;
  if (status === undefined) return new Error(`${what} failed: ${error.code ?? ''} ${error.message}`);
  if (isPostgresWording(error.message)) {
    console.error(`${what} refused by the database (${error.code}): ${error.message}`, error.details ?? '');
  }
  return new HttpError(status, clientMessageForDatabaseError(error));
}
