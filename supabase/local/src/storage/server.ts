/**
 * The storage service's HTTP routes — the part of Supabase Storage's API that storage-js calls — behind the
 * gateway's /storage/v1 (prefix stripped). Object routes authenticate the caller's JWT and run as the caller
 * (objects.ts); signed URLs and public buckets are served as Storage itself. Errors answer as Storage does
 * (errors.ts).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { authenticate, type Caller } from './caller.ts';
import { asCaller } from './database.ts';
import { errors, StorageError } from './errors.ts';
import { mustBeValidKey, type ObjectRow, type ObjectService } from './objects.ts';
import { signObjectUrl, verifySignedUrl } from './signed-urls.ts';
import { readBody } from './upload-body.ts';

export interface StorageServerOptions {
  pool: pg.Pool;
  objects: ObjectService;
  jwtSecret: string;
  log: (line: string) => void;
}

const JSON_BODY_LIMIT = 1024 * 1024;
const MAX_OBJECTS_PER_REQUEST = 1000;

interface Route {
  method: string;
  path: string;
  query: URLSearchParams;
  request: IncomingMessage;
  response: ServerResponse;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
  response.end(payload);
}

async function jsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const raw = await readBody(request, JSON_BODY_LIMIT);
  if (raw.length === 0) return {};
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Answered below.
  }
  throw errors.invalidRequest('Body is not valid JSON');
}

/** "<bucket>/<name...>" → its parts (the name decoded, as Storage's wildcard parameter is). */
function bucketAndName(rest: string): { bucketId: string; name: string } {
  const slash = rest.indexOf('/');
  let bucketId: string;
  let name: string;
  try {
    bucketId = decodeURIComponent(slash < 0 ? rest : rest.slice(0, slash));
    name = slash < 0 ? '' : decodeURIComponent(rest.slice(slash + 1));
  } catch {
    throw errors.invalidKey(rest);
  }
  if (!bucketId) throw errors.missingParameter('bucketName');
  return { bucketId, name };
}

function serializeBucket(row: Record<string, unknown>): Record<string, unknown> {
  return { ...row, file_size_limit: row.file_size_limit === null || row.file_size_limit === undefined ? null : Number(row.file_size_limit) };
}

export function createStorageServer(options: StorageServerOptions): http.Server {
  const { pool, objects, jwtSecret, log } = options;
  const caller = (route: Route): Caller => authenticate(route.request.headers, jwtSecret);

  function sendObject(route: Route, row: ObjectRow): Promise<void> | void {
    const metadata = row.metadata ?? {};
    const headers: Record<string, string | number> = {
      'content-type': String(metadata.mimetype ?? 'application/octet-stream'),
      'content-length': Number(metadata.size ?? 0),
      'cache-control': String(metadata.cacheControl ?? 'no-cache'),
      etag: String(metadata.eTag ?? ''),
      'last-modified': new Date(String(metadata.lastModified ?? row.updated_at)).toUTCString(),
      'accept-ranges': 'bytes',
    };
    const download = route.query.get('download');
    if (download !== null) headers['content-disposition'] = download ? `attachment; filename=${encodeURIComponent(download)}` : 'attachment;';
    if (route.method === 'HEAD') {
      route.response.writeHead(200, headers);
      route.response.end();
      return;
    }
    const stream = objects.open(row);
    route.response.writeHead(200, headers);
    return pipeline(stream, route.response);
  }

  async function objectRoutes(route: Route, rest: string): Promise<void> {
    const { method } = route;
    const read = method === 'GET' || method === 'HEAD';

    if (rest.startsWith('sign/')) {
      const { bucketId, name } = bucketAndName(rest.slice('sign/'.length));
      if (read && name) {
        const token = route.query.get('token');
        if (!token) throw errors.missingParameter('token');
        verifySignedUrl(token, bucketId, name, jwtSecret);
        return sendObject(route, await objects.findAsService(bucketId, name, false));
      }
      if (method === 'POST') {
        const who = caller(route);
        const body = await jsonBody(route.request);
        const expiresIn = body.expiresIn;
        if (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn) || expiresIn < 1) throw errors.invalidRequest('body/expiresIn must be >= 1');
        if (name) {
          mustBeValidKey(name);
          if (!(await objects.visibleNames(who, bucketId, [name])).has(name)) throw errors.noSuchKey();
          return sendJson(route.response, 200, { signedURL: signObjectUrl(bucketId, name, expiresIn, jwtSecret) });
        }
        const paths = body.paths;
        if (!Array.isArray(paths) || paths.length === 0 || paths.length > MAX_OBJECTS_PER_REQUEST || !paths.every((path) => typeof path === 'string')) {
          throw errors.invalidRequest('body/paths must be a list of 1 to 1000 object names');
        }
        const visible = await objects.visibleNames(who, bucketId, paths as string[]);
        return sendJson(
          route.response,
          200,
          (paths as string[]).map((path) =>
            visible.has(path) ? { error: null, path, signedURL: signObjectUrl(bucketId, path, expiresIn, jwtSecret) } : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
          ),
        );
      }
    }

    if (rest.startsWith('list/') && method === 'POST') {
      const { bucketId } = bucketAndName(rest.slice('list/'.length));
      const who = caller(route);
      const body = await jsonBody(route.request);
      if (typeof body.prefix !== 'string') throw errors.invalidRequest("body must have required property 'prefix'");
      const sortBy = typeof body.sortBy === 'object' && body.sortBy !== null ? (body.sortBy as { column?: string; order?: string }) : undefined;
      const rows = await objects.list(who, bucketId, {
        prefix: body.prefix,
        limit: typeof body.limit === 'number' ? body.limit : undefined,
        offset: typeof body.offset === 'number' ? body.offset : undefined,
        sortBy,
        search: typeof body.search === 'string' ? body.search : undefined,
      });
      return sendJson(route.response, 200, rows);
    }

    if (rest.startsWith('info/') && read) {
      const path = rest.slice('info/'.length);
      const { bucketId, name } = bucketAndName(path.startsWith('authenticated/') ? path.slice('authenticated/'.length) : path);
      const row = await objects.find(caller(route), bucketId, name);
      const metadata = row.metadata ?? {};
      return sendJson(route.response, 200, {
        id: row.id,
        version: row.version,
        name: row.name,
        bucket_id: row.bucket_id,
        size: metadata.size ?? null,
        content_type: metadata.mimetype ?? null,
        cache_control: metadata.cacheControl ?? null,
        etag: metadata.eTag ?? null,
        metadata: row.user_metadata,
        last_modified: row.updated_at,
        created_at: row.created_at,
      });
    }

    if (rest.startsWith('public/') && read) {
      const { bucketId, name } = bucketAndName(rest.slice('public/'.length));
      return sendObject(route, await objects.findAsService(bucketId, name, true));
    }

    if (rest.startsWith('authenticated/') && read) {
      const { bucketId, name } = bucketAndName(rest.slice('authenticated/'.length));
      return sendObject(route, await objects.find(caller(route), bucketId, name));
    }

    const { bucketId, name } = bucketAndName(rest);
    if (read && name) return sendObject(route, await objects.find(caller(route), bucketId, name));
    if ((method === 'POST' || method === 'PUT') && name) {
      const who = caller(route);
      const upsert = method === 'PUT' || route.request.headers['x-upsert'] === 'true';
      return sendJson(route.response, 200, await objects.upload(who, bucketId, name, route.request, upsert));
    }
    if (method === 'DELETE' && !name) {
      const who = caller(route);
      const body = await jsonBody(route.request);
      const prefixes = body.prefixes;
      if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > MAX_OBJECTS_PER_REQUEST || !prefixes.every((prefix) => typeof prefix === 'string')) {
        throw errors.invalidRequest('body/prefixes must be a list of 1 to 1000 object names');
      }
      return sendJson(route.response, 200, await objects.remove(who, bucketId, prefixes as string[]));
    }
    if (method === 'DELETE' && name) {
      const removed = await objects.remove(caller(route), bucketId, [name]);
      if (removed.length === 0) throw errors.noSuchKey();
      return sendJson(route.response, 200, { message: 'Successfully deleted' });
    }
    throw errors.notFound(method, `/object/${rest}`);
  }

  async function bucketRoutes(route: Route, rest: string): Promise<void> {
    if (route.method !== 'GET') throw errors.notFound(route.method, `/bucket/${rest}`);
    const who = caller(route);
    const columns = 'id, name, owner, public, type, created_at, updated_at, file_size_limit, allowed_mime_types';
    if (rest === '') {
      const rows = await asCaller(pool, who, 'storage.bucket.list', async (client) => (await client.query(`select ${columns} from storage.buckets order by name`)).rows);
      return sendJson(route.response, 200, rows.map(serializeBucket));
    }
    const { bucketId } = bucketAndName(rest);
    const row = await asCaller(pool, who, 'storage.bucket.get', async (client) => (await client.query(`select ${columns} from storage.buckets where id = $1`, [bucketId])).rows[0]);
    if (!row) throw errors.noSuchBucket();
    return sendJson(route.response, 200, serializeBucket(row));
  }

  async function handle(route: Route): Promise<void> {
    const { path } = route;
    if (path === '/status' && route.method === 'GET') return sendJson(route.response, 200, { message: 'ok' });
    if (path.startsWith('/object/')) return objectRoutes(route, path.slice('/object/'.length));
    if (path === '/bucket' || path === '/bucket/') return bucketRoutes(route, '');
    if (path.startsWith('/bucket/')) return bucketRoutes(route, path.slice('/bucket/'.length));
    throw errors.notFound(route.method, path);
  }

  return http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://storage.local');
    const route: Route = { method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, request, response };
    handle(route).catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      const failure = error instanceof StorageError ? error : errors.internal();
      if (!(error instanceof StorageError)) log(`${route.method} ${route.path} failed: ${(error as Error).stack ?? String(error)}`);
      // A refused upload may leave its body unread: the connection cannot carry another request.
      if (!request.complete) response.setHeader('connection', 'close');
      sendJson(response, failure.httpStatus, failure.body());
    });
  });
}
