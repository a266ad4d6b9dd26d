/**
 * GoTrue's error responses. Since API version 2024-01-01 (which auth-js sends in
 * X-Supabase-Api-Version) the body is {code, message}; older clients get {code: <status>, error_code,
 * msg}. Either way the code is also in the x-sb-error-code header.
 */
export class AuthHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra body fields (weak_password reasons). */
    readonly extra: Record<string, unknown> = {},
    /** GoTrue's OAuthError: rendered as {error, error_description} without an error code. */
    readonly oauth = false,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AuthHttpError(400, code, message);
export const unauthorized = (code: string, message: string) => new AuthHttpError(401, code, message);
export const forbidden = (code: string, message: string) => new AuthHttpError(403, code, message);
export const notFound = (code: string, message: string) => new AuthHttpError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthHttpError(422, code, message);

export function oauthError(error: string, description: string): AuthHttpError {
  return new AuthHttpError(400, error, description, {}, true);
}

export function weakPassword(message: string, reasons: string[]): AuthHttpError {
  return new AuthHttpError(422, 'weak_password', message, { weak_password: { reasons } });
}

export const INVALID_LOGIN_MESSAGE = 'Invalid login credentials';
export const DUPLICATE_EMAIL_MESSAGE = 'A user with this email address has already been registered';

/** The body GoTrue sends for an error, by API version. */
export function errorBody(error: AuthHttpError, modernApi: boolean): Record<string, unknown> {
  if (error.oauth) return { error: error.code, error_description: error.message };
  if (modernApi) return { code: error.code, message: error.message, ...error.extra };
  return { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
}
