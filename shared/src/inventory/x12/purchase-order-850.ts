/**
 * The 850 Purchase Order (004010) the pharmacy sends its wholesaler, as pharmacy wholesaler guides lay it out:
 *   BEG*00*SA*{PO number}**{CCYYMMDD}      original, stand-alone order
 *   REF*IA*{account number}                our account (internal vendor number) at the wholesaler
 *   N1*ST*{pharmacy name}*11*{DEA number}  ship-to, identified by its DEA registration (qualifier 11); a pharmacy
 *                                          without one is named by the wholesaler's own number (91, assigned by seller)
 *   PO1*{line}*{qty}*EA*{unit price}**N4*{NDC 5-4-2}   one per line; the price is optional (the contract price applies)
 *   CTT*{number of PO1}
 * The wholesaler's test double reads it back with `readPurchaseOrder`.
 */
import { type GroupDraft, type InterchangeHeader, type ParsedTransactionSet, type TransactionSetDraft, buildInterchange, elementOf } from './envelope.ts';
import { bodyOf, checkTransactionTotals, invalid, optionalElement, required, requiredElement, theSegment } from './transaction-set.ts';
import {
  X12BuildError, formatMoneyCents, formatNdcN4, formatQuantity, formatX12Date, localDateTime, parseMoneyCents, parseNdcN4, parseQuantity,
  parseX12Date, x12Identifier, x12Text,
} from './x12-values.ts';

/** N103: 11 = DEA number, 91 = assigned by the seller (the wholesaler's store number), 1 = DUNS. */
export type ShipToIdQualifier = '11' | '91' | '1';

export interface ShipTo {
  name: string;
  idQualifier: ShipToIdQualifier;
  id: string;
}

export interface PurchaseOrderLineInput {
  ndc11: string;
  quantity: number;
  /** Omitted: the wholesaler prices the line (contract price). */
  unitCostCents?: number;
}

export interface PurchaseOrderInput {
  poNumber: string;
  /** The order date (YYYY-MM-DD); the interchange's local date when absent. */
  orderDate?: string;
  accountNumber: string;
  shipTo: ShipTo;
  lines: PurchaseOrderLineInput[];
}

export interface PurchaseOrderLine {
  lineNumber: string;
  ndc11: string;
  quantity: number;
  unit: string;
  unitCostCents?: number;
}

export interface PurchaseOrderDocument {
  kind: '850';
  controlNumber: string;
  raw: string;
  /** BEG01: 00 original, 01 cancellation, 05 replace… */
  purpose: string;
  /** BEG02: SA stand-alone. */
  orderType: string;
  poNumber: string;
  orderDate: string;
  accountNumber?: string;
  shipTo?: { name: string; idQualifier?: string; id?: string };
  lines: PurchaseOrderLine[];
}

export const MAX_ORDER_LINES = 9_999;

/** The 850 between ST and SE. */
export function purchaseOrderTransactionSet(order: PurchaseOrderInput, orderDate: string, controlNumber?: string): TransactionSetDraft {
  if (order.lines.length === 0) throw new X12BuildError('A purchase order needs at least one line.');
  if (order.lines.length > MAX_ORDER_LINES) throw new X12BuildError(`A purchase order may have at most ${MAX_ORDER_LINES} lines.`);
  const shipToName = x12Text(order.shipTo.name, 60);
  if (shipToName === '') throw new X12BuildError('The ship-to name is empty.');
  const segments: string[][] = [
    ['BEG', '00', 'SA', x12Identifier(order.poNumber, 'The PO number', 1, 22), '', formatX12Date(order.orderDate ?? orderDate, 'The order date')],
    ['REF', 'IA', x12Identifier(order.accountNumber, 'The account number', 1, 30)],
    ['N1', 'ST', shipToName, order.shipTo.idQualifier, x12Identifier(order.shipTo.id, 'The ship-to id', 2, 80)],
  ];
  order.lines.forEach((line, index) => {
    const label = `Line ${index + 1}`;
    if (line.quantity < 1) throw new X12BuildError(`${label}: the quantity must be at least 1.`);
    segments.push([
      'PO1', String(index + 1), formatQuantity(line.quantity, `${label}: the quantity`), 'EA',
      line.unitCostCents === undefined ? '' : formatMoneyCents(line.unitCostCents), '', 'N4', formatNdcN4(line.ndc11),
    ]);
  });
  segments.push(['CTT', String(order.lines.length)]);
  return { id: '850', controlNumber, segments };
}

export interface PurchaseOrderInterchangeInput extends InterchangeHeader, PurchaseOrderInput {
  groupControlNumber: number;
}

/** One interchange holding one PO group with this 850. */
export function buildPurchaseOrderInterchange(input: PurchaseOrderInterchangeInput): string {
  const { date } = localDateTime(input.createdAt, input.timeZone);
  const group: GroupDraft = { controlNumber: input.groupControlNumber, transactionSets: [purchaseOrderTransactionSet(input, date)] };
  return buildInterchange(input, [group]);
}

/** Reads an 850; throws TransactionSetError (caught by `parseInterchange`) when malformed. */
export function readPurchaseOrder(set: ParsedTransactionSet): PurchaseOrderDocument {
  const body = bodyOf(set.segments);
  const beg = theSegment(body, 'BEG', 'purchase order (850)');
  const ref = body.find((segment) => segment.tag === 'REF' && elementOf(segment, 1) === 'IA');
  const n1 = body.find((segment) => segment.tag === 'N1' && elementOf(segment, 1) === 'ST');
  const lines = body.filter((segment) => segment.tag === 'PO1').map((po1): PurchaseOrderLine => {
    const where = `PO1 segment ${po1.position}`;
    if (elementOf(po1, 6) !== 'N4') invalid(`The ${where} does not identify its product by NDC (N4 in PO106).`);
    const price = optionalElement(po1, 4);
    return {
      lineNumber: requiredElement(po1, 1, 'line number'),
      ndc11: required(parseNdcN4(requiredElement(po1, 7, 'NDC'))),
      quantity: required(parseQuantity(requiredElement(po1, 2, 'quantity'), `The quantity of ${where}`)),
      unit: requiredElement(po1, 3, 'unit of measure'),
      ...(price === undefined ? {} : { unitCostCents: required(parseMoneyCents(price, `The unit price of ${where}`)) }),
    };
  });
  if (lines.length === 0) invalid('The purchase order (850) has no PO1 lines.');
  checkTransactionTotals(body, lines.length, 'PO1 lines');
  return {
    kind: '850',
    controlNumber: set.controlNumber,
    raw: set.raw,
    purpose: requiredElement(beg, 1, 'purpose code'),
    orderType: requiredElement(beg, 2, 'order type'),
    poNumber: requiredElement(beg, 3, 'PO number'),
    orderDate: required(parseX12Date(requiredElement(beg, 5, 'order date'), 'The order date BEG05')),
    ...(ref ? { accountNumber: requiredElement(ref, 2, 'account number') } : {}),
    ...(n1
      ? { shipTo: { name: elementOf(n1, 2), ...(optionalElement(n1, 3) ? { idQualifier: elementOf(n1, 3), id: elementOf(n1, 4) } : {}) } }
      : {}),
    lines,
  };
}
