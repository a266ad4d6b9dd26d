/**
 * The 855 Purchase Order Acknowledgment (004010): what the wholesaler will ship of each ordered line.
 *   BAK*00*{AC|AD|AK|RJ|RD…}*{PO number}*{PO date}****{seller order number}*{acknowledgment date}
 *   PO1*{line}*{qty ordered}*EA*{unit price}**N4*{NDC}        each line as ordered
 *   ACK*{status}*{qty}*EA[*068*{expected ship date}]****N4*{substitute NDC}   one or more per line
 *   CTT*{number of PO1}
 * ACK01 (668): IA accepted, IB backordered, IQ quantity changed, IR rejected, IS substituted. A line may carry
 * several ACKs (6 accepted and 4 backordered). A substitute is named in the ACK itself: ACK07/ACK08 are a product
 * id qualifier and id (code list 235 allows N4), which pharmacy wholesaler 855 guides use rather than a following
 * PID/LIN; the ACK's quantity is of that substitute.
 */
import { type GroupDraft, type InterchangeHeader, type ParsedTransactionSet, type TransactionSetDraft, buildInterchange, elementOf } from './envelope.ts';
import { bodyOf, checkTransactionTotals, invalid, optionalElement, required, requiredElement, theSegment } from './transaction-set.ts';
import {
  X12BuildError, formatMoneyCents, formatNdcN4, formatQuantity, formatX12Date, parseMoneyCents, parseNdcN4, parseQuantity, parseX12Date,
  x12Identifier,
} from './x12-values.ts';

/** BAK02 (587): AC with detail and change, AD with detail no change, AK no detail no change, RD rejected with detail, RJ rejected. */
export type PoAckType = 'AC' | 'AD' | 'AK' | 'RD' | 'RJ';
export type LineAckStatus = 'IA' | 'IB' | 'IQ' | 'IR' | 'IS';

export interface LineAckInput {
  status: LineAckStatus;
  quantity: number;
  /** ACK04 068 (current schedule ship) and ACK05: when a backorder is expected to ship. */
  expectedShipDate?: string;
  /** IS: the NDC shipped instead. */
  substituteNdc11?: string;
}

export interface PoAckLineInput {
  /** PO101 as ordered; the line's position when absent. */
  lineNumber?: string;
  ndc11: string;
  quantityOrdered: number;
  unitPriceCents?: number;
  acks: LineAckInput[];
}

export interface PoAckInput {
  ackType: PoAckType;
  poNumber: string;
  poDate: string;
  acknowledgedOn?: string;
  sellerOrderNumber?: string;
  lines: PoAckLineInput[];
}

export interface LineAck {
  status: string;
  quantity: number;
  unit: string;
  expectedShipDate?: string;
  substituteNdc11?: string;
}

export interface PoAckLine {
  lineNumber: string;
  ndc11: string;
  quantityOrdered: number;
  unit: string;
  unitPriceCents?: number;
  acks: LineAck[];
}

export interface PoAckDocument {
  kind: '855';
  controlNumber: string;
  raw: string;
  purpose: string;
  ackType: string;
  poNumber: string;
  poDate: string;
  acknowledgedOn?: string;
  sellerOrderNumber?: string;
  lines: PoAckLine[];
}

export function poAckTransactionSet(ack: PoAckInput, controlNumber?: string): TransactionSetDraft {
  const segments: string[][] = [[
    'BAK', '00', ack.ackType, x12Identifier(ack.poNumber, 'The PO number', 1, 22), formatX12Date(ack.poDate, 'The PO date'), '', '', '',
    ack.sellerOrderNumber === undefined ? '' : x12Identifier(ack.sellerOrderNumber, 'The seller order number', 1, 30),
    ack.acknowledgedOn === undefined ? '' : formatX12Date(ack.acknowledgedOn, 'The acknowledgment date'),
  ]];
  ack.lines.forEach((line, index) => {
    const label = `Line ${index + 1}`;
    segments.push([
      'PO1', x12Identifier(line.lineNumber ?? String(index + 1), `${label}: the line number`, 1, 20), formatQuantity(line.quantityOrdered, `${label}: the quantity ordered`), 'EA',
      line.unitPriceCents === undefined ? '' : formatMoneyCents(line.unitPriceCents), '', 'N4', formatNdcN4(line.ndc11),
    ]);
    if (line.acks.length === 0) throw new X12BuildError(`${label} needs at least one ACK status.`);
    for (const lineAck of line.acks) {
      if (lineAck.status === 'IS' && lineAck.substituteNdc11 === undefined) throw new X12BuildError(`${label}: a substitution (IS) names the substitute NDC.`);
      segments.push([
        'ACK', lineAck.status, formatQuantity(lineAck.quantity, `${label}: the acknowledged quantity`), 'EA',
        lineAck.expectedShipDate === undefined ? '' : '068', lineAck.expectedShipDate === undefined ? '' : formatX12Date(lineAck.expectedShipDate, 'The expected ship date'),
        '', lineAck.substituteNdc11 === undefined ? '' : 'N4', lineAck.substituteNdc11 === undefined ? '' : formatNdcN4(lineAck.substituteNdc11),
      ]);
    }
  });
  segments.push(['CTT', String(ack.lines.length)]);
  return { id: '855', controlNumber, segments };
}

export interface PoAckInterchangeInput extends InterchangeHeader, PoAckInput {
  groupControlNumber: number;
}

export function buildPoAckInterchange(input: PoAckInterchangeInput): string {
  const group: GroupDraft = { controlNumber: input.groupControlNumber, transactionSets: [poAckTransactionSet(input)] };
  return buildInterchange(input, [group]);
}

export function readPoAck(set: ParsedTransactionSet): PoAckDocument {
  const body = bodyOf(set.segments);
  const bak = theSegment(body, 'BAK', 'purchase order acknowledgment (855)');
  const lines: PoAckLine[] = [];
  for (const segment of body) {
    const where = `${segment.tag} segment ${segment.position}`;
    if (segment.tag === 'PO1') {
      if (elementOf(segment, 6) !== 'N4') invalid(`The ${where} does not identify its product by NDC (N4 in PO106).`);
      const price = optionalElement(segment, 4);
      lines.push({
        lineNumber: requiredElement(segment, 1, 'line number'),
        ndc11: required(parseNdcN4(requiredElement(segment, 7, 'NDC'))),
        quantityOrdered: required(parseQuantity(requiredElement(segment, 2, 'quantity'), `The quantity of ${where}`)),
        unit: requiredElement(segment, 3, 'unit of measure'),
        ...(price === undefined ? {} : { unitPriceCents: required(parseMoneyCents(price, `The unit price of ${where}`)) }),
        acks: [],
      });
    } else if (segment.tag === 'ACK') {
      const line = lines.at(-1);
      if (!line) invalid(`The ${where} comes before any PO1 line.`);
      const dateQualifier = optionalElement(segment, 4);
      const productQualifier = optionalElement(segment, 7);
      if (productQualifier !== undefined && productQualifier !== 'N4') invalid(`The ${where} names its substitute by ${productQualifier}, not by NDC (N4).`);
      line.acks.push({
        status: requiredElement(segment, 1, 'line status'),
        quantity: required(parseQuantity(requiredElement(segment, 2, 'quantity'), `The quantity of ${where}`)),
        unit: requiredElement(segment, 3, 'unit of measure'),
        ...(dateQualifier === undefined ? {} : { expectedShipDate: required(parseX12Date(requiredElement(segment, 5, 'date'), `The date of ${where}`)) }),
        ...(productQualifier === undefined ? {} : { substituteNdc11: required(parseNdcN4(requiredElement(segment, 8, 'substitute NDC'))) }),
      });
    }
  }
  checkTransactionTotals(body, lines.length, 'PO1 lines');
  const sellerOrderNumber = optionalElement(bak, 8);
  const acknowledgedOn = optionalElement(bak, 9);
  return {
    kind: '855',
    controlNumber: set.controlNumber,
    raw: set.raw,
    purpose: requiredElement(bak, 1, 'purpose code'),
    ackType: requiredElement(bak, 2, 'acknowledgment type'),
    poNumber: requiredElement(bak, 3, 'PO number'),
    poDate: required(parseX12Date(requiredElement(bak, 4, 'PO date'), 'The PO date BAK04')),
    ...(acknowledgedOn === undefined ? {} : { acknowledgedOn: required(parseX12Date(acknowledgedOn, 'The acknowledgment date BAK09')) }),
    ...(sellerOrderNumber === undefined ? {} : { sellerOrderNumber }),
    lines,
  };
}
