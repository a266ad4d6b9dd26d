/**
 * What a user reads when the database refuses a write. The messages themselves live in the database: its
 * triggers raise sentences, and every constraint's message is its comment, raised before Postgres would
 * raise its own error (migration 20261122001300_database_hygiene). What can still come through in Postgres'
 * own wording — a race on a unique key, a value of the wrong type, a row-level security refusal — names
 * tables, columns and constraints; this turns such a message into a plain one for its SQLSTATE, so neither
 * the web app nor the edge functions ever show it. Messages the database phrased for people pass unchanged.
 */

export interface DatabaseErrorLike {
  code?: string;
  message: string;
}

/** How Postgres (and PostgREST, passing it on) words the errors it raises itself. */
const POSTGRES_WORDING: RegExp[] = [
  /violates (check|foreign key|unique|not-null|exclusion) constraint/i,
  /^duplicate key value/i,
  /^null value in column/i,
  /^invalid input (syntax|value)/i,
  /^value too long for type/i,
  /out of range/i,
  /^numeric field overflow/i,
  /row-level security policy/i,
  /^permission denied for/i,
  /^column .* does not exist/i,
  /^relation .* does not exist/i,
  /^function .* does not exist/i,
  /^could not /i,
  /^syntax error/i,
];

/** The plain message per SQLSTATE for errors in Postgres' own wording. */
export const DATABASE_ERROR_MESSAGES: Record<string, string> = {
  '23505': 'This conflicts with a record already on file',
  '23503': 'This refers to a record that does not exist or is still in use',
  '23514': 'A value is not allowed; check the form and try again',
  '23502': 'A required value is missing',
  '22P02': 'A value is not in the expected format',
  '22003': 'A number is out of range',
  '22001': 'A value is too long',
  '42501': 'You do not have permission to do this',
};

export const UNEXPECTED_DATABASE_ERROR = 'The change could not be saved; please try again';

/** True when the message is Postgres' own wording (names internals) rather than a sentence the database raised for people. */
export function isPostgresWording(message: string): boolean {
  return POSTGRES_WORDING.some((pattern) => pattern.test(message));
}

/** The message to show for a refused write: the database's own sentence, or the plain message for its SQLSTATE. */
export function clientMessageForDatabaseError(error: DatabaseErrorLike): string {
  if (!isPostgresWording(error.message) && error.message.trim() !== '') return error.message;
  return (error.code && DATABASE_ERROR_MESSAGES[error.code]) || UNEXPECTED_DATABASE_ERROR;
}
