/**
 * Wholesale ordering and receiving (issue 24; spec §3 Wholesale order, Wholesaler connection): the forms and
 * bodies of the fixed /api endpoints (POST /api/wholesalers, /api/inventory/orders, …/receive), the shapes they
 * answer, and `receiptItemsFrom` — scans (GS1 element strings) and typed lines → the items the database receives
 * (public.receive_wholesale_order). The database applies the same rules for every caller
 * (migration 20261129001000_wholesale); these give the forms their messages first.
 */
import * as z from 'zod';
import { parseNdc } from '../drugs/ndc.ts';
import { GS1_MESSAGES, parseGs1ElementString } from './gs1.ts';

export const WHOLESALE_MESSAGES = {
  name: 'Enter the wholesaler\'s name (at most 80 characters)',
  apiEndpoint: 'Enter the API endpoint as an https:// address (at most 500 characters)',
  apiKey: 'Enter the API key the wholesaler gave the pharmacy (at most 200 characters, no spaces)',
  accountNumber: 'Enter the pharmacy\'s account number: 1 to 15 letters, digits or hyphens',
  cutoff: 'Enter the daily order cut-off as a time, e.g. 14:00',
  partnerId: 'The wholesaler\'s EDI id is 2 to 15 letters or digits (leave it blank to use the name)',
  lines: 'Add at least one line: an NDC and a number of packages',
  packages: 'The number of packages must be a whole number from 1 to 9,999',
  controlledNumber: 'Enter the DEA Form 222 or CSOS order number (1 to 20 letters, digits or hyphens)',
  receiveNothing: 'Scan each package or enter the NDC, lot, expiry and quantity received',
  caseLabel: 'This is a case or bundle label: scan each package inside it',
  notOnOrder: (ndc: string) => `NDC ${ndc} is not on this order: set the package aside and call the wholesaler`,
  duplicateScan: (serial: string) => `Package serial ${serial} was scanned twice`,
} as const;

export const WHOLESALER_STATUSES = ['connected', 'pending', 'error'] as const;
export type WholesalerStatus = (typeof WHOLESALER_STATUSES)[number];

/** What each X12 set a wholesaler has sent means to the pharmacy (the card's features list). */
export const WHOLESALER_FEATURES: Record<string, string> = {
  '997': 'EDI acknowledgements (997)',
  '855': 'Order acknowledgements (855)',
  '856': 'Ship notices with lots and serials (856)',
  '810': 'Invoices (810)',
};

const cutoffSchema = z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d(:00)?$/, WHOLESALE_MESSAGES.cutoff)
  .transform((value) => value.slice(0, 5));

/** POST /api/wholesalers (and Configure, where a blank key keeps the saved one). */
export const wholesalerFormSchema = z.object({
  name: z.string().trim().min(1, WHOLESALE_MESSAGES.name).max(80, WHOLESALE_MESSAGES.name),
  apiEndpoint: z.string().trim().max(500, WHOLESALE_MESSAGES.apiEndpoint)
    .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, WHOLESALE_MESSAGES.apiEndpoint),
  apiKey: z.string().trim().max(200, WHOLESALE_MESSAGES.apiKey).regex(/^\S*$/, WHOLESALE_MESSAGES.apiKey).default(''),
  accountNumber: z.string().trim().regex(/^[A-Za-z0-9-]{1,15}$/, WHOLESALE_MESSAGES.accountNumber),
  dailyOrderCutoff: cutoffSchema,
  /** The wholesaler's interchange id (ISA08), as it gave it; derived from the name when blank, then kept. */
  partnerId: z.string().trim().toUpperCase().regex(/^([A-Z0-9]{2,15})?$/, WHOLESALE_MESSAGES.partnerId).default(''),
});
export type WholesalerForm = z.input<typeof wholesalerFormSchema>;
export const createWholesalerSchema = wholesalerFormSchema.extend({
  apiKey: z.string().trim().min(1, WHOLESALE_MESSAGES.apiKey).max(200, WHOLESALE_MESSAGES.apiKey).regex(/^\S+$/, WHOLESALE_MESSAGES.apiKey),
});

/** A wholesaler connection as staff see it: the key only masked. */
export const wholesalerSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(WHOLESALER_STATUSES),
  statusDetail: z.string().nullable(),
  apiEndpoint: z.string(),
  accountNumber: z.string(),
  dailyOrderCutoff: z.string(),
  apiKeyMasked: z.string().nullable(),
  lastSync: z.string().nullable(),
  lastExchange: z.string().nullable(),
  partnerId: z.string(),
  features: z.array(z.string()),
});
export type Wholesaler = z.infer<typeof wholesalerSchema>;

export interface WholesalerRow {
  id: string;
  name: string;
  status: string;
  status_detail: string | null;
  api_endpoint: string;
  account_number: string;
  daily_order_cutoff: string;
  api_key_last4: string | null;
  last_sync_at: string | null;
  last_exchange_at: string | null;
  partner_id: string;
  documents_seen: string[];
}

/** "••••••••abcd": the key's last four characters, never more. */
export function maskedKey(last4: string | null): string | null {
  return last4 === null ? null : `${'•'.repeat(8)}${last4}`;
}

export function wholesalerFromRow(row: WholesalerRow): Wholesaler {
  return {
    id: row.id,
    name: row.name,
    status: (WHOLESALER_STATUSES as readonly string[]).includes(row.status) ? (row.status as WholesalerStatus) : 'error',
    statusDetail: row.status_detail,
    apiEndpoint: row.api_endpoint,
    accountNumber: row.account_number,
    dailyOrderCutoff: row.daily_order_cutoff.slice(0, 5),
    apiKeyMasked: maskedKey(row.api_key_last4),
    lastSync: row.last_sync_at,
    lastExchange: row.last_exchange_at,
    partnerId: row.partner_id,
    features: row.documents_seen.map((set) => WHOLESALER_FEATURES[set] ?? `X12 ${set}`),
  };
}

const ndc11Schema = z.string().trim().transform((input, context) => {
  const parsed = parseNdc(input);
  if (parsed.ok) return parsed.ndc.ndc11;
  context.addIssue({ code: 'custom', message: parsed.error });
  return z.NEVER;
});
const packagesSchema = z.coerce.number({ error: WHOLESALE_MESSAGES.packages }).int(WHOLESALE_MESSAGES.packages)
  .min(1, WHOLESALE_MESSAGES.packages).max(9999, WHOLESALE_MESSAGES.packages);

/** POST /api/inventory/orders: lines by NDC (any format, sent as 11 digits) and packages. */
export const createOrderSchema = z.object({
  wholesalerId: z.uuid('Choose a wholesaler'),
  lines: z.array(z.object({ ndc: ndc11Schema, quantity: packagesSchema }), { error: WHOLESALE_MESSAGES.lines })
    .min(1, WHOLESALE_MESSAGES.lines).max(9999, 'An order has at most 9,999 lines'),
  controlledOrder: z.object({
    form: z.enum(['dea_222', 'csos']),
    number: z.string().trim().regex(/^[A-Za-z0-9-]{1,20}$/, WHOLESALE_MESSAGES.controlledNumber),
  }).optional(),
});
export type CreateOrderBody = z.input<typeof createOrderSchema>;

/** A package typed by hand at receiving (no readable barcode): NDC, lot and expiry as printed, packages. */
export const receiveLineSchema = z.object({
  ndc: ndc11Schema,
  lot: z.string().trim().min(1, 'Enter the lot number printed on the package (at most 20 characters)')
    .max(20, 'Enter the lot number printed on the package (at most 20 characters)'),
  expiration: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the expiry date printed on the package'),
  quantity: packagesSchema,
});

/** POST /api/inventory/orders/{id}/receive: package scans and/or typed lines. */
export const receiveOrderSchema = z.object({
  scans: z.array(z.string().max(512, GS1_MESSAGES.tooLong)).max(5000).default([]),
  lines: z.array(receiveLineSchema).max(5000).default([]),
}).refine((body) => body.scans.length + body.lines.length > 0, WHOLESALE_MESSAGES.receiveNothing);
export type ReceiveOrderBody = z.input<typeof receiveOrderSchema>;

/** One item public.receive_wholesale_order takes. */
export interface ReceiptItem {
  ndc11: string;
  lot: string;
  expiry: string;
  packages: number;
  serial?: string;
}

export type ReceiptItemsResult = { ok: true; items: ReceiptItem[] } | { ok: false; errors: string[] };

/**
 * Scans and typed lines → receipt items. Each scan is one package: its GTIN's NDC is the candidate on the order
 * (`orderNdcs`: the lines' NDCs and substitutes), its lot, expiry and serial from the barcode. A case label, a scan
 * that cannot be read, an NDC not on the order or a serial scanned twice is an error naming the scan.
 */
export function receiptItemsFrom(
  body: { scans: readonly string[]; lines: readonly { ndc: string; lot: string; expiration: string; quantity: number }[] },
  orderNdcs: ReadonlySet<string>,
  referenceDate?: string,
): ReceiptItemsResult {
  const errors: string[] = [];
  const items: ReceiptItem[] = [];
  const serials = new Set<string>();
  body.scans.forEach((scan, index) => {
    const where = `Scan ${index + 1}`;
    const parsed = parseGs1ElementString(scan, referenceDate ? { referenceDate } : {});
    if (!parsed.ok) return void errors.push(`${where}: ${parsed.error}`);
    const value = parsed.value;
    if (value.packagingIndicator !== 0) return void errors.push(`${where}: ${WHOLESALE_MESSAGES.caseLabel}`);
    const ndc11 = value.ndc11Candidates.find((candidate) => orderNdcs.has(candidate.ndc11))?.ndc11;
    if (ndc11 === undefined) return void errors.push(`${where}: ${WHOLESALE_MESSAGES.notOnOrder(value.ndc11Candidates[0]!.display)}`);
    if (value.lot === undefined) return void errors.push(`${where}: the barcode has no lot (10); type the lot from the package`);
    if (value.serial !== undefined) {
      const key = `${ndc11}/${value.serial}`;
      if (serials.has(key)) return void errors.push(`${where}: ${WHOLESALE_MESSAGES.duplicateScan(value.serial)}`);
      serials.add(key);
    }
    items.push({ ndc11, lot: value.lot, expiry: value.expiration, packages: 1, ...(value.serial === undefined ? {} : { serial: value.serial }) });
  });
  body.lines.forEach((line, index) => {
    if (!orderNdcs.has(line.ndc)) return void errors.push(`Line ${index + 1}: ${WHOLESALE_MESSAGES.notOnOrder(line.ndc)}`);
    items.push({ ndc11: line.ndc, lot: line.lot, expiry: line.expiration, packages: line.quantity });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, items };
}

export const ORDER_STATUSES = [
  'draft', 'submitting', 'submitted', 'acknowledged', 'backordered', 'rejected', 'shipped', 'partially_received', 'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The spec's order filter: All, Pending (every open status), Delivered, Cancelled. */
export const ORDER_FILTERS = ['all', 'pending', 'delivered', 'cancelled'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  draft: 'Draft',
  submitting: 'Submitting',
  submitted: 'Submitted',
  acknowledged: 'Acknowledged',
  backordered: 'Back-ordered',
  rejected: 'Rejected',
  shipped: 'Shipped',
  partially_received: 'Partially received',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The 855 line statuses (ANSI X12 ACK01), as a pharmacy reads them. */
export const LINE_ACK_LABELS: Record<string, string> = {
  IA: 'Accepted',
  IB: 'Back-ordered',
  IQ: 'Quantity changed',
  IR: 'Rejected',
  IS: 'Substituted',
};

export const orderCreatedSchema = z.object({ id: z.string(), poNumber: z.string(), status: z.enum(ORDER_STATUSES) });

/** What a submission, a sync or a Test Connection reports. */
export const exchangeResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  status: z.string().optional(),
  documents: z.array(z.string()),
});
export type ExchangeResult = z.infer<typeof exchangeResultSchema>;

export const receiveResultSchema = z.object({
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  received: z.array(z.object({
    ndc: z.string(), lot: z.string(), expiry: z.string(), packages: z.number().int(), units: z.number().int(), serial: z.string().nullable(),
  })),
  discrepancies: z.array(z.object({ ndc: z.string(), lot: z.string().nullable(), issue: z.string() }).loose()),
});
export type ReceiveResult = z.infer<typeof receiveResultSchema>;
