/**
 * The catcher's HTTP side: Mailpit's API subset (GET /api/v1/messages, GET /api/v1/search, GET
 * /api/v1/message/{ID}, DELETE /api/v1/messages) and a small page to read mail (`/` and `/view/{ID}`).
 */
import http from 'node:http';
import type { Mailbox } from './mailbox.ts';
import { searchMatcher } from './mailbox.ts';
import { messagePage, listPage, PAGE_SECURITY_HEADERS } from './pages.ts';

/** Mailpit's default page size. */
const DEFAULT_LIMIT = 50;

function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

function sendText(response: http.ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  response.end(body);
}

function sendHtml(response: http.ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...PAGE_SECURITY_HEADERS });
  response.end(body);
}

function nonNegative(raw: string | null, fallback: number): number | null {
  if (raw === null || raw === '') return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : null;
}

/** A DELETE body lists message IDs (22 characters each, 500 messages at most): far below this. */
const MAX_BODY_BYTES = 1024 * 1024;

/** The body as text, or null when it is larger than MAX_BODY_BYTES (read to its end, the excess not kept). */
async function readBody(request: http.IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  return size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8');
}

/** DELETE /api/v1/messages takes an optional `{"IDs": [...]}`; no body (or no IDs) deletes everything. */
async function idsToDelete(request: http.IncomingMessage): Promise<string[] | undefined | Error> {
  const body = await readBody(request);
  if (body === null) return new Error(`the body must be at most ${MAX_BODY_BYTES} bytes`);
  const text = body.trim();
  if (!text) return undefined;
  try {
    const body = JSON.parse(text) as { IDs?: unknown };
    if (body.IDs === undefined) return undefined;
    if (!Array.isArray(body.IDs) || !body.IDs.every((id) => typeof id === 'string')) return new Error('IDs must be an array of message IDs');
    return body.IDs as string[];
  } catch {
    return new Error('the body must be JSON such as {"IDs": ["..."]}');
  }
}

export function createMailHttpServer(mailbox: Mailbox): http.Server {
  return http.createServer((request, response) => {
    void handle(mailbox, request, response).catch((error: Error) => {
      if (!response.headersSent) sendText(response, 500, error.message);
      else response.destroy();
    });
  });
}

/**
 * Only requests addressed to this machine by name or loopback address: a web page whose host name an attacker
 * re-points at 127.0.0.1 (DNS rebinding) would otherwise read the mail (invite and recovery links) same-origin.
 */
function addressedToLoopback(request: http.IncomingMessage): boolean {
  const host = (request.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

async function handle(mailbox: Mailbox, request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  if (!addressedToLoopback(request)) return sendText(response, 403, 'the mail catcher answers only requests for 127.0.0.1 or localhost');
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const method = request.method ?? 'GET';
  const path = url.pathname;

  if (path === '/api/v1/messages' || path === '/api/v1/search') {
    if (method === 'DELETE' && path === '/api/v1/messages') {
      const ids = await idsToDelete(request);
      if (ids instanceof Error) return sendText(response, 400, ids.message);
      mailbox.delete(ids);
      return sendText(response, 200, 'ok');
    }
    if (method !== 'GET') return sendText(response, 405, 'method not allowed');
    const start = nonNegative(url.searchParams.get('start'), 0);
    const limit = nonNegative(url.searchParams.get('limit'), DEFAULT_LIMIT);
    if (start === null || limit === null) return sendText(response, 400, 'start and limit must be non-negative integers');
    if (path === '/api/v1/search') {
      const query = url.searchParams.get('query') ?? '';
      if (!query.trim()) return sendText(response, 400, 'query is required');
      return sendJson(response, 200, mailbox.page(start, limit, searchMatcher(query)));
    }
    return sendJson(response, 200, mailbox.page(start, limit));
  }

  const messageMatch = /^\/api\/v1\/message\/([^/]+)$/.exec(path);
  if (messageMatch) {
    if (method !== 'GET') return sendText(response, 405, 'method not allowed');
    const message = mailbox.get(decodeURIComponent(messageMatch[1]!));
    return message ? sendJson(response, 200, message) : sendText(response, 404, 'message not found');
  }

  if (method === 'GET' && path === '/') return sendHtml(response, 200, listPage(mailbox.page(0, 500)));
  const viewMatch = /^\/view\/([^/]+)$/.exec(path);
  if (method === 'GET' && viewMatch) {
    const message = mailbox.get(decodeURIComponent(viewMatch[1]!));
    return message ? sendHtml(response, 200, messagePage(message)) : sendText(response, 404, 'message not found');
  }
  return sendText(response, 404, 'not found');
}
