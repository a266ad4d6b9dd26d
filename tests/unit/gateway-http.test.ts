/**
 * The gateway's own HTTP/1.1 framing: the head parser and chunked scanner on their own, then the proxy
 * between a raw client socket and a scripted upstream (no stack), with messages split across packets.
 */
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/src/config.ts';
import { createGateway, type Gateway } from '../../supabase/local/src/gateway/gateway.ts';
import { ChunkedScanner, HeadError, MALFORMED, NEED_MORE, parseRequestHead, parseResponseHead } from '../../supabase/local/src/gateway/http-parser.ts';
import { carriesTokenWithoutExpiry, isTokenWithoutExpiry } from '../../supabase/local/src/gateway/jwt-expiry.ts';
import { signJwt } from '../../supabase/local/src/jwt.ts';

describe('request head parser', () => {
  it('reads the request line, fields and what frames the body', () => {
    const head = parseRequestHead('POST /rest/v1/x?a=1 HTTP/1.1\r\nHost: h\r\napikey: k\r\nContent-Length: 12\r\nConnection: keep-alive, X-Private\r\nX-Private: 1');
    expect(head).toMatchObject({ method: 'POST', target: '/rest/v1/x?a=1', minorVersion: 1, host: 'h', apiKey: 'k', contentLength: 12, chunked: false, connectionKeepAlive: true, connectionNamed: ['x-private'] });
    expect(head.rawHeaders).toEqual(['Host', 'h', 'apikey', 'k', 'Content-Length', '12', 'Connection', 'keep-alive, X-Private', 'X-Private', '1']);
  });

  it.each([
    ['both Content-Length and Transfer-Encoding', 'POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked', 400],
    ['differing Content-Lengths', 'POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 4', 400],
    ['a folded field', 'GET / HTTP/1.1\r\nHost: h\r\nX-A: 1\r\n  2', 400],
    ['no Host in HTTP/1.1', 'GET / HTTP/1.1\r\nAccept: */*', 400],
    ['a space in a field name', 'GET / HTTP/1.1\r\nHost: h\r\nBad Name: 1', 400],
    ['an unknown version', 'GET / HTTP/2.0\r\nHost: h', 400],
    ['an unsupported transfer coding', 'POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, chunked', 501],
  ])('refuses %s', (_case, text, status) => {
    expect(() => parseRequestHead(text)).toThrow(HeadError);
    try {
      parseRequestHead(text);
    } catch (error) {
      expect((error as HeadError).status).toBe(status);
    }
  });

  it('reads a response status line and its framing', () => {
    const head = parseResponseHead('HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\nConnection: close');
    expect(head).toMatchObject({ status: 404, statusText: '404 Not Found', chunked: true, connectionClose: true });
  });
});

describe('request head parser against smuggling (RFC 9112 §6.1, §6.3, §5.2)', () => {
  const statusOf = (text: string): number => {
    try {
      parseRequestHead(text);
    } catch (error) {
      if (error instanceof HeadError) return error.status;
      throw error;
    }
    return 0;
  };

  it.each([
    ['CL.TE: Content-Length then Transfer-Encoding', 'POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 6\r\nTransfer-Encoding: chunked', 400],
    ['TE.CL: Transfer-Encoding then Content-Length', 'POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nContent-Length: 6', 400],
    ['a repeated, equal Content-Length', 'POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\nContent-Length: 4', 400],
    ['a Content-Length list', 'POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 4, 4', 400],
    ['a signed Content-Length', 'POST / HTTP/1.1\r\nHost: h\r\nContent-Length: +4', 400],
    ['a Content-Length padded with a non-breaking space', 'POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \xa04', 400],
    ['a Transfer-Encoding padded with a vertical tab', 'POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\x0b', 400],
    ['chunked in an HTTP/1.0 request', 'POST / HTTP/1.0\r\nTransfer-Encoding: chunked', 400],
    ['a field folded onto the next line (obs-fold)', 'POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nX-A: 1\r\n Transfer-Encoding: chunked', 400],
    ['a first field line that starts with whitespace', 'POST / HTTP/1.1\r\n Transfer-Encoding: chunked\r\nHost: h', 400],
    ['whitespace between a field name and its colon', 'POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding : chunked', 400],
    ['two Authorization fields', 'GET / HTTP/1.1\r\nHost: h\r\nAuthorization: Bearer a\r\nAuthorization: Bearer b', 400],
    ['two apikey fields', 'GET / HTTP/1.1\r\nHost: h\r\napikey: a\r\napikey: b', 400],
    ['Transfer-Encoding chunked twice in one field', 'POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked, chunked', 501],
    ['Transfer-Encoding chunked in two fields', 'POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked', 501],
    ['Transfer-Encoding identity', 'POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: identity', 501],
    ['Transfer-Encoding with a parameter', 'POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked;q=1', 501],
    ['a Transfer-Encoding that only contains chunked', 'POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: xchunked', 501],
  ])('refuses %s', (_case, text, status) => {
    expect(statusOf(text)).toBe(status);
  });

  it('accepts exactly chunked, in any letter case, and keeps an Authorization value', () => {
    const head = parseRequestHead('POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: Chunked\r\nAuthorization: Bearer a.b.c');
    expect(head).toMatchObject({ chunked: true, contentLength: -1, authorization: 'Bearer a.b.c' });
  });
});

describe('chunked scanner against smuggling', () => {
  const scan = (text: string) => {
    const scanner = new ChunkedScanner();
    return { result: scanner.scan(Buffer.from(text, 'latin1'), 0), scanner };
  };

  it.each([
    ['an empty size', '\r\n'],
    ['a 0x prefix', '0x5\r\nhello\r\n0\r\n\r\n'],
    ['a sign', '+5\r\nhello\r\n0\r\n\r\n'],
    ['a negative size', '-1\r\n'],
    ['two sizes on one line', '5 5\r\nhello\r\n0\r\n\r\n'],
    ['a size ending in a bare LF', '5\nhello\r\n0\r\n\r\n'],
    ['a size ending in a bare CR', '5\rhello\r\n0\r\n\r\n'],
    ['a size over 12 hex digits', '1000000000000\r\n'],
    ['a control character in an extension', '5;a\x00b\r\nhello\r\n0\r\n\r\n'],
    ['a chunk longer than its size', '3\r\nhello\r\n0\r\n\r\n'],
    ['a request line in the trailer section', '0\r\nGET /admin HTTP/1.1\r\nHost: h\r\n\r\n'],
    ['a folded trailer line', '0\r\nX-A: 1\r\n folded\r\n\r\n'],
    ['a trailer line without a name', '0\r\n: 1\r\n\r\n'],
    ['a trailer line without a colon', '0\r\nX-A\r\n\r\n'],
    ['a bare CR in a trailer value', '0\r\nX-A: 1\rGET / HTTP/1.1\r\n\r\n'],
    ['a bare LF in a trailer value', '0\r\nX-A: 1\nGET / HTTP/1.1\r\n\r\n'],
  ])('refuses %s', (_case, text) => {
    expect(scan(text).result).toBe(MALFORMED);
  });

  it('accepts well-formed trailer fields and extensions but flags them as unusual', () => {
    const plain = scan('5\r\nhello\r\n0\r\n\r\n');
    expect(plain.result).toBe(15);
    expect(plain.scanner.unusualFraming).toBe(false);
    const trailer = scan('5\r\nhello\r\n0\r\nX-Checksum: abc\r\n\r\n');
    expect(trailer.result).toBe(32);
    expect(trailer.scanner.unusualFraming).toBe(true);
    const extension = scan('5 ;name=value\r\nhello\r\n0\r\n\r\n');
    expect(extension.result).toBeGreaterThan(0);
    expect(extension.scanner.unusualFraming).toBe(true);
  });
});

describe('chunked scanner', () => {
  const body = Buffer.from('5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nTrailer-A: 1\r\n\r\nNEXT');
  const end = body.length - 4;

  it('finds the end of a body fed one byte at a time, and decodes the payload', () => {
    const scanner = new ChunkedScanner();
    const payload: Buffer[] = [];
    for (let i = 0; i < body.length; i++) {
      const result = scanner.scan(body.subarray(i, i + 1), 0, (data) => payload.push(Buffer.from(data)));
      if (i < end - 1) expect(result).toBe(NEED_MORE);
      else {
        expect(result).toBe(1);
        break;
      }
    }
    expect(Buffer.concat(payload).toString()).toBe('hello world');
  });

  it('finds the end inside a larger buffer', () => {
    expect(new ChunkedScanner().scan(body, 0)).toBe(end);
  });

  it('refuses a chunk without its CRLF', () => {
    expect(new ChunkedScanner().scan(Buffer.from('3\r\nabcX\r\n'), 0)).toBe(MALFORMED);
    expect(new ChunkedScanner().scan(Buffer.from('zz\r\n'), 0)).toBe(MALFORMED);
  });
});

/**
 * A scripted upstream: what a connection received since `respond` last returned true is handed to
 * `respond`, which answers and returns true once it has consumed a request.
 */
interface Upstream {
  server: net.Server;
  port: number;
  connections: number;
  received: string[];
  respond: (socket: net.Socket, text: string) => boolean;
}

async function startUpstream(): Promise<Upstream> {
  const upstream: Upstream = { server: net.createServer(), port: 0, connections: 0, received: [], respond: () => true };
  upstream.server.on('connection', (socket) => {
    upstream.connections++;
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      upstream.received.push(chunk.toString('latin1'));
      if (upstream.respond(socket, text)) text = '';
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => upstream.server.listen(0, '127.0.0.1', resolve));
  upstream.port = (upstream.server.address() as net.AddressInfo).port;
  return upstream;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 15));

/** Writes `pieces` as separate packets and returns what the gateway sent back once `done` holds (or it closed). */
async function exchange(pieces: (string | Buffer)[], done: (text: string) => boolean, socket?: net.Socket): Promise<{ text: string; closed: boolean; socket: net.Socket }> {
  const client = socket ?? net.connect({ port: gatewayPort, host: '127.0.0.1', noDelay: true });
  let text = '';
  let closed = false;
  const finished = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (done(text)) finish();
    };
    const finish = () => {
      client.off('data', onData);
      client.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      closed = true;
      finish();
    };
    client.on('data', onData);
    client.on('close', onClose);
  });
  for (const piece of pieces) {
    client.write(piece);
    await pause();
  }
  await finished;
  return { text, closed, socket: client };
}

function closedOnceRead(socket: net.Socket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve();
    socket.on('close', () => resolve());
    socket.resume();
  });
}

const config = loadConfig({});
const apiKey = config.anonKey;
let gateway: Gateway;
let gatewayPort = 0;
let rest: Upstream;
let functions: Upstream;
let realtime: Upstream;
let downPort = 0;

beforeAll(async () => {
  rest = await startUpstream();
  functions = await startUpstream();
  realtime = await startUpstream();
  // A port nothing listens on: a part that is down.
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  downPort = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  gateway = createGateway({ ...config, ports: { ...config.ports, rest: rest.port, functions: functions.port, realtime: realtime.port, auth: downPort } });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayPort = (gateway.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => gateway.close(resolve));
  rest.server.close();
  functions.server.close();
  realtime.server.close();
});

afterEach(() => {
  rest.received = [];
  functions.received = [];
  realtime.received = [];
});

const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: gw\r\napikey: ${apiKey}\r\n${extra}\r\n`;
const endsWithChunkedEnd = (text: string) => text.endsWith('0\r\n\r\n');

describe('gateway framing', () => {
  it('forwards a request with the prefix stripped and the gateway fields, and a chunked answer split across packets', async () => {
    rest.respond = (socket, text) => {
      if (!text.endsWith('\r\n\r\n')) return false;
      void (async () => {
        for (const piece of ['HTTP/1.1 200 OK\r\nContent-', 'Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1', '0\r\n[{"id":4200000}]\r', '\n0\r\n', '\r\n']) {
          socket.write(piece);
          await pause();
        }
      })();
      return true;
    };
    const { text, socket } = await exchange([get('/rest/v1/items?id=eq.42')], endsWithChunkedEnd);
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(text.toLowerCase()).toContain('transfer-encoding: chunked\r\n');
    expect(text).toContain('\r\n\r\n10\r\n[{"id":4200000}]\r\n0\r\n\r\n');
    const request = rest.received.join('');
    expect(request).toMatch(/^GET \/items\?id=eq\.42 HTTP\/1\.1\r\n/);
    expect(request).toContain(`authorization: Bearer ${apiKey}\r\n`);
    expect(request).toContain('x-forwarded-for: 127.0.0.1\r\nx-real-ip: 127.0.0.1\r\nx-forwarded-host: gw\r\nx-forwarded-proto: http\r\nx-forwarded-prefix: /rest/v1\r\n');
    socket.destroy();
  });

  it('forwards a Content-Length body arriving in pieces and a Content-Length answer split across packets, on a reused upstream connection', async () => {
    rest.respond = (socket, text) => {
      if (!text.endsWith('hello world')) return false;
      void (async () => {
        for (const piece of ['HTTP/1.1 201 Created\r\nContent-Length: 11\r\n\r\nabc', 'defgh', 'ijk']) {
          socket.write(piece);
          await pause();
        }
      })();
      return true;
    };
    const connectionsBefore = rest.connections;
    const head = `POST /rest/v1/items HTTP/1.1\r\nHost: gw\r\napikey: ${apiKey}\r\nContent-Length: 11\r\n\r\n`;
    const first = await exchange([head + 'hel', 'lo w', 'orld'], (text) => text.endsWith('abcdefghijk'));
    expect(first.text).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
    expect(first.text).toContain('Content-Length: 11\r\n');
    const second = await exchange([head, 'hello world'], (text) => text.endsWith('abcdefghijk'), first.socket);
    expect(second.text).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
    expect(rest.connections - connectionsBefore).toBeLessThanOrEqual(1);
    first.socket.destroy();
  });

  it('answers pipelined requests in order, one at a time upstream', async () => {
    let served = 0;
    rest.respond = (socket, text) => {
      // The gateway sends the next request only once this one is answered.
      expect(text.split('\r\n\r\n')).toHaveLength(2);
      served++;
      const body = `answer ${served}`;
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      return true;
    };
    const { text, socket } = await exchange([get('/rest/v1/a') + get('/rest/v1/b') + get('/rest/v1/c')], (reply) => reply.includes('answer 3'));
    expect(text.indexOf('answer 1')).toBeGreaterThan(0);
    expect(text.indexOf('answer 2')).toBeGreaterThan(text.indexOf('answer 1'));
    expect(text.indexOf('answer 3')).toBeGreaterThan(text.indexOf('answer 2'));
    expect(rest.received.join('')).toMatch(/GET \/a [^]*GET \/b [^]*GET \/c /);
    socket.destroy();
  });

  it('passes 100 Continue back before the body is sent', async () => {
    rest.respond = (socket, text) => {
      if (text.endsWith('\r\n\r\n')) socket.write('HTTP/1.1 100 Continue\r\n\r\n');
      else if (text.endsWith('payload')) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
      else return false;
      return true;
    };
    const socket = net.connect({ port: gatewayPort, host: '127.0.0.1' });
    const interim = await exchange([`POST /rest/v1/items HTTP/1.1\r\nHost: gw\r\napikey: ${apiKey}\r\nExpect: 100-continue\r\nContent-Length: 7\r\n\r\n`], (text) => text.endsWith('\r\n\r\n'), socket);
    expect(interim.text).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    const final = await exchange(['payload'], (text) => text.endsWith('ok'), socket);
    expect(final.text).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\nok$/);
    socket.destroy();
  });

  it('reads no body after a HEAD answer, and the connection carries on', async () => {
    rest.respond = (socket, text) => {
      if (text.startsWith('HEAD /x ')) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n');
      else if (text.startsWith('GET /after ')) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\ndone');
      else return false;
      return true;
    };
    const head = await exchange([`HEAD /rest/v1/x HTTP/1.1\r\nHost: gw\r\napikey: ${apiKey}\r\n\r\n`], (text) => text.endsWith('\r\n\r\n'));
    expect(head.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(head.text).toContain('Content-Length: 10\r\n');
    const after = await exchange([get('/rest/v1/after')], (text) => text.endsWith('done'), head.socket);
    expect(after.text).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\ndone$/);
    head.socket.destroy();
  });

  it('collects a close-delimited answer for a buffered route and gives it a length', async () => {
    rest.respond = (socket) => {
      socket.end('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end');
      return true;
    };
    const { text, closed, socket } = await exchange([get('/rest/v1/x')], (reply) => reply.endsWith('until the end'));
    expect(text).toContain('content-length: 13\r\n');
    expect(closed).toBe(false);
    socket.destroy();
  });

  it('streams a close-delimited function answer to an HTTP/1.1 client as chunks', async () => {
    functions.respond = (socket) => {
      void (async () => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\ndata: 1\n\n');
        await pause();
        socket.end('data: 2\n\n');
      })();
      return true;
    };
    const { text, socket } = await exchange(['GET /functions/v1/api/events HTTP/1.1\r\nHost: gw\r\n\r\n'], endsWithChunkedEnd);
    expect(text.toLowerCase()).toContain('transfer-encoding: chunked\r\n');
    expect(text).toContain('\r\n\r\n9\r\ndata: 1\n\n\r\n9\r\ndata: 2\n\n\r\n0\r\n\r\n');
    socket.destroy();
  });

  it('passes each server-sent event of a function on as it arrives', async () => {
    let upstreamSocket: net.Socket | null = null;
    functions.respond = (socket) => {
      upstreamSocket = socket;
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n9\r\ndata: 1\n\n\r\n');
      return true;
    };
    // The first event reaches the client while the upstream still holds the stream open.
    const first = await exchange(['GET /functions/v1/api/events HTTP/1.1\r\nHost: gw\r\n\r\n'], (text) => text.includes('data: 1'));
    expect(first.closed).toBe(false);
    upstreamSocket!.write('9\r\ndata: 2\n\n\r\n0\r\n\r\n');
    const rest = await exchange([], endsWithChunkedEnd, first.socket);
    expect(first.text + rest.text).toContain('\r\n\r\n9\r\ndata: 1\n\n\r\n9\r\ndata: 2\n\n\r\n0\r\n\r\n');
    first.socket.destroy();
  });

  it('forwards a chunked request body split across packets in chunks of its own (no extensions, no trailers)', async () => {
    rest.respond = (socket, text) => {
      if (!text.endsWith('0\r\n\r\n')) return false;
      socket.write('HTTP/1.1 204 No Content\r\n\r\n');
      return true;
    };
    const head = `POST /rest/v1/items HTTP/1.1\r\nHost: gw\r\napikey: ${apiKey}\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const { text, socket } = await exchange([head + '004;ext=1\r', '\nabcd\r\n', '3\r\nefg\r\n0\r\n', 'Trailer-A: 1\r\n\r\n'], (reply) => reply.endsWith('\r\n\r\n'));
    expect(text).toMatch(/^HTTP\/1\.1 204 No Content\r\n/);
    const forwarded = rest.received.join('');
    expect(forwarded).toMatch(/transfer-encoding: chunked\r\n[^]*\r\n\r\n4\r\nabcd\r\n3\r\nefg\r\n0\r\n\r\n$/);
    expect(forwarded).not.toContain('Trailer-A');
    expect(forwarded).not.toContain('ext=1');
    socket.destroy();
  });

  it('honours Connection: close from the client', async () => {
    rest.respond = (socket) => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    const { text, socket } = await exchange([get('/rest/v1/x', 'Connection: close\r\n')], () => false);
    expect(text).toMatch(/connection: close\r\n\r\nok$/);
    await closedOnceRead(socket);
  });

  it('closes after answering an HTTP/1.0 client', async () => {
    rest.respond = (socket) => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    const { text, closed } = await exchange([`GET /rest/v1/x HTTP/1.0\r\napikey: ${apiKey}\r\n\r\n`], () => false);
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\nok$/);
    expect(closed).toBe(true);
  });

  it('opens a new upstream connection after the upstream said Connection: close', async () => {
    const upstreamSockets = new Set<net.Socket>();
    rest.respond = (socket) => {
      upstreamSockets.add(socket);
      socket.end('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok');
      return true;
    };
    const first = await exchange([get('/rest/v1/x')], (text) => text.endsWith('ok'));
    expect(first.text).not.toMatch(/connection: close/i);
    await exchange([get('/rest/v1/x')], (text) => text.endsWith('ok'), first.socket);
    expect(upstreamSockets.size).toBe(2);
    first.socket.destroy();
  });

  it('retries a body-less request once on a new connection when a reused one was closed by the upstream', async () => {
    const served = new Set<net.Socket>();
    rest.respond = (socket) => {
      // An upstream that drops every kept-alive connection at its next request, before answering.
      if (served.has(socket)) socket.destroy();
      else {
        served.add(socket);
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
      }
      return true;
    };
    const first = await exchange([get('/rest/v1/x')], (text) => text.endsWith('ok'));
    const second = await exchange([get('/rest/v1/x')], (text) => text.endsWith('ok') || text.endsWith('}'), first.socket);
    expect(second.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    // With a body the request is not repeated: the upstream may have acted on it.
    const post = await exchange([`POST /rest/v1/x HTTP/1.1\r\nHost: gw\r\napikey: ${apiKey}\r\nContent-Length: 1\r\n\r\nx`], (text) => text.endsWith('ok') || text.endsWith('}'), first.socket);
    expect(post.text).toMatch(/^HTTP\/1\.1 502 /);
    first.socket.destroy();
  });

  it('refuses an oversized head with 431 and closes', async () => {
    const { text, closed } = await exchange([`GET /rest/v1/x HTTP/1.1\r\nHost: gw\r\nX-Big: ${'a'.repeat(70 * 1024)}\r\n\r\n`], () => false);
    expect(text).toMatch(/^HTTP\/1\.1 431 /);
    expect(closed).toBe(true);
  });

  it('refuses a malformed request with 400 and closes', async () => {
    const { text, closed } = await exchange(['GET /rest/v1/x HTTP/1.1\r\nHost: gw\r\nBad Header\r\n\r\n'], () => false);
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(closed).toBe(true);
  });

  it('answers 502 when the part is down, and keeps the client connection', async () => {
    const { text, socket } = await exchange([get('/auth/v1/health')], (reply) => reply.includes('}'));
    expect(text).toMatch(/^HTTP\/1\.1 502 /);
    expect(text).toContain('access-control-allow-origin: *\r\n');
    expect(text).toContain('{"message":"An invalid response was received from the upstream server"}');
    const again = await exchange([get('/nowhere')], (reply) => reply.includes('}'), socket);
    expect(again.text).toMatch(/^HTTP\/1\.1 404 /);
    socket.destroy();
  });
});

/** Answers every complete request (a head, plus a chunked body when there is one) with 200 "ok", noting the socket. */
function answerEveryRequest(upstream: Upstream, sockets: net.Socket[]): void {
  upstream.respond = (socket, text) => {
    const headEnd = text.indexOf('\r\n\r\n');
    if (headEnd < 0) return false;
    if (/transfer-encoding: chunked/i.test(text.slice(0, headEnd)) && !text.endsWith('0\r\n\r\n')) return false;
    sockets.push(socket);
    socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    return true;
  };
}

describe('gateway against request smuggling', () => {
  const chunkedHead = `POST /rest/v1/rpc/f HTTP/1.1\r\nHost: gw\r\napikey: ${apiKey}\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n`;
  /** A complete request hidden in a body or trailer: it must never reach an upstream. */
  const smuggled = `GET /rest/v1/smuggled HTTP/1.1\r\nHost: gw\r\napikey: ${apiKey}\r\n\r\n`;

  it('passes no trailer field on, and closes the upstream connection that carried a chunked request instead of pooling it', async () => {
    const sockets: net.Socket[] = [];
    answerEveryRequest(rest, sockets);
    const attacker = await exchange([`${chunkedHead}3\r\nabc\r\n0\r\nX-Checksum: 1\r\n\r\n`], (text) => text.endsWith('ok'));
    expect(attacker.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const forwarded = rest.received.join('');
    expect(forwarded).toMatch(/\r\n\r\n3\r\nabc\r\n0\r\n\r\n$/);
    expect(forwarded).not.toContain('X-Checksum');
    // Another client's request travels on a new upstream connection.
    const victim = await exchange([get('/rest/v1/x')], (text) => text.endsWith('ok'));
    expect(victim.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]).not.toBe(sockets[0]);
    expect(sockets[0]!.destroyed || sockets[0]!.readableEnded).toBe(true);
    attacker.socket.destroy();
    victim.socket.destroy();
  });

  it('refuses a request hidden in the trailer section with 400, closes, and the hidden request reaches no upstream', async () => {
    const sockets: net.Socket[] = [];
    answerEveryRequest(rest, sockets);
    for (const pieces of [[`${chunkedHead}0\r\n${smuggled}`], [chunkedHead, '0\r\n', smuggled]]) {
      const { text, closed } = await exchange(pieces, () => false);
      expect(text).toMatch(/^HTTP\/1\.1 400 /);
      expect(closed).toBe(true);
    }
    // A partial request (one that would swallow the next client's request as its body) fares the same.
    const partial = await exchange([`${chunkedHead}0\r\nPOST /rest/v1/rpc/capture HTTP/1.1\r\nHost: gw\r\nContent-Length: 300\r\n\r\n`], () => false);
    expect(partial.text).toMatch(/^HTTP\/1\.1 400 /);
    const victim = await exchange([get('/rest/v1/x')], (text) => text.endsWith('ok'));
    expect(victim.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const forwarded = rest.received.join('');
    expect(forwarded).not.toContain('smuggled');
    expect(forwarded).not.toContain('capture');
    expect(sockets).toHaveLength(1);
    victim.socket.destroy();
  });

  const smugglingHeads: [string, string, number][] = [
    ['CL.TE', `POST /rest/v1/rpc/f HTTP/1.1\r\nHost: gw\r\napikey: ${apiKey}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${smuggled}`, 400],
    ['TE.CL', `POST /rest/v1/rpc/f HTTP/1.1\r\nHost: gw\r\napikey: ${apiKey}\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n5c\r\n${smuggled}\r\n0\r\n\r\n`, 400],
    ['a repeated Content-Length', `POST /rest/v1/rpc/f HTTP/1.1\r\nHost: gw\r\napikey: ${apiKey}\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n${smuggled}`, 400],
    ['conflicting Content-Lengths', `POST /rest/v1/rpc/f HTTP/1.1\r\nHost: gw\r\napikey: ${apiKey}\r\nContent-Length: 0\r\nContent-Length: ${smuggled.length}\r\n\r\n${smuggled}`, 400],
    ['an obs-fold line', `POST /rest/v1/rpc/f HTTP/1.1\r\nHost: gw\r\napikey: ${apiKey}\r\nContent-Length: ${smuggled.length}\r\nX-A: 1\r\n Transfer-Encoding: chunked\r\n\r\n${smuggled}`, 400],
    ['an invalid chunk size', `${chunkedHead}0x5c\r\n${smuggled}\r\n0\r\n\r\n`, 400],
    ['a chunk size followed by another number', `${chunkedHead}0 5c\r\n${smuggled}\r\n0\r\n\r\n`, 400],
    ['Transfer-Encoding other than exactly chunked', `POST /rest/v1/rpc/f HTTP/1.1\r\nHost: gw\r\napikey: ${apiKey}\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n${smuggled}`, 501],
    ['Transfer-Encoding padded with a vertical tab', `POST /rest/v1/rpc/f HTTP/1.1\r\nHost: gw\r\napikey: ${apiKey}\r\nTransfer-Encoding: chunked\x0b\r\n\r\n0\r\n\r\n${smuggled}`, 400],
  ];

  it.each(smugglingHeads)('refuses %s, closes the connection, and nothing reaches an upstream', async (_case, request, status) => {
    const sockets: net.Socket[] = [];
    answerEveryRequest(rest, sockets);
    const { text, closed } = await exchange([request], () => false);
    expect(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(text).toContain('connection: close\r\n');
    expect(closed).toBe(true);
    expect(rest.received.join('')).not.toContain('smuggled');
  });

  it('does not pool an upstream connection whose chunked response came with trailer fields', async () => {
    const sockets: net.Socket[] = [];
    rest.respond = (socket) => {
      sockets.push(socket);
      socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\nX-Checksum: 1\r\n\r\n');
      return true;
    };
    const endsWithTrailer = (text: string) => text.endsWith('0\r\nX-Checksum: 1\r\n\r\n');
    const first = await exchange([get('/rest/v1/x')], endsWithTrailer);
    const second = await exchange([get('/rest/v1/x')], endsWithTrailer, first.socket);
    expect(second.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]).not.toBe(sockets[0]);
    first.socket.destroy();
  });
});

describe('gateway: the client address', () => {
  const spoofed = 'X-Forwarded-For: 6.6.6.6\r\nX-Real-IP: 6.6.6.6\r\nForwarded: for=6.6.6.6;proto=https\r\nX-Forwarded-Host: evil.example\r\n';

  it.each([
    ['REST', () => rest, get('/rest/v1/x', spoofed)],
    ['functions', () => functions, `GET /functions/v1/api/health HTTP/1.1\r\nHost: gw\r\n${spoofed}\r\n`],
  ])('sets X-Forwarded-For and X-Real-IP to the peer address on %s and drops what the client sent', async (_route, upstream, request) => {
    answerEveryRequest(upstream(), []);
    const { socket } = await exchange([request], (text) => text.endsWith('ok'));
    const forwarded = upstream().received.join('');
    expect(forwarded).toContain('x-forwarded-for: 127.0.0.1\r\n');
    expect(forwarded).toContain('x-real-ip: 127.0.0.1\r\n');
    expect(forwarded).toContain('x-forwarded-host: gw\r\n');
    expect(forwarded).not.toContain('6.6.6.6');
    expect(forwarded).not.toMatch(/^forwarded:/im);
    expect(forwarded).not.toContain('evil.example');
    socket.destroy();
  });

  it('does the same on a websocket upgrade to realtime', async () => {
    realtime.respond = (socket, text) => {
      if (!text.endsWith('\r\n\r\n')) return false;
      socket.write('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n');
      return true;
    };
    const { text, socket } = await exchange(
      [`GET /realtime/v1/websocket?apikey=${apiKey}&vsn=1.0.0 HTTP/1.1\r\nHost: gw\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n${spoofed}\r\n`],
      (reply) => reply.endsWith('\r\n\r\n'),
    );
    expect(text).toMatch(/^HTTP\/1\.1 101 /);
    const forwarded = realtime.received.join('');
    expect(forwarded).toMatch(/^GET \/websocket\?/);
    expect(forwarded).toContain('Upgrade: websocket\r\n');
    expect(forwarded).toContain('x-forwarded-for: 127.0.0.1\r\n');
    expect(forwarded).not.toContain('6.6.6.6');
    socket.destroy();
  });

  it('keeps the X-Forwarded-For the stack\'s own servers send on the internal listener only, the peer appended', async () => {
    answerEveryRequest(rest, []);
    // The public listener: not even a holder of the service-role key names the client.
    const outside = await exchange([get('/rest/v1/x', 'X-Forwarded-For: 127.0.0.9\r\n').replace(`apikey: ${apiKey}`, `apikey: ${config.serviceRoleKey}`)], (text) => text.endsWith('ok'));
    expect(rest.received.join('')).toContain('x-forwarded-for: 127.0.0.1\r\nx-real-ip: 127.0.0.1\r\n');
    expect(rest.received.join('')).not.toContain('127.0.0.9');
    outside.socket.destroy();
    rest.received = [];

    const internal = createGateway({ ...config, ports: { ...config.ports, rest: rest.port } }, { trustForwardedFor: true });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    try {
      const socket = net.connect({ port: (internal.server.address() as net.AddressInfo).port, host: '127.0.0.1', noDelay: true });
      await exchange([get('/rest/v1/x', 'X-Forwarded-For: 127.0.0.9\r\n')], (text) => text.endsWith('ok'), socket);
      expect(rest.received.join('')).toContain('x-forwarded-for: 127.0.0.9, 127.0.0.1\r\nx-real-ip: 127.0.0.9\r\n');
      rest.received = [];
      // Not an address first: the peer alone.
      await exchange([get('/rest/v1/x', 'X-Forwarded-For: unknown\r\n')], (text) => text.endsWith('ok'), socket);
      expect(rest.received.join('')).toContain('x-forwarded-for: 127.0.0.1\r\nx-real-ip: 127.0.0.1\r\n');
      socket.destroy();
    } finally {
      await new Promise<void>((resolve) => internal.close(resolve));
    }
  });

  it('refuses an upgrade request that carries a body', async () => {
    const { text, closed } = await exchange(
      [`GET /realtime/v1/websocket?apikey=${apiKey} HTTP/1.1\r\nHost: gw\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nContent-Length: ${smuggledLength()}\r\n\r\nGET /x HTTP/1.1\r\nHost: gw\r\n\r\n`],
      () => false,
    );
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(closed).toBe(true);
    expect(realtime.received).toEqual([]);
  });
});

function smuggledLength(): number {
  return 'GET /x HTTP/1.1\r\nHost: gw\r\n\r\n'.length;
}

describe('gateway: JWTs without exp', () => {
  const withoutExp = signJwt({ role: 'service_role', iss: 'supabase-demo' }, config.jwtSecret);
  const withExp = signJwt({ role: 'service_role', iss: 'supabase-demo', exp: Math.floor(Date.now() / 1000) + 3600 }, config.jwtSecret);

  it.each([
    ['REST, as the bearer token', () => rest, get('/rest/v1/pharmacies', `Authorization: Bearer ${withoutExp}\r\n`)],
    ['REST, with the scheme in other letters and spacing', () => rest, get('/rest/v1/pharmacies', `Authorization: bEaReR   ${withoutExp}\r\n`)],
    ['functions, as the bearer token', () => functions, `GET /functions/v1/api/health HTTP/1.1\r\nHost: gw\r\nAuthorization: Bearer ${withoutExp}\r\n\r\n`],
    ['functions, as the apikey', () => functions, `GET /functions/v1/api/health HTTP/1.1\r\nHost: gw\r\napikey: ${withoutExp}\r\n\r\n`],
    ['functions, as the apikey query parameter', () => functions, `GET /functions/v1/api/health?apikey=${withoutExp} HTTP/1.1\r\nHost: gw\r\n\r\n`],
    ['REST, when its claims cannot be read', () => rest, get('/rest/v1/pharmacies', 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.bm90IGpzb24.c2ln\r\n')],
  ])('refuses one on %s with 401 in PostgREST\'s shape, before any upstream', async (_case, upstream, request) => {
    answerEveryRequest(upstream(), []);
    const { text, socket } = await exchange([request], (reply) => reply.endsWith('}'));
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
    expect(text).toContain('www-authenticate: Bearer error="invalid_token", error_description="JWT has no exp claim"\r\n');
    expect(text.slice(text.indexOf('\r\n\r\n') + 4)).toBe('{"code":"PGRST301","details":null,"hint":null,"message":"JWT has no exp claim"}');
    expect(upstream().received).toEqual([]);
    socket.destroy();
  });

  it('refuses one on a websocket upgrade', async () => {
    const { text, closed } = await exchange(
      [`GET /realtime/v1/websocket?apikey=${apiKey} HTTP/1.1\r\nHost: gw\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nAuthorization: Bearer ${withoutExp}\r\n\r\n`],
      () => false,
    );
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
    expect(closed).toBe(true);
    expect(realtime.received).toEqual([]);
  });

  it('passes a JWT with exp, and an opaque bearer token, on to the upstream', async () => {
    answerEveryRequest(rest, []);
    answerEveryRequest(functions, []);
    const signed = await exchange([get('/rest/v1/pharmacies', `Authorization: Bearer ${withExp}\r\n`)], (text) => text.endsWith('ok'));
    expect(signed.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(rest.received.join('')).toContain(`Authorization: Bearer ${withExp}\r\n`);
    const opaque = await exchange(['GET /functions/v1/api/health HTTP/1.1\r\nHost: gw\r\nAuthorization: Bearer opaque-token\r\n\r\n'], (text) => text.endsWith('ok'));
    expect(opaque.text).toMatch(/^HTTP\/1\.1 200 /);
    signed.socket.destroy();
    opaque.socket.destroy();
  });
});

describe('the gateway\'s exp rule on its own', () => {
  const secret = 'a-secret-that-is-long-enough-for-the-local-stack';
  const tokenWith = (claims: object) => `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`;

  it.each([
    ['no exp', signJwt({ role: 'authenticated' }, secret)],
    ['exp as a string', tokenWith({ role: 'authenticated', exp: '9999999999' })],
    ['exp null', tokenWith({ role: 'authenticated', exp: null })],
    ['an array of claims', tokenWith([{ exp: 9999999999 }])],
    ['claims that are not JSON', 'eyJhbGciOiJIUzI1NiJ9.bm90IGpzb24.c2ln'],
    ['a five-part token (JWE)', 'a.b.c.d.e'],
    ['a dotted value without a second dot', 'abc.def'],
  ])('refuses a token with %s', (_case, token) => {
    expect(isTokenWithoutExpiry(token)).toBe(true);
  });

  it('accepts a numeric exp (expiry itself is the upstream\'s check) and leaves opaque credentials alone', () => {
    expect(isTokenWithoutExpiry(signJwt({ role: 'anon', exp: 1 }, secret))).toBe(false);
    expect(isTokenWithoutExpiry('opaque-api-token')).toBe(false);
    expect(carriesTokenWithoutExpiry('Basic dXNlcjpwYXNz', null)).toBe(false);
    expect(carriesTokenWithoutExpiry(null, null)).toBe(false);
  });

  it('finds the token wherever it sits in the Authorization value, and in the apikey', () => {
    const bad = signJwt({ role: 'service_role' }, secret);
    expect(carriesTokenWithoutExpiry(`Bearer ${bad}`, null)).toBe(true);
    expect(carriesTokenWithoutExpiry(`bearer\t${bad}`, null)).toBe(true);
    expect(carriesTokenWithoutExpiry(bad, null)).toBe(true);
    expect(carriesTokenWithoutExpiry(null, bad)).toBe(true);
  });
});
