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
}

const CORS_ALLOW_METHODS = 'GET, HEAD, PUT, PATCH, POST, DELETE, OPTIONS';
const CORS_EXPOSE_HEADERS = 'Content-Range, Content-Location, Location, Preference-Applied, Range-Unit, X-Total-Count, Link, X-Supabase-Api-Version, X-Sb-Error-Code';
/** Headers that describe one connection and must not be forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

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

export function createGateway(config: StackConfig): http.Server {
  const routes: Route[] = [
    { prefix: '/auth/v1', port: config.ports.auth, requiresApiKey: true, gatewayCors: true },
    { prefix: '/rest/v1', port: config.ports.rest, requiresApiKey: true, gatewayCors: true },
    { prefix: '/realtime/v1', port: config.ports.realtime, requiresApiKey: true, gatewayCors: true },
    { prefix: '/functions/v1', port: config.ports.functions, requiresApiKey: false, gatewayCors: false },
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

  /** Returns an error message when key-auth fails, else null. */
  function checkApiKey(req: http.IncomingMessage): { status: number; message: string } | null {
    const header = req.headers.apikey;
    const key = (Array.isArray(header) ? header[0] : header) ?? queryApiKey(req.url ?? '');
    if (!key) return { status: 401, message: 'No API key found in request' };
    if (!validKeys.has(key)) return { status: 401, message: 'Invalid API key' };
    if (!req.headers.authorization) req.headers.authorization = `Bearer ${key}`;
    return null;
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
    if (route.requiresApiKey) {
      const failure = checkApiKey(req);
      if (failure) {
        json(res, failure.status, { message: failure.message });
        return;
      }
    } else if (!req.headers.authorization && typeof req.headers.apikey === 'string' && validKeys.has(req.headers.apikey)) {
      req.headers.authorization = `Bearer ${req.headers.apikey}`;
    }

    const headers: http.OutgoingHttpHeaders = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    headers['x-forwarded-for'] = clientAddress(req);
    headers['x-forwarded-host'] = req.headers.host ?? '';
    headers['x-forwarded-proto'] = 'http';
    headers['x-forwarded-prefix'] = route.prefix;

    const upstream = http.request(
      { host: '127.0.0.1', port: route.port, method: req.method, path, headers, agent },
      (upstreamRes) => {
        const responseHeaders: http.OutgoingHttpHeaders = { ...upstreamRes.headers };
        for (const name of HOP_BY_HOP) delete responseHeaders[name];
        if (route.gatewayCors && origin && !responseHeaders['access-control-allow-origin']) {
          responseHeaders['access-control-allow-origin'] = '*';
          responseHeaders['access-control-expose-headers'] ??= CORS_EXPOSE_HEADERS;
        }
        res.writeHead(upstreamRes.statusCode ?? 502, responseHeaders);
        upstreamRes.pipe(res);
      },
    );
    upstream.on('error', () => {
      // The part is down or restarting: answer as Kong does rather than hanging the client.
      if (!res.headersSent) json(res, 502, { message: 'An invalid response was received from the upstream server' });
      else res.destroy();
    });
    req.pipe(upstream);
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
    const failure = checkApiKey(req);
    if (failure) {
      refuse(failure.status, failure.message);
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
