/**
 * Request and response plumbing for the auth service on plain node:http: JSON bodies as GoTrue parses
 * them, the API-version header, CORS and the client's address for session rows.
 */
import type http from 'node:http';
import net from 'node:net';
import { readBodyWithin } from '../http-body.ts';
import { AuthHttpError, badRequest, errorBody } from './errors.ts';

const API_VERSION_HEADER = 'x-supabase-api-version';
/** The only dated API version GoTrue knows; anything at or after it gets the 2024-01-01 error format. */
const API_VERSION_2024_01_01 = '2024-01-01';
const MAX_BODY_BYTES = 1024 * 1024;

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'authorization, apikey, content-type, x-client-info, x-supabase-api-version, x-client-ip, x-jwt-aud, accept',
  'access-control-expose-headers': 'x-total-count, link, x-supabase-api-version, x-sb-error-code',
  'access-control-max-age': '3600',
};

export type JsonObject = Record<string, unknown>;

export interface AuthRequest {
  raw: http.IncomingMessage;
  method: string;
  path: string;
  query: URLSearchParams;
  /** The request's URL path and query as received (GoTrue builds Link headers from it). */
  url: string;
  /** The echoed API version, or null for the initial (legacy) version. */
  apiVersion: string | null;
}

export function parseRequest(raw: http.IncomingMessage): AuthRequest {
  const url = raw.url ?? '/';
  // Appended rather than resolved, so that a path starting with "//" stays a path.
  const parsed = new URL(`http://auth.local${url.startsWith('/') ? url : `/${url}`}`);
  const header = raw.headers[API_VERSION_HEADER];
  const requested = Array.isArray(header) ? header[0] : header;
  // GoTrue picks the closest version not after the requested date; only 2024-01-01 exists.
  const apiVersion = requested && /^\d{4}-\d{2}-\d{2}$/.test(requested) && requested >= API_VERSION_2024_01_01 ? API_VERSION_2024_01_01 : null;
  const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : parsed.pathname;
  return { raw, method: raw.method ?? 'GET', path, query: parsed.searchParams, url, apiVersion };
}

function baseHeaders(req: AuthRequest): Record<string, string> {
  const headers: Record<string, string> = { ...CORS_HEADERS, 'cache-control': 'no-store' };
  if (req.apiVersion) headers[API_VERSION_HEADER] = req.apiVersion;
  return headers;
}

export function sendJson(res: http.ServerResponse, req: AuthRequest, status: number, body: unknown, extraHeaders: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...baseHeaders(req),
    ...extraHeaders,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
  });
  res.end(payload);
}

export function sendNoContent(res: http.ServerResponse, req: AuthRequest): void {
  res.writeHead(204, baseHeaders(req));
  res.end();
}

export function sendError(res: http.ServerResponse, req: AuthRequest, error: AuthHttpError): void {
  sendJson(res, req, error.status, errorBody(error, req.apiVersion !== null), error.oauth ? {} : { 'x-sb-error-code': error.code });
}

export function sendPreflight(raw: http.IncomingMessage, res: http.ServerResponse): void {
  const requested = firstHeader(raw.headers['access-control-request-headers']);
  res.writeHead(204, { ...CORS_HEADERS, ...(requested ? { 'access-control-allow-headers': requested } : {}), 'content-length': '0' });
  res.end();
}

async function readBody(raw: http.IncomingMessage): Promise<string> {
  const body = await readBodyWithin(raw, MAX_BODY_BYTES, () => new AuthHttpError(413, 'validation_failed', 'Request body too large'));
  return body.toString('utf8');
}

/**
 * Reads the body as a JSON object, as GoTrue's retrieveRequestParams does: an empty or malformed body
 * is 400 bad_json; `null` is an empty object.
 */
export async function readJsonObject(req: AuthRequest): Promise<JsonObject> {
  const text = await readBody(req.raw);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('bad_json', `Could not parse request body as JSON: expected an object, got ${Array.isArray(value) ? 'an array' : typeof value}`);
  }
  return value as JsonObject;
}

/** Reads a body that may be empty (DELETE /admin/users/{id}). */
export async function readOptionalJsonObject(req: AuthRequest): Promise<JsonObject> {
  const contentLength = req.raw.headers['content-length'];
  if (contentLength === '0') return {};
  const text = await readBody(req.raw);
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value === null) return {};
    if (typeof value === 'object' && !Array.isArray(value)) return value as JsonObject;
  } catch {
    // fall through to the same error as readJsonObject
  }
  throw badRequest('bad_json', 'Could not parse request body as JSON');
}

function typeError(field: string, expected: string, value: unknown): AuthHttpError {
  const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  return badRequest('bad_json', `Could not parse request body as JSON: json: cannot unmarshal ${actual} into field ${field} of type ${expected}`);
}

/** A string field; absent or null gives undefined (Go's zero value is then decided by the caller). */
export function optionalString(body: JsonObject, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw typeError(field, 'string', value);
  return value;
}

export function optionalBoolean(body: JsonObject, field: string): boolean {
  const value = body[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw typeError(field, 'bool', value);
  return value;
}

export function optionalObject(body: JsonObject, field: string): JsonObject | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw typeError(field, 'map[string]interface {}', value);
  return value as JsonObject;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The end client's address: the first X-Forwarded-For entry (set by the gateway), else the peer. */
export function clientIp(req: AuthRequest): string | null {
  const forwarded = firstHeader(req.raw.headers['x-forwarded-for'])?.split(',')[0]?.trim();
  const candidate = forwarded || req.raw.socket.remoteAddress || '';
  return net.isIP(candidate) ? candidate : null;
}

export function userAgent(req: AuthRequest): string | null {
  return firstHeader(req.raw.headers['user-agent']) || null;
}

export function bearerToken(req: AuthRequest): string | null {
  const header = firstHeader(req.raw.headers.authorization);
  const match = header ? /^bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}
