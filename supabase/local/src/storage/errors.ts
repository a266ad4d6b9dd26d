/**
 * Storage's error answers, as Supabase Storage renders them: a JSON body `{statusCode, code, error, message}` whose
 * `statusCode` is the real status as a string, sent with HTTP 400 for every error below 500 (storage-js reads both).
 */
export class StorageError extends Error {
  constructor(
    /** The status named in the body (the HTTP status is 400 unless this is 500). */
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  get httpStatus(): number {
    return this.statusCode >= 500 ? 500 : 400;
  }

  body(): { statusCode: string; code: string; error: string; message: string } {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  rlsDenied: () => new StorageError(403, 'AccessDenied', 'Unauthorized', 'new row violates row-level security policy'),
  keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  entityTooLarge: () => new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidMimeType: (mimeType: string) => new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimeType} is not supported`),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'InvalidSignature', 'Invalid signature'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message),
  missingParameter: (name: string) => new StorageError(400, 'MissingParameter', 'MissingParameter', `Missing Required Parameter ${name}`),
  noContent: () => new StorageError(400, 'InvalidRequest', 'InvalidRequest', 'No content provided'),
  notFound: (method: string, path: string) => new StorageError(404, 'InvalidRequest', 'Not Found', `Route ${method}:${path} not found`),
  internal: () => new StorageError(500, 'InternalError', 'Internal', 'Internal Server Error'),
};
