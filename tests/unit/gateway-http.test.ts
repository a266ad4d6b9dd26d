/**
 * The gateway's own HTTP/1.1 framing: the head parser and chunked scanner on their own, then the proxy
 * between a raw client socket and a scripted upstream (no stack), with messages split across packets.
 */
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/src/config.ts';
import { createGateway, type Gateway } from '../../supabase/local/src/gateway/gateway.ts';
import { ChunkedScanner, HeadError, MALFORMED, NEED_MORE, parseRequestHead, parseResponseHead } from '../../supabase/local/src/gateway/http-parser.ts';

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
let downPort = 0;

beforeAll(async () => {
  rest = await startUpstream();
  functions = await startUpstream();
  // A port nothing listens on: a part that is down.
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  downPort = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  gateway = createGateway({ ...config, ports: { ...config.ports, rest: rest.port, functions: functions.port, auth: downPort } });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayPort = (gateway.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => gateway.close(resolve));
  rest.server.close();
  functions.server.close();
});

afterEach(() => {
  rest.received = [];
  functions.received = [];
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
    expect(request).toContain('x-forwarded-for: 127.0.0.1\r\nx-forwarded-host: gw\r\nx-forwarded-proto: http\r\nx-forwarded-prefix: /rest/v1\r\n');
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

  it('forwards a chunked request body split across packets as it came', async () => {
    rest.respond = (socket, text) => {
      if (!text.endsWith('0\r\n\r\n')) return false;
      socket.write('HTTP/1.1 204 No Content\r\n\r\n');
      return true;
    };
    const head = `POST /rest/v1/items HTTP/1.1\r\nHost: gw\r\napikey: ${apiKey}\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const { text, socket } = await exchange([head + '4\r', '\nabcd\r\n', '3\r\nefg\r\n0\r\n', '\r\n'], (reply) => reply.endsWith('\r\n\r\n'));
    expect(text).toMatch(/^HTTP\/1\.1 204 No Content\r\n/);
    expect(rest.received.join('')).toMatch(/transfer-encoding: chunked\r\n[^]*\r\n\r\n4\r\nabcd\r\n3\r\nefg\r\n0\r\n\r\n$/);
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
