/**
 * What the test wholesaler does with a purchase order: each line's decision, and the lots, expiries, serial numbers,
 * prices and dates it ships and bills with. Pure and deterministic — made from the PO number, the line's position
 * and the order date only — so a test can predict every value the 855, 856 and 810 will carry (or call these).
 *
 * Behaviour controls (checked in this order, per line):
 *   NDC ending 99            → rejected (ACK IR), not shipped
 *   quantity 999             → back-ordered (ACK IB, expected to ship 7 days after the order date), not shipped
 *   NDC ending 98            → substituted (ACK IS) by the same NDC ending 97, shipped and billed as that
 *   quantity over 100        → quantity changed (ACK IQ) to 100, the most one line ships
 *   anything else            → accepted (ACK IA), shipped in full
 * A PO with more than 100 lines, or not an original (BEG01 other than 00), is rejected whole (BAK RJ, nothing ships).
 *
 * Shipped values, with KEY the PO number's letters and digits, upper-cased, last 10 (e.g. "PO-1001" → "PO1001")
 * and N the line's position in the 850 (1, 2, …):
 *   lot       L{KEY}-{N}                       e.g. LPO1001-1   (≤ 16 characters, GS1 character set 82)
 *   expiry    the last day of the month 24 months after the order date (2026-11-28 → 2028-11-30)
 *   serials   {KEY}-{N}-{unit, 4 digits}       e.g. PO1001-1-0001 … one per unit shipped (≤ 20 characters)
 *   price     the 850's unit price when it has one, else $10.00 plus the NDC's last four digits in cents
 *             (00071015523 → $65.23)
 *   ship date the order date + 1 day; the 856 shipment id SH{KEY}, tracking number 1ZTW{KEY}, invoice IN{KEY}
 */
import { formatNdc } from '../../../../shared/src/drugs/ndc.ts';
import { gtinForNdc, labelerFormatsFitting } from '../../../../shared/src/inventory/gtin.ts';
import { packageElementString } from '../../../../shared/src/inventory/gs1.ts';

export const MAX_LINES_PER_ORDER = 100;
export const MAX_QUANTITY_PER_LINE = 100;
export const BACKORDER_QUANTITY = 999;
export const BACKORDER_DAYS = 7;

export type LineStatus = 'IA' | 'IB' | 'IQ' | 'IR' | 'IS';

/** One ordered line, as read from the 850. */
export interface OrderedLine {
  lineNumber: string;
  ndc11: string;
  quantity: number;
  unitCostCents?: number;
}

export interface Order {
  poNumber: string;
  /** BEG01: 00 original. */
  purpose: string;
  orderDate: string;
  accountNumber?: string;
  lines: OrderedLine[];
}

export interface LineDecision {
  line: OrderedLine;
  /** 1-based position in the 850. */
  position: number;
  status: LineStatus;
  /** What the ACK counts: shipped for IA/IQ/IS, ordered for IB/IR. */
  ackQuantity: number;
  /** 0 when nothing ships. */
  shippedQuantity: number;
  /** The NDC shipped (the substitute for IS). */
  shippedNdc11: string;
  unitPriceCents: number;
  expectedShipDate?: string;
}

export interface ShippedItem {
  position: number;
  lineNumber: string;
  ndc11: string;
  quantity: number;
  unitPriceCents: number;
  lot: string;
  expiry: string;
  serialNumbers: string[];
}

export interface Fulfilment {
  poNumber: string;
  orderDate: string;
  /** Whole-order rejection (BAK RJ): the reason, for the log. */
  rejected?: string;
  decisions: LineDecision[];
  shipped: ShippedItem[];
  shipDate: string;
  shipmentId: string;
  trackingNumber: string;
  invoiceNumber: string;
}

/** The PO number's letters and digits, upper-cased, the last 10 ("0" when it has none). */
export function orderKey(poNumber: string): string {
  const alphanumeric = poNumber.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return alphanumeric === '' ? '0' : alphanumeric.slice(-10);
}

export function lotFor(poNumber: string, position: number): string {
  return `L${orderKey(poNumber)}-${position}`;
}

export function serialsFor(poNumber: string, position: number, quantity: number): string[] {
  return Array.from({ length: quantity }, (_, unit) => `${orderKey(poNumber)}-${position}-${String(unit + 1).padStart(4, '0')}`);
}

function utcDate(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

function isoOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  const date = utcDate(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return isoOf(date);
}

/** The last day of the month 24 months after the order date's. */
export function expiryFor(orderDate: string): string {
  const date = utcDate(orderDate);
  // Day 0 of the month after the target month is the target month's last day.
  return isoOf(new Date(Date.UTC(date.getUTCFullYear() + 2, date.getUTCMonth() + 1, 0)));
}

/** $10.00 plus the NDC's last four digits in cents. */
export function contractPriceCents(ndc11: string): number {
  return 1000 + Number(ndc11.slice(-4));
}

/** The NDC shipped for one ending in 98: the same code ending in 97. */
export function substituteFor(ndc11: string): string {
  return `${ndc11.slice(0, 9)}97`;
}

function decide(line: OrderedLine, position: number, orderDate: string): LineDecision {
  const unitPriceCents = line.unitCostCents ?? contractPriceCents(line.ndc11);
  const base = { line, position, unitPriceCents, shippedNdc11: line.ndc11 };
  if (line.ndc11.endsWith('99')) return { ...base, status: 'IR', ackQuantity: line.quantity, shippedQuantity: 0 };
  if (line.quantity === BACKORDER_QUANTITY) {
    return { ...base, status: 'IB', ackQuantity: line.quantity, shippedQuantity: 0, expectedShipDate: addDays(orderDate, BACKORDER_DAYS) };
  }
  const shippedQuantity = Math.min(line.quantity, MAX_QUANTITY_PER_LINE);
  if (line.ndc11.endsWith('98')) {
    const substitute = substituteFor(line.ndc11);
    return { ...base, status: 'IS', ackQuantity: shippedQuantity, shippedQuantity, shippedNdc11: substitute, unitPriceCents: line.unitCostCents ?? contractPriceCents(substitute) };
  }
  return { ...base, status: shippedQuantity < line.quantity ? 'IQ' : 'IA', ackQuantity: shippedQuantity, shippedQuantity };
}

export function fulfil(order: Order): Fulfilment {
  const key = orderKey(order.poNumber);
  const common = {
    poNumber: order.poNumber,
    orderDate: order.orderDate,
    shipDate: addDays(order.orderDate, 1),
    shipmentId: `SH${key}`,
    trackingNumber: `1ZTW${key}`,
    invoiceNumber: `IN${key}`,
  };
  let rejected: string | undefined;
  if (order.purpose !== '00') rejected = `purpose ${order.purpose} is not an original order (00)`;
  else if (order.lines.length > MAX_LINES_PER_ORDER) rejected = `${order.lines.length} lines; the test wholesaler takes at most ${MAX_LINES_PER_ORDER}`;
  if (rejected !== undefined) return { ...common, rejected, decisions: [], shipped: [] };
  const decisions = order.lines.map((line, index) => decide(line, index + 1, order.orderDate));
  const expiry = expiryFor(order.orderDate);
  const shipped = decisions
    .filter((decision) => decision.shippedQuantity > 0)
    .map((decision): ShippedItem => ({
      position: decision.position,
      lineNumber: decision.line.lineNumber,
      ndc11: decision.shippedNdc11,
      quantity: decision.shippedQuantity,
      unitPriceCents: decision.unitPriceCents,
      lot: lotFor(order.poNumber, decision.position),
      expiry,
      serialNumbers: serialsFor(order.poNumber, decision.position, decision.shippedQuantity),
    }));
  return { ...common, decisions, shipped };
}

/** One package of a shipment as its GS1 DataMatrix would read, for tests that scan what was received. */
export interface ShippedPackage {
  ndc11: string;
  /** 5-4-2 with hyphens. */
  ndc: string;
  /** Null when the 11 digits fit no labeler format (no real NDC is like that). */
  gtin: string | null;
  lot: string;
  expiry: string;
  serial: string;
  /** The raw element string (GS after the lot), as a scanner sends it; null without a GTIN. */
  scan: string | null;
  /** The same in the human-readable form. */
  humanReadable: string | null;
}

/**
 * The packages of a shipment. The 856 gives 11 digits, not the labeler format the GTIN is made from: the first
 * format that fits (4-4-2, 5-3-2, 5-4-1) is taken.
 */
export function packagesOf(fulfilment: Fulfilment): ShippedPackage[] {
  return fulfilment.shipped.flatMap((item) => {
    const format = labelerFormatsFitting(item.ndc11)[0];
    const gtin = format === undefined ? null : gtinForNdc(item.ndc11, format);
    return item.serialNumbers.map((serial): ShippedPackage => {
      const identifier = gtin === null ? null : { gtin, expiration: item.expiry, lot: item.lot, serial };
      return {
        ndc11: item.ndc11,
        ndc: formatNdc(item.ndc11),
        gtin,
        lot: item.lot,
        expiry: item.expiry,
        serial,
        scan: identifier === null ? null : packageElementString(identifier, 'raw'),
        humanReadable: identifier === null ? null : packageElementString(identifier, 'human-readable'),
      };
    });
  });
}
