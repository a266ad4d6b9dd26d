/**
 * The test wholesaler's X12 (the one file that reads and writes it, with shared/src/inventory/x12/): an incoming
 * interchange is answered by one interchange holding a 997 per functional group received (FA group) and an 855 per
 * purchase order read (PR group); each order that ships then gets an 856 and an 810, one interchange each, in the
 * account's outbox. Our interchanges go from the party the pharmacy addressed (its ISA07/08 and GS03) back to the
 * pharmacy (ISA05/06, GS02), with the request's usage indicator (P or T) and the account's control numbers.
 */
import { type GroupDraft, type InterchangeHeader, type TransactionSetDraft, buildInterchange } from '../../../../shared/src/inventory/x12/envelope.ts';
import { functionalAckFor, functionalAckTransactionSet } from '../../../../shared/src/inventory/x12/functional-ack-997.ts';
import { type X12Interchange, parseInterchange } from '../../../../shared/src/inventory/x12/interchange.ts';
import { invoiceTransactionSet } from '../../../../shared/src/inventory/x12/invoice-810.ts';
import { type PoAckInput, poAckTransactionSet } from '../../../../shared/src/inventory/x12/po-ack-855.ts';
import type { PurchaseOrderDocument } from '../../../../shared/src/inventory/x12/purchase-order-850.ts';
import { shipNoticeTransactionSet } from '../../../../shared/src/inventory/x12/ship-notice-856.ts';
import { X12BuildError, localDateTime } from '../../../../shared/src/inventory/x12/x12-values.ts';
import type { Account, SentInterchange } from './accounts.ts';
import { type Fulfilment, fulfil, orderKey } from './fulfilment.ts';

/** The carrier named in every 856. */
export const TEST_CARRIER = { scac: 'TWDL', name: 'Test Wholesaler Delivery' } as const;
/** BSN04: the time every 856 is made, on its ship date. */
export const SHIP_NOTICE_TIME = '06:00';

export type Exchange =
  | { ok: true; response: SentInterchange; orders: { fulfilment: Fulfilment; repeat: boolean }[]; queued: SentInterchange[] }
  | { ok: false; error: string };

function orderOf(document: PurchaseOrderDocument): Parameters<typeof fulfil>[0] {
  return {
    poNumber: document.poNumber,
    purpose: document.purpose,
    orderDate: document.orderDate,
    ...(document.accountNumber === undefined ? {} : { accountNumber: document.accountNumber }),
    lines: document.lines.map((line) => ({
      lineNumber: line.lineNumber,
      ndc11: line.ndc11,
      quantity: line.quantity,
      ...(line.unitCostCents === undefined ? {} : { unitCostCents: line.unitCostCents }),
    })),
  };
}

function poAckOf(fulfilment: Fulfilment, acknowledgedOn: string): PoAckInput {
  const common = { poNumber: fulfilment.poNumber, poDate: fulfilment.orderDate, acknowledgedOn, sellerOrderNumber: `SO${orderKey(fulfilment.poNumber)}` };
  if (fulfilment.rejected !== undefined) return { ...common, ackType: 'RJ', lines: [] };
  const statuses = fulfilment.decisions.map((decision) => decision.status);
  const ackType = statuses.every((status) => status === 'IA') ? 'AD' : statuses.every((status) => status === 'IR') ? 'RD' : 'AC';
  return {
    ...common,
    ackType,
    lines: fulfilment.decisions.map((decision) => ({
      lineNumber: decision.line.lineNumber,
      ndc11: decision.line.ndc11,
      quantityOrdered: decision.line.quantity,
      unitPriceCents: decision.unitPriceCents,
      acks: [{
        status: decision.status,
        quantity: decision.ackQuantity,
        ...(decision.expectedShipDate === undefined ? {} : { expectedShipDate: decision.expectedShipDate }),
        ...(decision.status === 'IS' ? { substituteNdc11: decision.shippedNdc11 } : {}),
      }],
    })),
  };
}

function shipNoticeOf(fulfilment: Fulfilment): TransactionSetDraft {
  return shipNoticeTransactionSet({
    shipmentId: fulfilment.shipmentId,
    noticeDate: fulfilment.shipDate,
    noticeTime: SHIP_NOTICE_TIME,
    shipDate: fulfilment.shipDate,
    carrier: { ...TEST_CARRIER },
    trackingNumber: fulfilment.trackingNumber,
    orders: [{
      poNumber: fulfilment.poNumber,
      items: fulfilment.shipped.map((item) => ({ ndc11: item.ndc11, lot: item.lot, quantity: item.quantity, expiry: item.expiry, serialNumbers: item.serialNumbers })),
    }],
  });
}

function invoiceOf(fulfilment: Fulfilment, accountNumber: string | undefined): TransactionSetDraft {
  return invoiceTransactionSet({
    invoiceNumber: fulfilment.invoiceNumber,
    invoiceDate: fulfilment.shipDate,
    poNumber: fulfilment.poNumber,
    poDate: fulfilment.orderDate,
    ...(accountNumber === undefined ? {} : { accountNumber }),
    lines: fulfilment.shipped.map((item) => ({ lineNumber: item.lineNumber, ndc11: item.ndc11, quantity: item.quantity, unitPriceCents: item.unitPriceCents })),
  });
}

/** Our side of the exchange: from whom the pharmacy addressed, to the pharmacy. */
function replyHeader(request: X12Interchange, account: Account, createdAt: Date): InterchangeHeader {
  const group = request.groups[0];
  // GS application codes are 2 to 15 characters; a shorter one falls back to the ISA id.
  const code = (value: string | undefined) => (value !== undefined && value.length >= 2 ? { applicationCode: value } : {});
  return {
    sender: { ...request.receiver, ...code(group?.receiverCode) },
    receiver: { ...request.sender, ...code(group?.senderCode) },
    controlNumber: account.takeInterchangeNumber(),
    createdAt,
    usage: request.usage,
  };
}

function sent(header: InterchangeHeader, groups: GroupDraft[]): SentInterchange {
  return {
    controlNumber: header.controlNumber,
    sets: groups.flatMap((group) => group.transactionSets.map((set) => set.id)),
    body: buildInterchange(header, groups),
  };
}

/**
 * Answers one interchange from a pharmacy: the reply to send back at once, the orders it held, and the 856/810
 * interchanges queued in the account's outbox. An unreadable envelope, or values the reply cannot carry, give the
 * reason instead (nothing is queued then).
 */
export function answerInterchange(text: string, account: Account, now: Date): Exchange {
  const parsed = parseInterchange(text);
  if (!parsed.ok) return { ok: false, error: `The interchange cannot be read: ${parsed.error}` };
  const request = parsed.interchange;
  if (request.groups.length === 0) return { ok: false, error: 'The interchange has no functional group to acknowledge.' };
  const today = localDateTime(now).date;
  const inThisInterchange = new Map<string, Fulfilment>();
  try {
    const orders = request.groups
      .flatMap((group) => group.documents)
      .filter((document): document is PurchaseOrderDocument => document.kind === '850')
      .map((document) => {
        // A PO number already taken, before or earlier in this interchange, is acknowledged as first taken.
        const known = account.order(document.poNumber) ?? inThisInterchange.get(document.poNumber);
        const fulfilment = known ?? fulfil(orderOf(document));
        inThisInterchange.set(document.poNumber, fulfilment);
        return { fulfilment, repeat: known !== undefined, accountNumber: document.accountNumber };
      });
    const groups: GroupDraft[] = [
      { controlNumber: account.takeGroupNumber(), transactionSets: request.groups.map((group, index) => functionalAckTransactionSet(functionalAckFor(group), String(index + 1).padStart(4, '0'))) },
    ];
    if (orders.length > 0) {
      groups.push({ controlNumber: account.takeGroupNumber(), transactionSets: orders.map(({ fulfilment }, index) => poAckTransactionSet(poAckOf(fulfilment, today), String(index + 1).padStart(4, '0'))) });
    }
    const response = sent(replyHeader(request, account, now), groups);
    const queued: SentInterchange[] = [];
    for (const { fulfilment, repeat, accountNumber } of orders) {
      if (repeat || fulfilment.shipped.length === 0) continue;
      queued.push(sent(replyHeader(request, account, now), [{ controlNumber: account.takeGroupNumber(), transactionSets: [shipNoticeOf(fulfilment)] }]));
      queued.push(sent(replyHeader(request, account, now), [{ controlNumber: account.takeGroupNumber(), transactionSets: [invoiceOf(fulfilment, accountNumber)] }]));
    }
    // Only a reply that could be written changes the account.
    for (const { fulfilment, repeat } of orders) if (!repeat) account.rememberOrder(fulfilment);
    account.send(response);
    for (const interchange of queued) account.send(interchange);
    return { ok: true, response, orders: orders.map(({ fulfilment, repeat }) => ({ fulfilment, repeat })), queued };
  } catch (error) {
    if (error instanceof X12BuildError) return { ok: false, error: `The wholesaler cannot answer this interchange: ${error.message}` };
    throw error;
  }
}
