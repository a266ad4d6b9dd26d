/**
 * The API gateway: one port routing /auth/v1, /rest/v1, /realtime/v1 (websocket) and /functions/v1 to
 * the stack's parts with the prefix stripped, as the Supabase CLI's Kong does. It checks the `apikey`
 * (header or query) against the project's keys, uses it as the bearer token when `Authorization` is
 * absent, answers CORS preflights, and streams bodies both ways over keep-alive connections.
 */
import http from 'node:http';
import net from 'node:net';
import type { StackConfig } from '../config.ts';

interface Route {
  prefix: string;
  port: number;
  /** Kong's key-auth: the request must carry one of the project's API keys. */
  requiresApiKey: boolean;
  /** Edge functions answer CORS themselves (as on hosted Supabase); other upstreams get it here. */
  gatewayCors: boolean;
  /**
   * Small JSON answers are collected and sent in one write with their headers (fewer syscalls: the
   * gateway's main cost). Functions may stream (server-sent events), so theirs are piped as they come.
   */
  bufferResponses: boolean;
}

/** Past this size a buffered response switches to streaming. */
const RESPONSE_BUFFER_LIMIT = 256 * 1024;

const CORS_ALLOW_METHODS = 'GET, HEAD, PUT, PATCH, POST, DELETE, OPTIONS';
const CORS_EXPOSE_HEADERS = 'Content-Range, Content-Location, Location, Preference-Applied, Range-Unit, X-Total-Count, Link, X-Supabase-Api-Version, X-Sb-Error-Code';
/** Headers that describe one connection and must not be forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);
/** Request headers the gateway sets itself. */
const REPLACED_REQUEST_HEADERS = new Set([...HOP_BY_HOP, 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-prefix']);

/** The gateway's own answers (no route, key refused, part down) carry CORS so browsers can read them. */
function json(res: http.ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    'access-control-allow-origin': '*',
  });
  res.end(payload);
}

function queryApiKey(url: string): string | null {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return null;
  return new URLSearchParams(url.slice(queryStart + 1)).get('apikey');
}

function clientAddress(req: http.IncomingMessage): string {
  const previous = req.headers['x-forwarded-for'];
  const own = req.socket.remoteAddress ?? '';
  return previous ? `${previous}, ${own}` : own;
}

/** Sends a small upstream answer in one write with its headers; streams one that grows past the limit. */
function relayBuffered(upstreamRes: http.IncomingMessage, res: http.ServerResponse, status: number, headers: string[]): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let streaming = false;
  upstreamRes.on('data', (chunk: Buffer) => {
    if (!streaming) {
      chunks.push(chunk);
      size += chunk.length;
      if (size <= RESPONSE_BUFFER_LIMIT) return;
      streaming = true;
      res.writeHead(status, headers);
      for (const buffered of chunks.splice(0)) res.write(buffered);
      return;
    }
    if (!res.write(chunk)) {
      upstreamRes.pause();
      res.once('drain', () => upstreamRes.resume());
    }
  });
  upstreamRes.once('end', () => {
    if (streaming) {
      res.end();
      return;
    }
    headers.push('content-length', String(size));
    res.writeHead(status, headers);
    res.end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
  });
  upstreamRes.once('error', () => res.destroy());
}

export function createGateway(config: StackConfig): http.Server {
  const routes: Route[] = [
    { prefix: '/auth/v1', port: config.ports.auth, requiresApiKey: true, gatewayCors: true, bufferResponses: true },
    { prefix: '/rest/v1', port: config.ports.rest, requiresApiKey: true, gatewayCors: true, bufferResponses: true },
    { prefix: '/realtime/v1', port: config.ports.realtime, requiresApiKey: true, gatewayCors: true, bufferResponses: true },
    { prefix: '/functions/v1', port: config.ports.functions, requiresApiKey: false, gatewayCors: false, bufferResponses: false },
  ];
  const validKeys = new Set([config.anonKey, config.serviceRoleKey]);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 64, scheduling: 'lifo' });

  function match(url: string): { route: Route; path: string } | null {
    for (const route of routes) {
      if (url.startsWith(route.prefix) && (url.length === route.prefix.length || url[route.prefix.length] === '/' || url[route.prefix.length] === '?')) {
        const rest = url.slice(route.prefix.length);
        return { route, path: rest.startsWith('/') ? rest : `/${rest}` };
      }
    }
    return null;
  }

  /** The API key from the `apikey` header or query parameter, as Kong's key-auth reads it. */
  function requestApiKey(req: http.IncomingMessage): string | null {
    const header = req.headers.apikey;
    return (Array.isArray(header) ? header[0] : header) ?? queryApiKey(req.url ?? '');
  }

  /** Kong's key-auth answer for a request that must carry one of the project's keys; null when it does. */
  function apiKeyRefusal(apiKey: string | null): string | null {
    if (!apiKey) return 'No API key found in request';
    return validKeys.has(apiKey) ? null : 'Invalid API key';
  }

  const server = http.createServer((req, res) => {
    const matched = match(req.url ?? '/');
    if (!matched) {
      json(res, 404, { message: 'no Route matched with those values' });
      return;
    }
    const { route, path } = matched;
    const origin = req.headers.origin;
    if (route.gatewayCors && req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.writeHead(200, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': CORS_ALLOW_METHODS,
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '3600',
        'content-length': '0',
      });
      res.end();
      return;
    }
    const apiKey = requestApiKey(req);
    const refusal = route.requiresApiKey ? apiKeyRefusal(apiKey) : null;
    if (refusal) return json(res, 401, { message: refusal });
    // Kong's rule: without an Authorization header the API key is the bearer token.
    const bearerFromApiKey = !req.headers.authorization && apiKey && validKeys.has(apiKey) ? `Bearer ${apiKey}` : null;

    // Headers travel as raw [name, value, …] arrays: the hot path builds no header objects.
    const raw = req.rawHeaders;
    const headers: string[] = [];
    for (let i = 0; i < raw.length; i += 2) {
      if (!REPLACED_REQUEST_HEADERS.has(raw[i]!.toLowerCase())) headers.push(raw[i]!, raw[i + 1]!);
    }
    if (bearerFromApiKey) headers.push('authorization', bearerFromApiKey);
    headers.push(
      'x-forwarded-for', clientAddress(req),
      'x-forwarded-host', req.headers.host ?? '',
      'x-forwarded-proto', 'http',
      'x-forwarded-prefix', route.prefix,
    );

    const upstream = http.request(
      { host: '127.0.0.1', port: route.port, method: req.method, path, headers, agent },
      (upstreamRes) => {
        const upstreamRaw = upstreamRes.rawHeaders;
        const responseHeaders: string[] = [];
        let hasAllowOrigin = false;
        for (let i = 0; i < upstreamRaw.length; i += 2) {
          const name = upstreamRaw[i]!.toLowerCase();
          if (HOP_BY_HOP.has(name)) continue;
          // A buffered answer gets its own content-length once it is complete.
          if (route.bufferResponses && name === 'content-length') continue;
          if (name === 'access-control-allow-origin') hasAllowOrigin = true;
          responseHeaders.push(upstreamRaw[i]!, upstreamRaw[i + 1]!);
        }
        if (route.gatewayCors && origin && !hasAllowOrigin) {
          responseHeaders.push('access-control-allow-origin', '*', 'access-control-expose-headers', CORS_EXPOSE_HEADERS);
        }
        const status = upstreamRes.statusCode ?? 502;
        if (route.bufferResponses) relayBuffered(upstreamRes, res, status, responseHeaders);
        else {
          res.writeHead(status, responseHeaders);
          upstreamRes.pipe(res);
        }
      },
    );
    upstream.on('error', () => {
      // The part is down or restarting: answer as Kong does rather than hanging the client.
      if (!res.headersSent) json(res, 502, { message: 'An invalid response was received from the upstream server' });
      else res.destroy();
    });
    const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    if (hasBody) req.pipe(upstream);
    else upstream.end();
  });

  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const matched = match(req.url ?? '/');
    const refuse = (status: number, message: string) => {
      const body = JSON.stringify({ message });
      socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
    };
    if (!matched || matched.route.prefix !== '/realtime/v1') {
      refuse(404, 'no Route matched with those values');
      return;
    }
    const refusal = apiKeyRefusal(requestApiKey(req));
    if (refusal) {
      refuse(401, refusal);
      return;
    }
    const upstream = net.connect({ host: '127.0.0.1', port: matched.route.port });
    upstream.setNoDelay(true);
    socket.setNoDelay(true);
    upstream.once('connect', () => {
      const lines = [`${req.method} ${matched.path} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      lines.push(`X-Forwarded-For: ${clientAddress(req)}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.once('error', () => {
      if (upstream.connecting) refuse(502, 'An invalid response was received from the upstream server');
      else socket.destroy();
    });
    socket.once('error', () => upstream.destroy());
    socket.once('close', () => upstream.destroy());
    upstream.once('close', () => socket.destroy());
  });

  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
