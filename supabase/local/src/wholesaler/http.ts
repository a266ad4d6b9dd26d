/**
 * The test wholesaler's HTTP side (see ../../README.md, "Test wholesaler"):
 *   POST /x12            body: an X12 004010 interchange (Content-Type application/edi-x12), at most 2 MB.
 *                        200: one interchange with a 997 per group received and an 855 per 850; the 856 and 810 of
 *                        each order that ships are queued. 400: the interchange cannot be read (the reason, as text).
 *   GET  /x12?after=N    200: the oldest queued interchange with a control number (ISA13) above N (0 when absent),
 *                        one per response, with headers X12-Interchange-Control-Number, X12-Transaction-Sets and
 *                        X12-Remaining (how many more follow it); 204 when there is none. Every interchange the
 *                        account was sent is there, the POST replies included, so after=0 replays all of them.
 *   GET  /packages?po=P  200: JSON, the packages shipped for PO P with the GS1 DataMatrix data each would scan as
 *                        (test support: a real wholesaler sends boxes, not this); 404 for a PO not shipped.
 *   GET  /health         200 "ok", without a key (the supervisor's ready check).
 * Every other route needs `Authorization: Bearer <key>` (accounts.ts says which keys); each key is its own account.
 * Like the mail catcher, it answers only requests addressed to 127.0.0.1 or localhost (no DNS rebinding).
 */
import http from 'node:http';
import { X12_MAX_CHARS } from '../../../../shared/src/inventory/x12/envelope.ts';
import { readBodyWithin } from '../http-body.ts';
import type { Accounts } from './accounts.ts';
import { packagesOf } from './fulfilment.ts';
import { answerInterchange } from './x12-exchange.ts';

export const X12_CONTENT_TYPE = 'application/edi-x12';

export interface WholesalerServerOptions {
  accounts: Accounts;
  /** The clock of the interchanges' ISA/GS dates; the real one when absent. */
  now?: () => Date;
  log?: (line: string) => void;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

function sendText(response: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers });
  response.end(body);
}

function sendX12(response: http.ServerResponse, body: string, headers: Record<string, string>): void {
  response.writeHead(200, { 'content-type': X12_CONTENT_TYPE, 'cache-control': 'no-store', ...headers });
  response.end(body);
}

function addressedToLoopback(request: http.IncomingMessage): boolean {
  const host = (request.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

function bearerKey(request: http.IncomingMessage, accounts: Accounts): string {
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
  const key = match?.[1];
  if (key === undefined || !accounts.accepts(key)) {
    throw new HttpError(401, 'Send Authorization: Bearer <key> with a key the test wholesaler accepts (demo-wholesaler-key, test-…, or one in WHOLESALER_API_KEYS).', {
      'www-authenticate': 'Bearer realm="test-wholesaler"',
    });
  }
  return key;
}

function method(request: http.IncomingMessage, allowed: string[]): string {
  const name = request.method ?? 'GET';
  if (!allowed.includes(name)) throw new HttpError(405, `Use ${allowed.join(' or ')} here.`, { allow: allowed.join(', ') });
  return name;
}

async function postX12(request: http.IncomingMessage, response: http.ServerResponse, key: string, options: WholesalerServerOptions): Promise<void> {
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType !== X12_CONTENT_TYPE) throw new HttpError(415, `Send the interchange as Content-Type ${X12_CONTENT_TYPE}.`);
  const body = await readBodyWithin(request, X12_MAX_CHARS, () => new HttpError(413, 'The interchange is larger than 2 MB.'));
  const account = options.accounts.of(key);
  const exchange = answerInterchange(body.toString('utf8'), account, options.now?.() ?? new Date());
  if (!exchange.ok) throw new HttpError(400, exchange.error);
  for (const { fulfilment, repeat } of exchange.orders) {
    const outcome = fulfilment.rejected ?? fulfilment.decisions.map((decision) => decision.status).join(' ');
    options.log?.(`PO ${fulfilment.poNumber}${repeat ? ' (again)' : ''}: ${outcome}; ${fulfilment.shipped.length} line(s) shipping`);
  }
  sendX12(response, exchange.response.body, {
    'x12-interchange-control-number': String(exchange.response.controlNumber),
    'x12-transaction-sets': exchange.response.sets.join(','),
  });
}

function getX12(url: URL, response: http.ServerResponse, key: string, options: WholesalerServerOptions): void {
  const after = url.searchParams.get('after') ?? '0';
  if (!/^\d{1,9}$/.test(after)) throw new HttpError(400, 'after must be an interchange control number: 0 to 999999999.');
  const next = options.accounts.of(key).nextAfter(Number(after));
  if (!next) {
    response.writeHead(204, { 'cache-control': 'no-store' });
    response.end();
    return;
  }
  sendX12(response, next.interchange.body, {
    'x12-interchange-control-number': String(next.interchange.controlNumber),
    'x12-transaction-sets': next.interchange.sets.join(','),
    'x12-remaining': String(next.remaining),
  });
}

function getPackages(url: URL, response: http.ServerResponse, key: string, options: WholesalerServerOptions): void {
  const poNumber = url.searchParams.get('po') ?? '';
  const fulfilment = poNumber === '' ? undefined : options.accounts.of(key).order(poNumber);
  if (!fulfilment || fulfilment.shipped.length === 0) throw new HttpError(404, `No shipment for PO ${poNumber || '(none given)'}.`);
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify({ poNumber, shipmentId: fulfilment.shipmentId, packages: packagesOf(fulfilment) }));
}

async function handle(request: http.IncomingMessage, response: http.ServerResponse, options: WholesalerServerOptions): Promise<void> {
  if (!addressedToLoopback(request)) throw new HttpError(403, 'The test wholesaler answers only requests for 127.0.0.1 or localhost.');
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  switch (url.pathname) {
    case '/health':
      method(request, ['GET']);
      return sendText(response, 200, 'ok');
    case '/x12': {
      const name = method(request, ['GET', 'POST']);
      const key = bearerKey(request, options.accounts);
      return name === 'POST' ? postX12(request, response, key, options) : getX12(url, response, key, options);
    }
    case '/packages':
      method(request, ['GET']);
      return getPackages(url, response, bearerKey(request, options.accounts), options);
    default:
      throw new HttpError(404, 'Not found: the test wholesaler serves /x12, /packages and /health.');
  }
}

export function createWholesalerHttpServer(options: WholesalerServerOptions): http.Server {
  return http.createServer((request, response) => {
    handle(request, response, options).catch((error: unknown) => {
      if (response.headersSent) return void response.destroy();
      if (error instanceof HttpError) {
        // A refused request's body is not read: close the connection rather than drain it.
        if (!request.complete) response.setHeader('connection', 'close');
        return sendText(response, error.status, error.message, error.headers);
      }
      options.log?.(`error: ${(error as Error).message}`);
      sendText(response, 500, 'The test wholesaler failed; see the stack log.');
    });
  });
}
