/**
 * The API gateway: one port routing /auth/v1, /rest/v1, /realtime/v1 (websocket), /functions/v1 and /storage/v1 to
 * the stack's parts with the prefix stripped, as the Supabase CLI's Kong does. It checks the `apikey`
 * (header or query) against the project's keys, uses it as the bearer token when `Authorization` is
 * absent, refuses JWTs without `exp` (jwt-expiry.ts), answers CORS preflights, and streams bodies both
 * ways over keep-alive connections.
 *
 * Upstreams learn the client's address from it alone: on the public port X-Forwarded-For and X-Real-IP are
 * set to the peer address and whatever the client sent in them or in Forwarded is dropped. The stack's own
 * servers (edge functions calling the API for their caller) use a second, internal listener — the CLI's
 * `kong:8000` — that keeps the X-Forwarded-For they send, with the peer appended, so the caller's address
 * reaches the database through the function.
 *
 * Request smuggling: every request is framed by one reading (http-parser.ts refuses ambiguous heads and
 * loose chunk framing); a chunked request body is re-encoded for the upstream (payload only, no
 * extensions, no trailers), and the upstream connection that carried it is closed afterwards rather than
 * pooled, as is one whose response came with unusual framing. A smuggled message can therefore never sit
 * on a pooled connection waiting for another client's request.
 *
 * It is a lean HTTP/1.1 proxy on plain sockets (framing in http-parser.ts, upstream keep-alive in
 * upstream-pool.ts) rather than node:http, whose per-request objects and extra writes cost about as much
 * CPU as PostgREST's own work on a small query. One request per client connection is handled at a
 * time; pipelined requests wait in the input buffer until the previous response is complete.
 */
import { STATUS_CODES } from 'node:http';
import net from 'node:net';
import type { StackConfig } from '../config.ts';
import {
  ChunkedScanner,
  HEAD_END,
  HeadError,
  MALFORMED,
  NEED_MORE,
  parseRequestHead,
  parseResponseHead,
  responseHasNoBody,
  type RequestHead,
  type ResponseHead,
} from './http-parser.ts';
import { carriesTokenWithoutExpiry, TOKEN_WITHOUT_EXPIRY_BODY, TOKEN_WITHOUT_EXPIRY_CHALLENGE } from './jwt-expiry.ts';
import { UpstreamPool, type UpstreamConnection, type UpstreamOwner } from './upstream-pool.ts';

interface Route {
  prefix: string;
  port: number;
  /** Kong's key-auth: the request must carry one of the project's API keys. */
  requiresApiKey: boolean;
  /**
   * Paths under the prefix that need no key (Kong's auth-v1-open routes): a link opened from a mail carries none.
   */
  keyFreePaths?: readonly string[];
  /** Edge functions answer CORS themselves (as on hosted Supabase); other upstreams get it here. */
  gatewayCors: boolean;
  /**
   * Small answers are collected and sent in one write with their headers (fewer syscalls: the
   * gateway's main cost). Functions may stream (server-sent events), so theirs go out as they come.
   */
  bufferResponses: boolean;
  pool: UpstreamPool;
}

const MAX_REQUEST_HEAD = 64 * 1024;
const MAX_RESPONSE_HEAD = 256 * 1024;
/** Past this size a buffered response switches to streaming. */
const RESPONSE_BUFFER_LIMIT = 256 * 1024;
/** Pipelined bytes held while a response is pending before the client is no longer read. */
const PIPELINE_BUFFER_LIMIT = 256 * 1024;
/** An idle client connection is closed after this long (as node:http's keepAliveTimeout). */
const KEEP_ALIVE_TIMEOUT = 65_000;

const CORS_ALLOW_METHODS = 'GET, HEAD, PUT, PATCH, POST, DELETE, OPTIONS';
const CORS_EXPOSE_HEADERS = 'Content-Range, Content-Location, Location, Preference-Applied, Range-Unit, X-Total-Count, Link, X-Supabase-Api-Version, X-Sb-Error-Code';
/** Headers that describe one connection and must not be forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);
/** Headers that tell an upstream where a request came from: only the gateway's own values are passed on. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-prefix', 'x-forwarded-port', 'x-client-ip'];
/** Request headers the gateway drops or sets itself. */
const REPLACED_REQUEST_HEADERS = new Set([...HOP_BY_HOP, ...FORWARDING_HEADERS]);
/** Upgrade requests keep Connection and Upgrade, which the upstream needs to switch protocols. */
const REPLACED_UPGRADE_HEADERS = new Set(FORWARDING_HEADERS);
const CRLF = Buffer.from('\r\n');
const LAST_CHUNK = Buffer.from('0\r\n\r\n');

const NO_ROUTE = JSON.stringify({ message: 'no Route matched with those values' });
const NO_API_KEY = JSON.stringify({ message: 'No API key found in request' });
const INVALID_API_KEY = JSON.stringify({ message: 'Invalid API key' });
const UPSTREAM_FAILED = JSON.stringify({ message: 'An invalid response was received from the upstream server' });
const UPGRADE_WITH_BODY = JSON.stringify({ message: 'An upgrade request cannot carry a body' });

// Where a client connection is in reading its current request.
const READING_HEAD = 0;
const READING_BODY = 1;
const BODY_DONE = 2;
const UPGRADED = 3;
const CLOSED = 4;

// How the upstream's response body ends.
const BODY_NONE = 0;
const BODY_LENGTH = 1;
const BODY_CHUNKED = 2;
const BODY_UNTIL_CLOSE = 3;

// How the response body is written to the client.
const OUT_RAW = 0;
/** Chunked from upstream to an HTTP/1.0 client: payload only, then close. */
const OUT_DECHUNK = 1;
/** Close-delimited from upstream to an HTTP/1.1 client that stays connected: re-chunked. */
const OUT_ENCHUNK = 2;

function queryApiKey(target: string): string | null {
  const queryStart = target.indexOf('?');
  if (queryStart < 0) return null;
  return new URLSearchParams(target.slice(queryStart + 1)).get('apikey');
}

function statusLine(status: number): string {
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n`;
}

export interface Gateway {
  readonly server: net.Server;
  listen(port: number, host: string, callback: () => void): void;
  /** Stops accepting, closes idle client connections and the others once their response is complete. */
  close(callback: () => void): void;
}

export interface GatewayOptions {
  /**
   * Keep a request's own X-Forwarded-For (its first entry names the client): only for the internal listener,
   * which the stack's own servers call. The public listener always replaces it with the peer address.
   */
  trustForwardedFor: boolean;
}

/** The CLI's Kong serves these auth paths without key-auth: the emailed links' /verify and the OAuth redirects. */
const AUTH_KEY_FREE_PATHS = ['/verify', '/callback', '/authorize'];

/** Whether the request's path (below the route's prefix, without the query) is one of the route's key-free paths. */
function isKeyFree(route: Route, target: string): boolean {
  if (!route.keyFreePaths) return false;
  const rest = target.slice(route.prefix.length);
  const queryStart = rest.indexOf('?');
  return route.keyFreePaths.includes(queryStart === -1 ? rest : rest.slice(0, queryStart));
}

export function createGateway(config: StackConfig, options: GatewayOptions = { trustForwardedFor: false }): Gateway {
  const routes: Route[] = [
    { prefix: '/auth/v1', port: config.ports.auth, requiresApiKey: true, keyFreePaths: AUTH_KEY_FREE_PATHS, gatewayCors: true, bufferResponses: true },
    { prefix: '/rest/v1', port: config.ports.rest, requiresApiKey: true, gatewayCors: true, bufferResponses: true },
    { prefix: '/realtime/v1', port: config.ports.realtime, requiresApiKey: true, gatewayCors: true, bufferResponses: true },
    { prefix: '/functions/v1', port: config.ports.functions, requiresApiKey: false, gatewayCors: false, bufferResponses: false },
    // As the CLI's Kong: Storage checks the JWT itself (signed URLs carry their own token and no apikey).
    { prefix: '/storage/v1', port: config.ports.storage, requiresApiKey: false, gatewayCors: true, bufferResponses: true },
  ].map((route) => ({ ...route, pool: new UpstreamPool(route.port) }));
  const context: GatewayContext = {
    routes,
    validKeys: new Set([config.anonKey, config.serviceRoleKey]),
    trustForwardedFor: options.trustForwardedFor,
    connections: new Set(),
    closing: false,
  };
  const server = net.createServer({ allowHalfOpen: true, noDelay: true }, (socket) => {
    context.connections.add(new ClientConnection(context, socket));
  });
  return {
    server,
    listen(port, host, callback) {
      server.listen(port, host, callback);
    },
    close(callback) {
      context.closing = true;
      server.close(() => callback());
      for (const connection of context.connections) connection.shutdown();
    },
  };
}

interface GatewayContext {
  routes: Route[];
  validKeys: Set<string>;
  /** The internal listener: requests come from the stack's own servers, whose X-Forwarded-For counts. */
  trustForwardedFor: boolean;
  connections: Set<ClientConnection>;
  closing: boolean;
}

/** One client connection and the exchange (request and its response) it currently carries. */
class ClientConnection implements UpstreamOwner {
  private readonly address: string;
  /** Received bytes not handled yet: a partial head, body bytes, or pipelined requests. */
  private pending: Buffer | null = null;
  private phase = READING_HEAD;
  private driving = false;
  private clientEnded = false;
  /** Close the connection once the current response is complete. */
  private closeAfterResponse = false;
  private pausedForUpstream = false;
  private pausedForPipeline = false;
  private readingPaused = false;

  // The current request.
  private exchangeActive = false;
  private request: RequestHead | null = null;
  private route: Route | null = null;
  /** Body bytes go upstream (else they are read and dropped: the gateway answered itself). */
  private bodyToUpstream = false;
  private bodyRemaining = 0;
  private bodyChunked = false;
  private readonly requestScanner = new ChunkedScanner();
  /** The re-encoded chunks of a chunked request body, collected during one takeBody call. */
  private rechunked: Buffer[] = [];
  /** Request bytes waiting for an upstream connection (the route's pool is at its cap). */
  private queued: (Buffer | string)[] | null = null;
  /** The outgoing head of a body-less request, kept to retry it once on a fresh connection. */
  private retryHead: string | null = null;
  private retried = false;
  private upstream: UpstreamConnection | null = null;
  private upstreamWasReused = false;

  // The current response.
  private responseDone = false;
  private responseStarted = false;
  private readingResponseHead = true;
  private responseHeadBuffer: Buffer | null = null;
  private responseFraming = BODY_NONE;
  private responseRemaining = 0;
  private readonly responseScanner = new ChunkedScanner();
  private outMode = OUT_RAW;
  private upstreamReusable = false;
  /** The response head without framing and connection fields and the blank line. */
  private responseHead = '';
  private headSent = false;
  private buffering = false;
  private bufferedChunks: Buffer[] = [];
  private bufferedSize = 0;
  private upstreamPaused = false;

  private readonly writeDecoded = (payload: Buffer): void => {
    if (!this.socket.write(payload)) this.pauseUpstream();
  };

  private readonly rechunkPayload = (payload: Buffer): void => {
    if (payload.length === 0) return;
    this.rechunked.push(Buffer.from(`${payload.length.toString(16)}\r\n`, 'latin1'), payload, CRLF);
  };

  constructor(
    private readonly context: GatewayContext,
    private readonly socket: net.Socket,
  ) {
    this.address = socket.remoteAddress ?? '';
    socket.setTimeout(KEEP_ALIVE_TIMEOUT);
    socket.on('data', this.onData);
    socket.on('end', () => this.onClientEnd());
    socket.on('drain', () => {
      if (this.upstreamPaused) {
        this.upstreamPaused = false;
        this.upstream?.socket.resume();
      }
    });
    socket.on('timeout', () => {
      // Idle between requests, or closing and the client does not hang up: a waiting response may take any time.
      if (!this.exchangeActive || this.phase === CLOSED) socket.destroy();
    });
    socket.on('error', () => {
      // 'close' follows and does the cleanup.
    });
    socket.on('close', () => this.onClientClose());
  }

  /** Ends the connection now if idle, else after the current response. */
  shutdown(): void {
    if (this.exchangeActive && this.phase !== UPGRADED && this.phase !== CLOSED) this.closeAfterResponse = true;
    else this.socket.destroy();
  }

  private readonly onData = (chunk: Buffer): void => {
    if (this.phase === CLOSED) return;
    this.pending = this.pending === null ? chunk : Buffer.concat([this.pending, chunk]);
    if (!this.driving) this.drive();
  };

  /** Handles buffered input as far as the current state allows. */
  private drive(): void {
    this.driving = true;
    try {
      while (this.pending !== null) {
        if (this.phase === READING_HEAD) {
          if (!this.readHead()) return;
        } else if (this.phase === READING_BODY) {
          this.forwardBody(this.takeBody());
        } else {
          // BODY_DONE: pipelined bytes wait for the response; UPGRADED/CLOSED: nothing more to read.
          if (this.phase === BODY_DONE && this.pending.length > PIPELINE_BUFFER_LIMIT) {
            this.pausedForPipeline = true;
            this.updateReading();
          }
          return;
        }
      }
    } finally {
      this.driving = false;
    }
  }

  /** Parses the next request head if complete; false when more bytes are needed or the connection ended. */
  private readHead(): boolean {
    const pending = this.pending!;
    let start = 0;
    // Empty lines before a request line are ignored (RFC 9112 §2.2).
    while (start + 1 < pending.length && pending[start] === 13 && pending[start + 1] === 10) start += 2;
    const end = pending.indexOf(HEAD_END, start);
    if (end < 0 || end - start > MAX_REQUEST_HEAD) {
      if (pending.length - start > MAX_REQUEST_HEAD) {
        this.refuse(431);
        return false;
      }
      if (start > 0) this.pending = start < pending.length ? pending.subarray(start) : null;
      return false;
    }
    const text = pending.toString('latin1', start, end);
    this.pending = end + 4 < pending.length ? pending.subarray(end + 4) : null;
    let head: RequestHead;
    try {
      head = parseRequestHead(text);
    } catch (error) {
      this.refuse(error instanceof HeadError ? error.status : 400);
      return false;
    }
    this.beginRequest(head);
    return this.phase !== CLOSED && this.phase !== UPGRADED;
  }

  private beginRequest(head: RequestHead): void {
    this.exchangeActive = true;
    this.request = head;
    this.route = null;
    this.closeAfterResponse = head.connectionClose || head.minorVersion === 0 || this.clientEnded || this.context.closing;
    this.bodyChunked = head.chunked;
    this.bodyRemaining = head.chunked ? 0 : Math.max(head.contentLength, 0);
    if (head.chunked) this.requestScanner.reset();
    this.phase = head.chunked || this.bodyRemaining > 0 ? READING_BODY : BODY_DONE;
    this.bodyToUpstream = false;
    this.retryHead = null;
    this.retried = false;
    this.responseDone = false;
    this.responseStarted = false;
    this.readingResponseHead = true;
    this.responseHeadBuffer = null;
    this.headSent = false;
    this.buffering = false;

    if (head.upgrade) {
      this.upgrade(head);
      return;
    }
    const route = this.match(head.target);
    if (route === null) {
      this.answer(404, NO_ROUTE);
      return;
    }
    this.route = route;
    if (route.gatewayCors && head.method === 'OPTIONS' && head.corsRequestMethod) {
      this.answerPreflight(head);
      return;
    }
    const apiKey = head.apiKey ?? queryApiKey(head.target);
    if (route.requiresApiKey && !isKeyFree(route, head.target)) {
      if (!apiKey) return this.answer(401, NO_API_KEY);
      if (!this.context.validKeys.has(apiKey)) return this.answer(401, INVALID_API_KEY);
    }
    if (carriesTokenWithoutExpiry(head.authorization, apiKey)) return this.answer(401, TOKEN_WITHOUT_EXPIRY_BODY, `www-authenticate: ${TOKEN_WITHOUT_EXPIRY_CHALLENGE}\r\n`);
    this.forwardRequest(head, route, apiKey);
  }

  private match(target: string): Route | null {
    for (const route of this.context.routes) {
      const length = route.prefix.length;
      if (target.startsWith(route.prefix) && (target.length === length || target[length] === '/' || target[length] === '?')) return route;
    }
    return null;
  }

  /**
   * X-Forwarded-For and X-Real-IP for the upstream: the peer address, unless this is the internal listener
   * and the request names a valid client address first in its own X-Forwarded-For.
   */
  private clientAddressFields(head: RequestHead): string {
    if (this.context.trustForwardedFor && head.forwardedFor !== null) {
      const client = head.forwardedFor.split(',')[0]!.trim();
      if (net.isIP(client) !== 0) return `x-forwarded-for: ${head.forwardedFor}, ${this.address}\r\nx-real-ip: ${client}\r\n`;
    }
    return `x-forwarded-for: ${this.address}\r\nx-real-ip: ${this.address}\r\n`;
  }

  private static upstreamPath(target: string, route: Route): string {
    const rest = target.slice(route.prefix.length);
    return rest.startsWith('/') ? rest : `/${rest}`;
  }

  private forwardRequest(head: RequestHead, route: Route, apiKey: string | null): void {
    let out = `${head.method} ${ClientConnection.upstreamPath(head.target, route)} HTTP/1.1\r\n`;
    const raw = head.rawHeaders;
    const names = head.lowerNames;
    const connectionNamed = head.connectionNamed;
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      if (REPLACED_REQUEST_HEADERS.has(name) || (connectionNamed !== null && connectionNamed.includes(name))) continue;
      out += `${raw[2 * i]}: ${raw[2 * i + 1]}\r\n`;
    }
    // Kong's rule: without an Authorization header the API key is the bearer token.
    if (!head.authorization && apiKey && this.context.validKeys.has(apiKey)) out += `authorization: Bearer ${apiKey}\r\n`;
    if (head.chunked) out += 'transfer-encoding: chunked\r\n';
    out += `${this.clientAddressFields(head)}x-forwarded-host: ${head.host ?? ''}\r\nx-forwarded-proto: http\r\nx-forwarded-prefix: ${route.prefix}\r\n\r\n`;

    this.bodyToUpstream = true;
    const body = this.takeBody();
    if (this.phase === CLOSED) return;
    let first: Buffer | string = out;
    if (body !== null) {
      // Head and the body received with it go out in one write.
      const combined = Buffer.allocUnsafe(out.length + body.length);
      combined.write(out, 0, 'latin1');
      body.copy(combined, out.length);
      first = combined;
    } else if (this.phase === BODY_DONE) this.retryHead = out;
    const connection = route.pool.acquire(this);
    if (connection === null) {
      this.queued = [first];
      this.pausedForUpstream = true;
      this.updateReading();
      return;
    }
    this.attach(connection);
    this.writeUpstream(first);
  }

  private attach(connection: UpstreamConnection): void {
    this.upstream = connection;
    this.upstreamWasReused = connection.reused;
  }

  private writeUpstream(data: Buffer | string): void {
    const ok = typeof data === 'string' ? this.upstream!.socket.write(data, 'latin1') : this.upstream!.socket.write(data);
    if (!ok && !this.pausedForUpstream) {
      this.pausedForUpstream = true;
      this.updateReading();
    }
  }

  /** Takes the body bytes available now from `pending`; moves to BODY_DONE at the body's end. */
  private takeBody(): Buffer | null {
    const pending = this.pending;
    if (this.phase !== READING_BODY || pending === null) return null;
    let end: number;
    if (!this.bodyChunked) {
      end = Math.min(this.bodyRemaining, pending.length);
      this.bodyRemaining -= end;
      if (this.bodyRemaining === 0) this.phase = BODY_DONE;
    } else {
      // The upstream gets the payload in chunks of the gateway's own making: what the client framed
      // (sizes, extensions, trailers) never reaches it, so it cannot read the body differently.
      this.rechunked = [];
      const scanned = this.requestScanner.scan(pending, 0, this.rechunkPayload);
      if (scanned === MALFORMED) {
        this.pending = null;
        this.rechunked = [];
        this.failRequestBody();
        return null;
      }
      if (scanned === NEED_MORE) end = pending.length;
      else {
        end = scanned;
        this.phase = BODY_DONE;
        this.rechunked.push(LAST_CHUNK);
      }
      this.pending = end < pending.length ? pending.subarray(end) : null;
      const chunks = this.rechunked;
      this.rechunked = [];
      if (chunks.length === 0) return null;
      return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    }
    this.pending = end < pending.length ? pending.subarray(end) : null;
    return end === pending.length ? pending : pending.subarray(0, end);
  }

  private forwardBody(body: Buffer | null): void {
    if (body !== null && this.bodyToUpstream) {
      if (this.upstream !== null) this.writeUpstream(body);
      else if (this.queued !== null) this.queued.push(body);
    }
    if (this.phase === BODY_DONE && this.responseDone) this.finishExchange();
  }

  /** A malformed chunked request body: nothing after it on this connection can be trusted. */
  private failRequestBody(): void {
    this.dropUpstream();
    if (!this.headSent && !this.responseDone) this.refuse(400);
    else this.destroy();
  }

  // ---- Answers from the gateway itself ----

  /** The gateway's own answers (no route, key refused, part down) carry CORS so browsers can read them. */
  private answer(status: number, payload: string, extraHeaders = ''): void {
    this.bodyToUpstream = false;
    // A client waiting for 100 Continue would never send the body the connection expects next.
    if (this.phase === READING_BODY && this.request?.expectContinue) this.closeAfterResponse = true;
    this.socket.write(
      `${statusLine(status)}content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(payload)}\r\naccess-control-allow-origin: *\r\n${extraHeaders}${this.closeAfterResponse ? 'connection: close\r\n' : ''}\r\n${payload}`,
    );
    this.headSent = true;
    this.responseComplete();
  }

  private answerPreflight(head: RequestHead): void {
    this.socket.write(
      `${statusLine(200)}access-control-allow-origin: *\r\naccess-control-allow-methods: ${CORS_ALLOW_METHODS}\r\naccess-control-allow-headers: ${head.corsRequestHeaders ?? '*'}\r\naccess-control-max-age: 3600\r\ncontent-length: 0\r\n${this.closeAfterResponse ? 'connection: close\r\n' : ''}\r\n`,
      'latin1',
    );
    this.headSent = true;
    this.responseComplete();
  }

  /** A request the gateway cannot read: answered and the connection closed. */
  private refuse(status: number): void {
    const payload = JSON.stringify({ message: STATUS_CODES[status] ?? 'Bad Request' });
    this.phase = CLOSED;
    this.pending = null;
    this.socket.end(
      `${statusLine(status)}content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(payload)}\r\naccess-control-allow-origin: *\r\nconnection: close\r\n\r\n${payload}`,
    );
  }

  // ---- The response from upstream ----

  onUpstreamAssigned(connection: UpstreamConnection): void {
    if (this.phase === CLOSED || this.queued === null) {
      connection.pool.release(connection);
      return;
    }
    this.attach(connection);
    const queued = this.queued;
    this.queued = null;
    this.pausedForUpstream = false;
    connection.socket.cork();
    for (const data of queued) this.writeUpstream(data);
    connection.socket.uncork();
    this.updateReading();
  }

  onUpstreamData(chunk: Buffer): void {
    this.responseStarted = true;
    if (!this.readingResponseHead) {
      this.responseBody(chunk);
      return;
    }
    let buffer = this.responseHeadBuffer === null ? chunk : Buffer.concat([this.responseHeadBuffer, chunk]);
    for (;;) {
      const end = buffer.indexOf(HEAD_END);
      if (end < 0) {
        if (buffer.length > MAX_RESPONSE_HEAD) this.upstreamBroken();
        else this.responseHeadBuffer = buffer;
        return;
      }
      let head: ResponseHead;
      try {
        head = parseResponseHead(buffer.toString('latin1', 0, end));
      } catch {
        this.upstreamBroken();
        return;
      }
      const rest = end + 4 < buffer.length ? buffer.subarray(end + 4) : null;
      if (head.status >= 200) {
        this.responseHeadBuffer = null;
        this.readingResponseHead = false;
        this.startResponse(head, rest !== null);
        if (rest !== null && this.upstream !== null) this.responseBody(rest);
        return;
      }
      // 101 only answers an upgrade, which never takes this path.
      if (head.status === 101) {
        this.upstreamBroken();
        return;
      }
      // Interim answers (100 Continue, 103 Early Hints) go to the client as they are.
      if (this.request!.minorVersion === 1) this.socket.write(buffer.subarray(0, end + 4));
      if (rest === null) {
        this.responseHeadBuffer = null;
        return;
      }
      buffer = rest;
    }
  }

  private startResponse(response: ResponseHead, bodyBytesFollow: boolean): void {
    const request = this.request!;
    const route = this.route!;
    if (responseHasNoBody(request.method, response.status)) this.responseFraming = BODY_NONE;
    else if (response.chunked) this.responseFraming = BODY_CHUNKED;
    else if (response.contentLength >= 0) {
      this.responseFraming = response.contentLength === 0 ? BODY_NONE : BODY_LENGTH;
      this.responseRemaining = response.contentLength;
    } else this.responseFraming = BODY_UNTIL_CLOSE;
    this.upstreamReusable =
      !response.connectionClose &&
      (response.minorVersion === 1 || response.connectionKeepAlive) &&
      this.responseFraming !== BODY_UNTIL_CLOSE &&
      // Bytes after a body-less response: the connection is out of step.
      !(this.responseFraming === BODY_NONE && bodyBytesFollow) &&
      // A connection that carried a chunked request is not trusted with another client's request.
      !request.chunked;
    // The response is not waiting for the rest of the request: the connection cannot carry another.
    if (this.phase === READING_BODY) this.closeAfterResponse = true;

    let head = `HTTP/1.1 ${response.statusText}\r\n`;
    let hasAllowOrigin = false;
    const raw = response.rawHeaders;
    const names = response.lowerNames;
    const connectionNamed = response.connectionNamed;
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      if (HOP_BY_HOP.has(name) || (connectionNamed !== null && connectionNamed.includes(name))) continue;
      // Transfer-Encoding overrides Content-Length (RFC 9112 §6.3).
      if (response.chunked && name === 'content-length') continue;
      if (name === 'access-control-allow-origin') hasAllowOrigin = true;
      head += `${raw[2 * i]}: ${raw[2 * i + 1]}\r\n`;
    }
    if (route.gatewayCors && request.origin && !hasAllowOrigin) {
      head += `access-control-allow-origin: *\r\naccess-control-expose-headers: ${CORS_EXPOSE_HEADERS}\r\n`;
    }
    this.outMode = OUT_RAW;
    if (this.responseFraming === BODY_CHUNKED && request.minorVersion === 0) this.outMode = OUT_DECHUNK;
    else if (this.responseFraming === BODY_UNTIL_CLOSE && request.minorVersion === 1 && !this.closeAfterResponse) this.outMode = OUT_ENCHUNK;
    if (this.outMode === OUT_DECHUNK || (this.responseFraming === BODY_UNTIL_CLOSE && this.outMode === OUT_RAW)) this.closeAfterResponse = true;
    if (this.responseFraming === BODY_CHUNKED) this.responseScanner.reset();
    this.responseHead = head;

    if (this.responseFraming === BODY_NONE) {
      this.socket.write(this.finishHead(''), 'latin1');
      this.responseFinished();
      return;
    }
    this.buffering = route.bufferResponses && this.outMode !== OUT_DECHUNK;
    if (this.buffering) {
      this.bufferedChunks = [];
      this.bufferedSize = 0;
    } else this.socket.write(this.finishHead(this.streamingFraming()), 'latin1');
  }

  /** The framing field of a response sent as it arrives. */
  private streamingFraming(): string {
    if (this.outMode === OUT_ENCHUNK || (this.responseFraming === BODY_CHUNKED && this.outMode === OUT_RAW)) return 'transfer-encoding: chunked\r\n';
    return '';
  }

  private finishHead(framing: string): string {
    this.headSent = true;
    return `${this.responseHead}${framing}${this.closeAfterResponse ? 'connection: close\r\n' : ''}\r\n`;
  }

  private responseBody(chunk: Buffer): void {
    let body = chunk;
    let done = false;
    if (this.responseFraming === BODY_LENGTH) {
      const take = Math.min(this.responseRemaining, chunk.length);
      this.responseRemaining -= take;
      done = this.responseRemaining === 0;
      if (take < chunk.length) {
        // Bytes past the response: the connection is out of step.
        this.upstreamReusable = false;
        body = chunk.subarray(0, take);
      }
    } else if (this.responseFraming === BODY_CHUNKED) {
      const scanned = this.responseScanner.scan(chunk, 0, this.outMode === OUT_DECHUNK ? this.writeDecoded : undefined);
      if (scanned === MALFORMED) {
        this.upstreamBroken();
        return;
      }
      if (scanned !== NEED_MORE) {
        done = true;
        if (this.responseScanner.unusualFraming) this.upstreamReusable = false;
        if (scanned < chunk.length) {
          this.upstreamReusable = false;
          body = chunk.subarray(0, scanned);
        }
      }
      if (this.outMode === OUT_DECHUNK) {
        if (done) this.responseFinished();
        return;
      }
    }
    if (this.buffering) {
      this.bufferedChunks.push(body);
      this.bufferedSize += body.length;
      if (done) this.flushBuffered(this.responseFraming === BODY_CHUNKED ? 'transfer-encoding: chunked\r\n' : '');
      else if (this.bufferedSize > RESPONSE_BUFFER_LIMIT) this.flushBuffered(this.streamingFraming());
    } else this.writeBody(body);
    if (done) this.responseFinished();
  }

  /** Sends the held head and body in one write; afterwards the response streams. */
  private flushBuffered(framing: string): void {
    const head = this.finishHead(framing);
    const chunks = this.bufferedChunks;
    this.buffering = false;
    this.bufferedChunks = [];
    const streaming = this.outMode === OUT_ENCHUNK;
    if (streaming) {
      this.socket.write(head, 'latin1');
      for (const chunk of chunks) this.writeBody(chunk);
      return;
    }
    const out = Buffer.allocUnsafe(head.length + this.bufferedSize);
    let offset = out.write(head, 0, 'latin1');
    for (const chunk of chunks) offset += chunk.copy(out, offset);
    if (!this.socket.write(out)) this.pauseUpstream();
  }

  private writeBody(body: Buffer): void {
    let ok: boolean;
    if (this.outMode === OUT_ENCHUNK) {
      if (body.length === 0) return;
      this.socket.cork();
      this.socket.write(`${body.length.toString(16)}\r\n`, 'latin1');
      this.socket.write(body);
      ok = this.socket.write('\r\n', 'latin1');
      this.socket.uncork();
    } else ok = this.socket.write(body);
    if (!ok) this.pauseUpstream();
  }

  private pauseUpstream(): void {
    if (this.upstream !== null && !this.upstreamPaused) {
      this.upstreamPaused = true;
      this.upstream.socket.pause();
    }
  }

  onUpstreamEnd(): void {
    if (this.readingResponseHead || this.responseFraming !== BODY_UNTIL_CLOSE) return;
    // A close-delimited response is complete.
    if (this.buffering) {
      this.outMode = OUT_RAW;
      if (this.closeAfterResponse) this.flushBuffered('');
      else this.flushBuffered(`content-length: ${this.bufferedSize}\r\n`);
    } else if (this.outMode === OUT_ENCHUNK) this.socket.write('0\r\n\r\n', 'latin1');
    this.responseFinished();
  }

  onUpstreamClose(): void {
    // Still the owner: the response did not complete.
    this.upstream = null;
    this.upstreamPaused = false;
    if (!this.responseStarted && this.upstreamWasReused && this.retryHead !== null && !this.retried && this.phase !== CLOSED) {
      // The upstream closed an idle keep-alive connection just as it was reused: try once on a new one.
      this.retried = true;
      const connection = this.route!.pool.acquireFresh(this);
      if (connection === null) {
        this.queued = [this.retryHead];
        return;
      }
      this.attach(connection);
      this.writeUpstream(this.retryHead);
      return;
    }
    this.upstreamFailed();
  }

  onUpstreamDrain(): void {
    if (this.pausedForUpstream && this.queued === null) {
      this.pausedForUpstream = false;
      this.updateReading();
    }
  }

  /** The upstream sent something that is not HTTP: its connection is dropped. */
  private upstreamBroken(): void {
    this.dropUpstream();
    this.upstreamFailed();
  }

  /** The part is down, restarting or misbehaving: answer as Kong does rather than hanging the client. */
  private upstreamFailed(): void {
    if (this.phase === CLOSED) return;
    if (this.headSent) {
      this.destroy();
      return;
    }
    if (this.phase === READING_BODY) this.closeAfterResponse = true;
    this.answer(502, UPSTREAM_FAILED);
  }

  private dropUpstream(): void {
    const upstream = this.upstream;
    this.upstream = null;
    this.upstreamPaused = false;
    if (upstream !== null) upstream.pool.discard(upstream);
  }

  /** The upstream's response has been passed on completely. */
  private responseFinished(): void {
    const upstream = this.upstream;
    this.upstream = null;
    if (upstream !== null) {
      if (this.upstreamPaused) {
        this.upstreamPaused = false;
        upstream.socket.resume();
      }
      if (this.upstreamReusable && this.phase !== READING_BODY) upstream.pool.release(upstream);
      else upstream.pool.discard(upstream);
    }
    this.responseComplete();
  }

  private responseComplete(): void {
    this.responseDone = true;
    if (this.phase === BODY_DONE) this.finishExchange();
    else if (this.phase === READING_BODY && this.closeAfterResponse) this.endClient();
  }

  private finishExchange(): void {
    this.exchangeActive = false;
    this.request = null;
    this.route = null;
    this.retryHead = null;
    this.bufferedChunks = [];
    if (this.closeAfterResponse || this.clientEnded) {
      this.endClient();
      return;
    }
    this.phase = READING_HEAD;
    this.pausedForPipeline = false;
    this.pausedForUpstream = false;
    this.updateReading();
    if (this.pending !== null && !this.driving) this.drive();
  }

  private updateReading(): void {
    const pause = this.pausedForUpstream || this.pausedForPipeline;
    if (pause === this.readingPaused) return;
    this.readingPaused = pause;
    if (pause) this.socket.pause();
    else this.socket.resume();
  }

  private endClient(): void {
    this.phase = CLOSED;
    this.pending = null;
    this.dropUpstream();
    this.socket.end();
  }

  private destroy(): void {
    this.phase = CLOSED;
    this.pending = null;
    this.dropUpstream();
    this.socket.destroy();
  }

  private onClientEnd(): void {
    this.clientEnded = true;
    if (this.phase === UPGRADED || this.phase === CLOSED) return;
    if (!this.exchangeActive) this.endClient();
    // A request cut short can never be completed.
    else if (this.phase === READING_BODY) this.destroy();
    else this.closeAfterResponse = true;
  }

  private onClientClose(): void {
    this.context.connections.delete(this);
    if (this.phase === UPGRADED) return;
    this.phase = CLOSED;
    this.pending = null;
    if (this.queued !== null && this.route !== null) {
      this.route.pool.cancel(this);
      this.queued = null;
    }
    this.dropUpstream();
  }

  // ---- WebSocket upgrade: after the head, both sockets are one raw pipe ----

  private upgrade(head: RequestHead): void {
    const route = this.match(head.target);
    if (route === null || route.prefix !== '/realtime/v1') return this.refuseUpgrade(404, NO_ROUTE);
    const apiKey = head.apiKey ?? queryApiKey(head.target);
    if (!apiKey) return this.refuseUpgrade(401, NO_API_KEY);
    if (!this.context.validKeys.has(apiKey)) return this.refuseUpgrade(401, INVALID_API_KEY);
    if (carriesTokenWithoutExpiry(head.authorization, apiKey)) return this.refuseUpgrade(401, TOKEN_WITHOUT_EXPIRY_BODY);
    // After the head the connection is a raw pipe: a body would reach the upstream unframed.
    if (head.chunked || head.contentLength > 0) return this.refuseUpgrade(400, UPGRADE_WITH_BODY);

    this.phase = UPGRADED;
    const socket = this.socket;
    socket.removeListener('data', this.onData);
    socket.setTimeout(0);
    let out = `${head.method} ${ClientConnection.upstreamPath(head.target, route)} HTTP/1.1\r\n`;
    for (let i = 0; i < head.lowerNames.length; i++) {
      if (!REPLACED_UPGRADE_HEADERS.has(head.lowerNames[i]!)) out += `${head.rawHeaders[2 * i]}: ${head.rawHeaders[2 * i + 1]}\r\n`;
    }
    out += `${this.clientAddressFields(head)}\r\n`;
    const upstream = net.connect({ host: '127.0.0.1', port: route.port, noDelay: true });
    upstream.write(out, 'latin1');
    if (this.pending !== null) upstream.write(this.pending);
    this.pending = null;
    upstream.pipe(socket);
    socket.pipe(upstream);
    let refused = false;
    upstream.once('error', () => {
      if (upstream.connecting) {
        refused = true;
        upstream.unpipe(socket);
        socket.unpipe(upstream);
        this.refuseUpgrade(502, UPSTREAM_FAILED);
      } else socket.destroy();
    });
    socket.once('close', () => upstream.destroy());
    upstream.once('close', () => {
      if (!refused) socket.destroy();
    });
  }

  private refuseUpgrade(status: number, payload: string): void {
    this.phase = CLOSED;
    this.pending = null;
    this.socket.end(
      `${statusLine(status)}content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\naccess-control-allow-origin: *\r\nconnection: close\r\n\r\n${payload}`,
    );
  }
}
