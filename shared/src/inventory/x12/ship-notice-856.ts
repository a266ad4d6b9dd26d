/**
 * The 856 Ship Notice/Manifest (004010): what the wholesaler shipped, by order, NDC and lot, so receiving can check
 * the totes against it and record lots, expiries and (DSCSA) serial numbers.
 *   BSN*00*{shipment id}*{CCYYMMDD}*{HHMM}*0004     structure 0004: Shipment, Order, Item
 *   HL*1**S   TD5**2*{carrier SCAC}**{carrier name (routing)}   REF*CN*{tracking number}   DTM*011*{ship date}
 *   HL*2*1*O  PRF*{PO number}
 *   HL*3*2*I  LIN**N4*{NDC}*LT*{lot}   SN1**{qty}*EA   DTM*036*{expiry}   REF*SE*{serial} (one per serial number)
 *   CTT*{number of HL}
 * One item loop is one NDC in one lot. Serial numbers ride in REF*SE under their item: item-level serialized 856s in
 * 004010 pharmacy guides do this, and it keeps the S/O/I structure; guides that instead nest pack (P) levels with
 * MAN*GM (SSCC) are read too: an item under a pack or tare level belongs to the order above it, MAN is ignored.
 */
import { type GroupDraft, type InterchangeHeader, type ParsedTransactionSet, type TransactionSetDraft, type X12Segment, buildInterchange, elementOf } from './envelope.ts';
import { bodyOf, checkTransactionTotals, invalid, optionalElement, required, requiredElement, theSegment } from './transaction-set.ts';
import {
  X12BuildError, formatNdcN4, formatQuantity, formatX12Date, formatX12Time, parseNdcN4, parseQuantity, parseX12Date, parseX12Time, x12Identifier,
  x12Text,
} from './x12-values.ts';

export interface ShipNoticeItemInput {
  ndc11: string;
  lot?: string;
  quantity: number;
  /** YYYY-MM-DD. */
  expiry?: string;
  serialNumbers?: string[];
}

export interface ShipNoticeInput {
  shipmentId: string;
  /** BSN03/BSN04: when the notice was made; DTM*011 is `shipDate`. */
  noticeDate: string;
  noticeTime: string;
  shipDate: string;
  carrier?: { scac?: string; name?: string };
  trackingNumber?: string;
  orders: { poNumber: string; items: ShipNoticeItemInput[] }[];
}

export interface ShipNoticeItem {
  ndc11: string;
  lot?: string;
  quantity: number;
  unit: string;
  expiry?: string;
  serialNumbers: string[];
}

export interface ShipNoticeDocument {
  kind: '856';
  controlNumber: string;
  raw: string;
  purpose: string;
  shipmentId: string;
  noticeDate: string;
  noticeTime?: string;
  shipDate?: string;
  carrier?: { scac?: string; name?: string };
  trackingNumber?: string;
  orders: { poNumber: string; items: ShipNoticeItem[] }[];
}

export function shipNoticeTransactionSet(notice: ShipNoticeInput, controlNumber?: string): TransactionSetDraft {
  if (notice.orders.length === 0) throw new X12BuildError('A ship notice needs at least one order.');
  const segments: string[][] = [
    ['BSN', '00', x12Identifier(notice.shipmentId, 'The shipment id', 2, 30), formatX12Date(notice.noticeDate, 'The notice date'), formatX12Time(notice.noticeTime, 'The notice time'), '0004'],
    ['HL', '1', '', 'S'],
  ];
  if (notice.carrier) {
    const scac = notice.carrier.scac === undefined ? '' : x12Identifier(notice.carrier.scac, 'The carrier SCAC', 2, 4);
    segments.push(['TD5', '', scac === '' ? '' : '2', scac, '', x12Text(notice.carrier.name ?? '', 35)]);
  }
  if (notice.trackingNumber !== undefined) segments.push(['REF', 'CN', x12Identifier(notice.trackingNumber, 'The tracking number', 1, 30)]);
  segments.push(['DTM', '011', formatX12Date(notice.shipDate, 'The ship date')]);
  let hl = 1;
  for (const order of notice.orders) {
    const orderHl = ++hl;
    segments.push(['HL', String(orderHl), '1', 'O'], ['PRF', x12Identifier(order.poNumber, 'The PO number', 1, 22)]);
    if (order.items.length === 0) throw new X12BuildError(`Order ${order.poNumber} in the ship notice has no items.`);
    for (const item of order.items) {
      const label = `NDC ${item.ndc11}`;
      segments.push(
        ['HL', String(++hl), String(orderHl), 'I'],
        ['LIN', '', 'N4', formatNdcN4(item.ndc11), ...(item.lot === undefined ? [] : ['LT', x12Identifier(item.lot, `The lot of ${label}`, 1, 48)])],
        ['SN1', '', formatQuantity(item.quantity, `The quantity of ${label}`), 'EA'],
      );
      if (item.expiry !== undefined) segments.push(['DTM', '036', formatX12Date(item.expiry, `The expiry of ${label}`)]);
      for (const serial of item.serialNumbers ?? []) segments.push(['REF', 'SE', x12Identifier(serial, `A serial number of ${label}`, 1, 30)]);
    }
  }
  segments.push(['CTT', String(hl)]);
  return { id: '856', controlNumber, segments };
}

export interface ShipNoticeInterchangeInput extends InterchangeHeader, ShipNoticeInput {
  groupControlNumber: number;
}

export function buildShipNoticeInterchange(input: ShipNoticeInterchangeInput): string {
  const group: GroupDraft = { controlNumber: input.groupControlNumber, transactionSets: [shipNoticeTransactionSet(input)] };
  return buildInterchange(input, [group]);
}

interface Level {
  id: string;
  code: string;
  /** The nearest order level at or above this one, found once when the level is read (no walk per item). */
  order?: Level;
  segments: X12Segment[];
}

function itemOf(level: Level): ShipNoticeItem {
  const lin = level.segments.find((segment) => segment.tag === 'LIN');
  const sn1 = level.segments.find((segment) => segment.tag === 'SN1');
  const where = `item HL ${level.id}`;
  if (!lin) invalid(`The ${where} has no LIN segment.`);
  if (!sn1) invalid(`The ${where} has no SN1 (quantity shipped) segment.`);
  // LIN pairs product id qualifier and id from LIN02/LIN03 on.
  let ndc11: string | undefined;
  let lot: string | undefined;
  for (let n = 2; n + 1 <= lin.elements.length; n += 2) {
    const qualifier = elementOf(lin, n);
    if (qualifier === 'N4') ndc11 = required(parseNdcN4(requiredElement(lin, n + 1, 'NDC')));
    if (qualifier === 'LT') lot = requiredElement(lin, n + 1, 'lot number');
  }
  if (ndc11 === undefined) invalid(`The LIN segment ${lin.position} does not identify its product by NDC (N4).`);
  const expiry = level.segments.find((segment) => segment.tag === 'DTM' && elementOf(segment, 1) === '036');
  lot ??= optionalElement(level.segments.find((segment) => segment.tag === 'REF' && elementOf(segment, 1) === 'LT'), 2);
  return {
    ndc11,
    ...(lot === undefined ? {} : { lot }),
    quantity: required(parseQuantity(requiredElement(sn1, 2, 'quantity shipped'), `The quantity of SN1 segment ${sn1.position}`)),
    unit: requiredElement(sn1, 3, 'unit of measure'),
    ...(expiry ? { expiry: required(parseX12Date(requiredElement(expiry, 2, 'expiry date'), `The expiry of DTM segment ${expiry.position}`)) } : {}),
    serialNumbers: level.segments.filter((segment) => segment.tag === 'REF' && elementOf(segment, 1) === 'SE').map((segment) => requiredElement(segment, 2, 'serial number')),
  };
}

export function readShipNotice(set: ParsedTransactionSet): ShipNoticeDocument {
  const body = bodyOf(set.segments);
  const bsn = theSegment(body, 'BSN', 'ship notice (856)');
  const levels: Level[] = [];
  const byId = new Map<string, Level>();
  for (const segment of body) {
    if (segment.tag === 'HL') {
      const id = requiredElement(segment, 1, 'hierarchical id');
      if (byId.has(id)) invalid(`The HL segment ${segment.position} repeats hierarchical id ${id}.`);
      const parentId = optionalElement(segment, 2);
      const parent = parentId === undefined ? undefined : byId.get(parentId);
      if (parentId !== undefined && !parent) invalid(`The HL segment ${segment.position} names parent ${parentId}, which does not come before it.`);
      const code = requiredElement(segment, 3, 'level code');
      const level: Level = { id, code, segments: [] };
      const order = code === 'O' ? level : parent?.order;
      if (order) level.order = order;
      levels.push(level);
      byId.set(id, level);
    } else if (segment.tag !== 'CTT') {
      levels.at(-1)?.segments.push(segment);
    }
  }
  checkTransactionTotals(body, levels.length, 'HL levels');
  const shipments = levels.filter((level) => level.code === 'S');
  if (shipments.length !== 1) invalid(`The ship notice (856) must have one shipment (HL level S); it has ${shipments.length}.`);
  const shipment = shipments[0]!;
  const orders = new Map<Level, { poNumber: string; items: ShipNoticeItem[] }>();
  for (const level of levels) {
    if (level.code === 'O') {
      const prf = level.segments.find((segment) => segment.tag === 'PRF');
      if (!prf) invalid(`The order HL ${level.id} has no PRF (purchase order) segment.`);
      orders.set(level, { poNumber: requiredElement(prf, 1, 'PO number'), items: [] });
    } else if (level.code === 'I') {
      const order = level.order && orders.get(level.order);
      if (!order) invalid(`The item HL ${level.id} is not under an order (HL level O).`);
      order.items.push(itemOf(level));
    }
  }
  const td5 = shipment.segments.find((segment) => segment.tag === 'TD5');
  const scac = elementOf(td5, 2) === '2' ? optionalElement(td5, 3) : undefined;
  const carrierName = optionalElement(td5, 5);
  const tracking = optionalElement(shipment.segments.find((segment) => segment.tag === 'REF' && elementOf(segment, 1) === 'CN'), 2);
  const shipDtm = shipment.segments.find((segment) => segment.tag === 'DTM' && elementOf(segment, 1) === '011');
  const noticeTime = optionalElement(bsn, 4);
  return {
    kind: '856',
    controlNumber: set.controlNumber,
    raw: set.raw,
    purpose: requiredElement(bsn, 1, 'purpose code'),
    shipmentId: requiredElement(bsn, 2, 'shipment id'),
    noticeDate: required(parseX12Date(requiredElement(bsn, 3, 'date'), 'The notice date BSN03')),
    ...(noticeTime === undefined ? {} : { noticeTime: required(parseX12Time(noticeTime, 'The notice time BSN04')) }),
    ...(shipDtm ? { shipDate: required(parseX12Date(requiredElement(shipDtm, 2, 'ship date'), `The ship date of DTM segment ${shipDtm.position}`)) } : {}),
    ...(scac !== undefined || carrierName !== undefined ? { carrier: { ...(scac === undefined ? {} : { scac }), ...(carrierName === undefined ? {} : { name: carrierName }) } } : {}),
    ...(tracking === undefined ? {} : { trackingNumber: tracking }),
    orders: [...orders.values()],
  };
}
