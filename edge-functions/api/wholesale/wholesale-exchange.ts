/**
 * The policy of exchanging X12 with a wholesaler (issue 24): what Test Connection, Submit and Sync send, how the
 * answers are read (shared/src/inventory/x12) and what is recorded. wholesaler-http.ts is the mechanism; the store
 * is the database (public.wholesaler_exchange_setup and public.record_wholesale_exchange, service role, called only
 * after the caller was authorised with their own JWT). Every exchange is recorded — raw both ways, the outcome and
 * the documents — including the ones that failed, so a wholesaler's status is always its last real exchange.
 */
import { buildPurchaseOrderInterchange } from '@pharmacy/shared/inventory/x12/purchase-order-850.ts';
import { type X12Document, type X12Interchange, parseInterchange } from '@pharmacy/shared/inventory/x12/interchange.ts';
import { X12BuildError } from '@pharmacy/shared/inventory/x12/x12-values.ts';
import { type ExchangeResult, WHOLESALER_FEATURES } from '@pharmacy/shared/inventory/wholesale.ts';
import { checkOutboundUrl, type OutboundPolicy, OutboundUrlError } from '../../_shared/outbound-url.ts';
import {
  type FetchLike, type WholesalerAnswer, type WholesalerEndpoint, WholesalerHttpError, answerProblem, getInterchangeAfter,
  isaControlNumber, mayHaveArrived, postInterchange,
} from './wholesaler-http.ts';

/** The most interchanges one sync takes (the rest come with the next one). */
export const MAX_INTERCHANGES_PER_SYNC = 50;
/** Test Connection asks for documents after the highest control number there can be: nothing, with no side effect. */
export const TEST_AFTER = 999_999_999;

export interface ExchangeSetup {
  wholesalerId: string;
  name: string;
  apiEndpoint: string;
  apiKey: string | null;
  accountNumber: string;
  partnerId: string;
  pharmacyName: string;
  pharmacyDeaNumber: string | null;
  timeZone: string;
  lastReceivedControlNumber: number;
  controlNumber: number | null;
}

export interface RecordedDocument {
  direction: 'in' | 'out';
  interchangeControlNumber: number;
  groupControlNumber: number;
  document: X12Document;
}

export interface ExchangeRecord {
  wholesalerId: string;
  actorUserId: string | null;
  purpose: 'test' | 'submit' | 'sync';
  orderId: string | null;
  requestMethod: 'GET' | 'POST';
  requestUrl: string;
  requestBody: string | null;
  responseStatus: number | null;
  responseBody: string | null;
  outcome: 'ok' | 'error';
  detail: string;
  documents: RecordedDocument[];
  /** The interchange a sync read (ISA13), whatever it held: the sync mark moves past it. */
  receivedInterchange: number | null;
  /** A submission that failed may still have reached the wholesaler (timeout, server error, unreadable answer). */
  orderSent: boolean;
}

export interface Recorded {
  recorded: number;
  repeated: number;
  /** The sets received for the first time. */
  newSets: string[];
  /** Documents kept but not applied, with the database's reason (a value out of bounds). */
  refused: string[];
}

export interface WholesaleStore {
  setup(wholesalerId: string, takeControlNumber: boolean): Promise<ExchangeSetup>;
  record(exchange: ExchangeRecord): Promise<Recorded>;
}

export interface ExchangeContext {
  store: WholesaleStore;
  outbound: OutboundPolicy;
  actorUserId: string | null;
  fetch?: FetchLike;
  now?: () => Date;
}

export interface OrderToSend {
  orderId: string;
  poNumber: string;
  orderDate: string;
  lines: { ndc11: string; quantity: number; unitCostCents: number | null }[];
}

type Read = { ok: true; interchange: X12Interchange; documents: RecordedDocument[]; unreadable: string[] } | { ok: false; error: string };

/** An answer's interchange, checked to be addressed to this pharmacy, with its documents (unreadable ones named). */
export function readAnswer(body: string, setup: ExchangeSetup): Read {
  const parsed = parseInterchange(body);
  if (!parsed.ok) return { ok: false, error: `The wholesaler's answer is not an X12 interchange we can read: ${parsed.error}` };
  const { interchange } = parsed;
  if (interchange.receiver.id.trim() !== setup.accountNumber) {
    return { ok: false, error: `The wholesaler's interchange is addressed to ${interchange.receiver.id.trim()}, not to account ${setup.accountNumber}` };
  }
  const documents: RecordedDocument[] = [];
  const unreadable: string[] = [];
  for (const group of interchange.groups) {
    for (const document of group.documents) {
      if (document.kind === 'invalid') unreadable.push(`${document.id} ${document.controlNumber}: ${document.error}`);
      else if (document.kind === 'unknown') unreadable.push(`${document.id} ${document.controlNumber}: not a document this pharmacy reads`);
      else documents.push({ direction: 'in', interchangeControlNumber: interchange.controlNumber, groupControlNumber: group.controlNumber, document });
    }
  }
  return { ok: true, interchange, documents, unreadable };
}

async function endpointOf(setup: ExchangeSetup, context: ExchangeContext): Promise<WholesalerEndpoint> {
  if (!setup.apiKey) throw new OutboundUrlError('No API key is saved for this wholesaler: open Configure and enter it');
  return { baseUrl: await checkOutboundUrl(setup.apiEndpoint, context.outbound), apiKey: setup.apiKey, ...(context.fetch ? { fetch: context.fetch } : {}) };
}

function setsOf(documents: readonly RecordedDocument[]): string[] {
  return documents.map((entry) => entry.document.kind);
}

/** A message with what could not be read or applied after it. */
function withProblems(message: string, problems: readonly string[]): string {
  return problems.length === 0 ? message : `${message}; could not read or apply ${problems.join('; ')}`;
}

function describeSets(sets: readonly string[]): string {
  return sets.length === 0 ? 'no documents' : sets.map((set) => WHOLESALER_FEATURES[set] ?? `X12 ${set}`).join(', ');
}

interface Failure {
  method: 'GET' | 'POST';
  url: string;
  requestBody: string | null;
  detail: string;
  answer?: WholesalerAnswer;
  /** The request may have been acted on (a submission is then submitted, not a draft to send again). */
  orderSent?: boolean;
  /** A sync's interchange to move past. */
  receivedInterchange?: number | null;
}

/** Records a failure before or during the HTTP exchange and answers it as a result. */
async function recordFailure(
  context: ExchangeContext, setup: ExchangeSetup, purpose: ExchangeRecord['purpose'], orderId: string | null, failure: Failure,
): Promise<ExchangeResult> {
  const orderSent = failure.orderSent ?? false;
  const detail = purpose === 'submit' && orderSent
    ? `${failure.detail}. The order may have reached ${setup.name}: do not submit it again; Sync Now shows its acknowledgement`
    : failure.detail;
  await context.store.record({
    wholesalerId: setup.wholesalerId, actorUserId: context.actorUserId, purpose, orderId, requestMethod: failure.method,
    requestUrl: failure.url.slice(0, 600), requestBody: failure.requestBody, responseStatus: failure.answer?.status ?? null,
    responseBody: failure.answer?.body ?? null, outcome: 'error', detail, documents: [],
    receivedInterchange: failure.receivedInterchange ?? null, orderSent,
  });
  return { ok: false, message: detail, documents: [] };
}

/** Runs an exchange, turning an address the function may not call or an HTTP failure into a recorded error. */
async function guarded(
  context: ExchangeContext, setup: ExchangeSetup, purpose: ExchangeRecord['purpose'], orderId: string | null,
  method: 'GET' | 'POST', requestBody: string | null, run: (endpoint: WholesalerEndpoint) => Promise<ExchangeResult>,
): Promise<ExchangeResult> {
  try {
    return await run(await endpointOf(setup, context));
  } catch (error) {
    if (error instanceof OutboundUrlError) {
      return recordFailure(context, setup, purpose, orderId, { method, url: setup.apiEndpoint, requestBody, detail: error.message });
    }
    if (error instanceof WholesalerHttpError) {
      return recordFailure(context, setup, purpose, orderId, {
        method: error.method, url: error.url, requestBody, detail: error.message, orderSent: error.mayHaveArrived,
      });
    }
    throw error;
  }
}

/** Test Connection: one authenticated GET that can change nothing; reports what answered. */
export async function testConnection(context: ExchangeContext, wholesalerId: string): Promise<ExchangeResult> {
  const setup = await context.store.setup(wholesalerId, false);
  return guarded(context, setup, 'test', null, 'GET', null, async (endpoint) => {
    const answer = await getInterchangeAfter(endpoint, TEST_AFTER);
    const problem = answerProblem(answer);
    if (problem) return recordFailure(context, setup, 'test', null, { method: 'GET', url: answer.url, requestBody: null, detail: problem, answer });
    const detail = answer.status === 204
      ? `Connected: ${setup.name} accepted the key and answered HTTP 204 (no documents waiting after the last one)`
      : `Connected: ${setup.name} accepted the key and answered HTTP ${answer.status} (${answer.contentType || 'no content type'})`;
    await context.store.record({
      wholesalerId, actorUserId: context.actorUserId, purpose: 'test', orderId: null, requestMethod: 'GET', requestUrl: answer.url,
      requestBody: null, responseStatus: answer.status, responseBody: answer.body, outcome: 'ok', detail, documents: [],
      receivedInterchange: null, orderSent: false,
    });
    return { ok: true, message: detail, documents: [] };
  });
}

/** The 850 of an order, from this pharmacy (ZZ/account number) to the wholesaler (ZZ/partner id). */
export function purchaseOrderInterchange(setup: ExchangeSetup, order: OrderToSend, createdAt: Date): string {
  if (setup.controlNumber === null) throw new Error('an 850 needs a control number taken from the wholesaler row');
  return buildPurchaseOrderInterchange({
    sender: { qualifier: 'ZZ', id: setup.accountNumber },
    receiver: { qualifier: 'ZZ', id: setup.partnerId },
    controlNumber: setup.controlNumber,
    groupControlNumber: setup.controlNumber,
    createdAt,
    timeZone: setup.timeZone,
    usage: 'P',
    poNumber: order.poNumber,
    orderDate: order.orderDate,
    accountNumber: setup.accountNumber,
    shipTo: setup.pharmacyDeaNumber
      ? { name: setup.pharmacyName, idQualifier: '11', id: setup.pharmacyDeaNumber }
      : { name: setup.pharmacyName, idQualifier: '91', id: setup.accountNumber },
    lines: order.lines.map((line) => ({ ndc11: line.ndc11, quantity: line.quantity, ...(line.unitCostCents === null ? {} : { unitCostCents: line.unitCostCents }) })),
  });
}

/** Submit: the order as an 850 by POST; the answer's 997 and 855 are recorded and applied. */
export async function submitOrder(context: ExchangeContext, wholesalerId: string, order: OrderToSend): Promise<ExchangeResult> {
  const setup = await context.store.setup(wholesalerId, true);
  let interchange: string;
  try {
    interchange = purchaseOrderInterchange(setup, order, context.now?.() ?? new Date());
  } catch (error) {
    if (!(error instanceof X12BuildError)) throw error;
    return recordFailure(context, setup, 'submit', order.orderId, {
      method: 'POST', url: setup.apiEndpoint, requestBody: null, detail: `The order cannot be written as X12: ${error.message}`,
    });
  }
  const sent = parseInterchange(interchange);
  if (!sent.ok) throw new Error(`the 850 we built does not read back: ${sent.error}`);
  const sentDocuments: RecordedDocument[] = sent.interchange.groups.flatMap((group) => group.documents.map((document) => ({
    direction: 'out' as const, interchangeControlNumber: sent.interchange.controlNumber, groupControlNumber: group.controlNumber, document,
  })));
  return guarded(context, setup, 'submit', order.orderId, 'POST', interchange, async (endpoint) => {
    const answer = await postInterchange(endpoint, interchange);
    const failure = { method: 'POST' as const, url: answer.url, requestBody: interchange, answer, orderSent: mayHaveArrived(answer) };
    const problem = answerProblem(answer);
    if (problem) return recordFailure(context, setup, 'submit', order.orderId, { ...failure, detail: problem });
    const read = readAnswer(answer.body, setup);
    if (!read.ok) return recordFailure(context, setup, 'submit', order.orderId, { ...failure, detail: read.error });
    const sets = setsOf(read.documents);
    const rejected = read.documents.some((entry) => entry.document.kind === '997' && entry.document.groupStatus === 'R');
    const base = rejected
      ? `${setup.name} rejected purchase order ${order.poNumber} (997)`
      : `Purchase order ${order.poNumber} sent to ${setup.name}; it answered ${describeSets(sets)}`;
    const saved = await context.store.record({
      wholesalerId, actorUserId: context.actorUserId, purpose: 'submit', orderId: order.orderId, requestMethod: 'POST',
      requestUrl: answer.url, requestBody: interchange, responseStatus: answer.status, responseBody: answer.body,
      outcome: read.unreadable.length > 0 ? 'error' : 'ok', detail: withProblems(base, read.unreadable), documents: [...sentDocuments, ...read.documents],
      receivedInterchange: null, orderSent: true,
    });
    return { ok: !rejected, message: withProblems(base, [...read.unreadable, ...saved.refused]), documents: sets };
  });
}

/**
 * Sync: GET ?after= from the last control number received, one interchange per answer, until 204 (at most
 * MAX_INTERCHANGES_PER_SYNC). Each interchange is recorded on its own, so what was read stays read if a later
 * one fails; a document seen before changes nothing.
 */
export async function syncWholesaler(context: ExchangeContext, wholesalerId: string): Promise<ExchangeResult> {
  const setup = await context.store.setup(wholesalerId, false);
  return guarded(context, setup, 'sync', null, 'GET', null, async (endpoint) => {
    let after = setup.lastReceivedControlNumber;
    const received: string[] = [];
    const problems: string[] = [];
    let recorded = 0;
    for (let round = 0; round < MAX_INTERCHANGES_PER_SYNC; round++) {
      const answer = await getInterchangeAfter(endpoint, after);
      const problem = answerProblem(answer);
      if (problem) return recordFailure(context, setup, 'sync', null, { method: 'GET', url: answer.url, requestBody: null, detail: problem, answer });
      if (answer.status === 204 || answer.body.trim() === '') {
        if (round === 0) {
          await context.store.record({
            wholesalerId, actorUserId: context.actorUserId, purpose: 'sync', orderId: null, requestMethod: 'GET', requestUrl: answer.url,
            requestBody: null, responseStatus: answer.status, responseBody: null, outcome: 'ok',
            detail: `${setup.name}: no new documents`, documents: [], receivedInterchange: null, orderSent: false,
          });
        }
        break;
      }
      const read = readAnswer(answer.body, setup);
      if (!read.ok) {
        // Kept raw in the exchange; the sync moves past it (when its number can be read) rather than asking forever.
        const skipped = isaControlNumber(answer.body);
        await recordFailure(context, setup, 'sync', null, {
          method: 'GET', url: answer.url, requestBody: null, detail: read.error, answer, receivedInterchange: skipped !== null && skipped > after ? skipped : null,
        });
        if (skipped === null || skipped <= after) return { ok: false, message: read.error, documents: received };
        problems.push(read.error);
        after = skipped;
        continue;
      }
      if (read.interchange.controlNumber <= after) {
        return recordFailure(context, setup, 'sync', null, {
          method: 'GET', url: answer.url, requestBody: null, answer,
          detail: `${setup.name} answered interchange ${read.interchange.controlNumber}, not one after ${after}`,
        });
      }
      const sets = setsOf(read.documents);
      const saved = await context.store.record({
        wholesalerId, actorUserId: context.actorUserId, purpose: 'sync', orderId: null, requestMethod: 'GET', requestUrl: answer.url,
        requestBody: null, responseStatus: answer.status, responseBody: answer.body, outcome: read.unreadable.length > 0 ? 'error' : 'ok',
        detail: withProblems(`${setup.name}: interchange ${read.interchange.controlNumber} with ${describeSets(sets)}`, read.unreadable),
        documents: read.documents, receivedInterchange: read.interchange.controlNumber, orderSent: false,
      });
      problems.push(...read.unreadable, ...saved.refused);
      received.push(...saved.newSets);
      recorded += saved.recorded;
      after = read.interchange.controlNumber;
    }
    const message = received.length === 0
      ? `${setup.name}: no new documents`
      : `${setup.name}: ${recorded} new document${recorded === 1 ? '' : 's'} (${describeSets([...new Set(received)])})`;
    return { ok: problems.length === 0, message: withProblems(message, problems), documents: received };
  });
}
