/**
 * Reading a whole X12 interchange from a wholesaler (or, for the test wholesaler, from the pharmacy) into typed
 * documents: the envelope is checked by `envelope.ts`, then each transaction set is read by its own module. A set
 * we do not handle is `{ kind: 'unknown', id }`; a set we handle but cannot read is `{ kind: 'invalid', id, error }`
 * so the rest still reads and the receiver can reject just that set in its 997. Never throws on hostile input.
 */
import { type ParsedEnvelope, type ParsedTransactionSet, type X12Delimiters, type X12Party, parseEnvelope } from './envelope.ts';
import { type FunctionalAckDocument, readFunctionalAck } from './functional-ack-997.ts';
import { type InvoiceDocument, readInvoice } from './invoice-810.ts';
import { type PoAckDocument, readPoAck } from './po-ack-855.ts';
import { type PurchaseOrderDocument, readPurchaseOrder } from './purchase-order-850.ts';
import { type ShipNoticeDocument, readShipNotice } from './ship-notice-856.ts';
import { TransactionSetError } from './transaction-set.ts';

export interface UnknownDocument {
  kind: 'unknown';
  id: string;
  controlNumber: string;
  raw: string;
}

export interface InvalidDocument {
  kind: 'invalid';
  id: string;
  controlNumber: string;
  raw: string;
  error: string;
}

export type X12Document =
  | PurchaseOrderDocument
  | FunctionalAckDocument
  | PoAckDocument
  | ShipNoticeDocument
  | InvoiceDocument
  | UnknownDocument
  | InvalidDocument;

export interface X12Group {
  functionalId: string;
  controlNumber: number;
  senderCode: string;
  receiverCode: string;
  date: string;
  time: string;
  version: string;
  documents: X12Document[];
}

export interface X12Interchange {
  controlNumber: number;
  sender: X12Party;
  receiver: X12Party;
  date: string;
  time: string;
  usage: 'P' | 'T';
  delimiters: X12Delimiters;
  groups: X12Group[];
}

export type InterchangeParse = { ok: true; interchange: X12Interchange } | { ok: false; error: string };

const READERS: Record<string, (set: ParsedTransactionSet) => X12Document> = {
  '850': readPurchaseOrder,
  '997': readFunctionalAck,
  '855': readPoAck,
  '856': readShipNotice,
  '810': readInvoice,
};

function documentOf(set: ParsedTransactionSet): X12Document {
  const reader = READERS[set.id];
  if (!reader) return { kind: 'unknown', id: set.id, controlNumber: set.controlNumber, raw: set.raw };
  try {
    return reader(set);
  } catch (error) {
    if (!(error instanceof TransactionSetError)) throw error;
    return { kind: 'invalid', id: set.id, controlNumber: set.controlNumber, raw: set.raw, error: error.message };
  }
}

function interchangeOf(envelope: ParsedEnvelope): X12Interchange {
  const { groups, ...header } = envelope;
  return {
    ...header,
    groups: groups.map(({ transactionSets, ...group }) => ({ ...group, documents: transactionSets.map(documentOf) })),
  };
}

/** Reads an interchange; a malformed envelope is `{ ok: false, error }` naming the segment. */
export function parseInterchange(text: string): InterchangeParse {
  const envelope = parseEnvelope(text);
  if (!envelope.ok) return { ok: false, error: envelope.error };
  return { ok: true, interchange: interchangeOf(envelope.value) };
}

/** Every document of an interchange in order, across its groups. */
export function documentsOf(interchange: X12Interchange): X12Document[] {
  return interchange.groups.flatMap((group) => group.documents);
}
