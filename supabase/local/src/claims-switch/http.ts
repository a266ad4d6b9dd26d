/**
 * The test claims switch's HTTP side (see ../../README.md, "Test claims switch"):
 *   POST /         body: one NCPDP D.0 transmission (Content-Type application/octet-stream), at most 16 KB.
 *                  200: the D.0 response (application/octet-stream) — also for a transmission the codec cannot read:
 *                  a D.0 reject (header status R, e.g. R8 Syntax Error, the reason as its message), as a real switch
 *                  answers. Only transport errors are HTTP errors: 415 another content type, 413 larger than 16 KB.
 *                  Any path is the switch's address: a pharmacy may configure http://127.0.0.1:<port>/d0.
 *   GET  /835?bin=B&provider=P&from=D&through=D
 *                  200: the X12 835 (application/edi-x12) in which payer B pays pharmacy P (its NPI or NCPDP id, as
 *                  its claims name it) for what the switch paid and reversed from D through D (today when absent):
 *                  remittance.ts, balanced by construction (test support: a real payer sends its 835 through a
 *                  clearinghouse); 204 when there is nothing to remit.
 *   GET  /health   200 "ok" (the supervisor's ready check).
 * Like the other test doubles, it answers only requests addressed to 127.0.0.1 or localhost.
 */
import http from 'node:http';
import { D0_MAX_BYTES } from '../../../../shared/src/billing/ncpdp/d0-framing.ts';
import type { ClaimRequest } from '../../../../shared/src/billing/ncpdp/d0-request.ts';
import { readBodyWithin } from '../http-body.ts';
import { build835 } from '../../../../shared/src/billing/remittance-835.ts';
import type { AdjudicationContext } from './adjudicate.ts';
import type { ClaimHistory } from './claim-history.ts';
import { answerTransmission } from './d0-exchange.ts';
import { payerSheetFor } from './payer-sheet.ts';
import { remittanceFor } from './remittance.ts';

export const D0_CONTENT_TYPE = 'application/octet-stream';

export interface SwitchServerOptions {
  contextFor: (request: ClaimRequest) => Promise<AdjudicationContext>;
  history: ClaimHistory;
  /** The switch's date (YYYY-MM-DD) and clock, for the 835's period and envelope. */
  today: () => string;
  now?: () => Date;
  log?: (line: string) => void;
}

class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

function sendText(response: http.ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  response.end(body);
}

function addressedToLoopback(request: http.IncomingMessage): boolean {
  const host = (request.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

async function handle(request: http.IncomingMessage, response: http.ServerResponse, options: SwitchServerOptions): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (request.method === 'GET' && url.pathname === '/health') return sendText(response, 200, 'ok');
  if (request.method === 'GET' && url.pathname === '/835') {
    const bin = url.searchParams.get('bin') ?? '';
    const provider = url.searchParams.get('provider') ?? '';
    const sheet = payerSheetFor(bin);
    if (!sheet) throw new HttpError(400, 'Ask for a payer of the switch by its BIN: /835?bin=999001&provider=<NPI or NCPDP id>');
    if (!/^\d{7,15}$/.test(provider)) throw new HttpError(400, 'Name the pharmacy by the NPI or NCPDP id its claims carry: &provider=');
    const from = url.searchParams.get('from') ?? options.today();
    const through = url.searchParams.get('through') ?? options.today();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(through)) throw new HttpError(400, 'from and through are YYYY-MM-DD');
    const remittance = remittanceFor(options.history, sheet, {
      serviceProviderId: provider, payeeName: 'PHARMACY', from, through, paymentDate: options.today(),
      traceNumber: `${bin}${from.replaceAll('-', '')}${through.replaceAll('-', '')}`,
    });
    if (remittance === null) {
      response.writeHead(204, { 'cache-control': 'no-store' });
      response.end();
      return;
    }
    const control = Number(`${Date.now() % 1_000_000_000}`) || 1;
    const body = build835({ sender: { qualifier: 'ZZ', id: `PAYER${bin}` }, receiver: { qualifier: 'ZZ', id: `NPI${provider}`.slice(0, 15) },
      controlNumber: control, groupControlNumber: control, createdAt: options.now?.() ?? new Date(), usage: 'T', remittances: [remittance] });
    response.writeHead(200, { 'content-type': 'application/edi-x12', 'cache-control': 'no-store' });
    response.end(body);
    return;
  }
  if (request.method !== 'POST') throw new HttpError(405, 'Send a D.0 transmission with POST.');
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== D0_CONTENT_TYPE) throw new HttpError(415, `Send the D.0 transmission as ${D0_CONTENT_TYPE}.`);
  const body = await readBodyWithin(request, D0_MAX_BYTES, () => new HttpError(413, 'A D.0 transmission is at most 16 KB.'));
  const answer = await answerTransmission(new Uint8Array(body), options.contextFor, options.today);
  if (answer.kind === 'unreadable') options.log?.(`rejected an unreadable transmission (${answer.rejectCode}): ${answer.error}`);
  else {
    options.log?.(`${answer.request.transactionCode} BIN ${answer.request.header.bin}: ${answer.decision.kind}${
      answer.decision.kind === 'rejected' ? ` ${answer.decision.rejectCodes.join(',')}` : ''}`);
  }
  response.writeHead(200, { 'content-type': D0_CONTENT_TYPE, 'cache-control': 'no-store' });
  response.end(Buffer.from(answer.response));
}

export function createSwitchHttpServer(options: SwitchServerOptions): http.Server {
  return http.createServer((request, response) => {
    if (!addressedToLoopback(request)) {
      sendText(response, 421, 'The test claims switch answers only requests addressed to 127.0.0.1 or localhost.');
      return;
    }
    handle(request, response, options).catch((error: unknown) => {
      if (response.headersSent) return response.destroy();
      if (error instanceof HttpError) return sendText(response, error.status, error.message);
      options.log?.(`error: ${(error as Error).stack ?? String(error)}`);
      sendText(response, 500, 'The test claims switch failed; see its log.');
    });
  });
}
