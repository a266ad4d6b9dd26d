/**
 * The 810 Invoice (004010): what the wholesaler bills for an order, line by line, for reconciling against the
 * receipt and the contract prices.
 *   BIG*{invoice date}*{invoice number}*{PO date}*{PO number}
 *   REF*IA*{account number}                        optional
 *   IT1*{line}*{qty}*EA*{unit price}**N4*{NDC}     one per line
 *   TDS*{total in cents}                           N2: 2 implied decimals, "12345" is $123.45
 *   CTT*{number of IT1}
 * The reader gives TDS as the invoice total and, separately, the sum of the lines (qty × unit price) so a caller
 * can see a difference (charges and allowances, SAC, are not read).
 */
import { type GroupDraft, type InterchangeHeader, type ParsedTransactionSet, type TransactionSetDraft, buildInterchange, elementOf } from './envelope.ts';
import { bodyOf, checkTransactionTotals, invalid, optionalElement, required, requiredElement, theSegment } from './transaction-set.ts';
import {
  X12BuildError, formatMoneyCents, formatNdcN4, formatQuantity, formatX12Date, parseImpliedCents, parseMoneyCents, parseNdcN4, parseQuantity,
  parseX12Date, x12Identifier,
} from './x12-values.ts';

export interface InvoiceLineInput {
  lineNumber?: string;
  ndc11: string;
  quantity: number;
  unitPriceCents: number;
}

export interface InvoiceInput {
  invoiceNumber: string;
  invoiceDate: string;
  poNumber: string;
  poDate?: string;
  accountNumber?: string;
  lines: InvoiceLineInput[];
  /** TDS01; the sum of the lines when absent. */
  totalCents?: number;
}

export interface InvoiceLine {
  lineNumber: string;
  ndc11: string;
  quantity: number;
  unit: string;
  unitPriceCents: number;
}

export interface InvoiceDocument {
  kind: '810';
  controlNumber: string;
  raw: string;
  invoiceDate: string;
  invoiceNumber: string;
  poDate?: string;
  poNumber?: string;
  accountNumber?: string;
  lines: InvoiceLine[];
  totalCents: number;
  linesTotalCents: number;
}

function linesTotal(lines: readonly { quantity: number; unitPriceCents: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
}

export function invoiceTransactionSet(invoice: InvoiceInput, controlNumber?: string): TransactionSetDraft {
  if (invoice.lines.length === 0) throw new X12BuildError('An invoice needs at least one line.');
  const segments: string[][] = [[
    'BIG', formatX12Date(invoice.invoiceDate, 'The invoice date'), x12Identifier(invoice.invoiceNumber, 'The invoice number', 1, 22),
    invoice.poDate === undefined ? '' : formatX12Date(invoice.poDate, 'The PO date'), x12Identifier(invoice.poNumber, 'The PO number', 1, 22),
  ]];
  if (invoice.accountNumber !== undefined) segments.push(['REF', 'IA', x12Identifier(invoice.accountNumber, 'The account number', 1, 30)]);
  invoice.lines.forEach((line, index) => {
    const label = `Line ${index + 1}`;
    segments.push([
      'IT1', x12Identifier(line.lineNumber ?? String(index + 1), `${label}: the line number`, 1, 20), formatQuantity(line.quantity, `${label}: the quantity`), 'EA',
      formatMoneyCents(line.unitPriceCents), '', 'N4', formatNdcN4(line.ndc11),
    ]);
  });
  const total = invoice.totalCents ?? linesTotal(invoice.lines);
  if (!Number.isSafeInteger(total)) throw new X12BuildError(`The invoice total of ${total} cents is not a whole number of cents.`);
  segments.push(['TDS', String(total)], ['CTT', String(invoice.lines.length)]);
  return { id: '810', controlNumber, segments };
}

export interface InvoiceInterchangeInput extends InterchangeHeader, InvoiceInput {
  groupControlNumber: number;
}

export function buildInvoiceInterchange(input: InvoiceInterchangeInput): string {
  const group: GroupDraft = { controlNumber: input.groupControlNumber, transactionSets: [invoiceTransactionSet(input)] };
  return buildInterchange(input, [group]);
}

export function readInvoice(set: ParsedTransactionSet): InvoiceDocument {
  const body = bodyOf(set.segments);
  const big = theSegment(body, 'BIG', 'invoice (810)');
  const tds = theSegment(body, 'TDS', 'invoice (810)');
  const ref = body.find((segment) => segment.tag === 'REF' && elementOf(segment, 1) === 'IA');
  const lines = body.filter((segment) => segment.tag === 'IT1').map((it1): InvoiceLine => {
    const where = `IT1 segment ${it1.position}`;
    if (elementOf(it1, 6) !== 'N4') invalid(`The ${where} does not identify its product by NDC (N4 in IT106).`);
    return {
      lineNumber: requiredElement(it1, 1, 'line number'),
      ndc11: required(parseNdcN4(requiredElement(it1, 7, 'NDC'))),
      quantity: required(parseQuantity(requiredElement(it1, 2, 'quantity'), `The quantity of ${where}`)),
      unit: requiredElement(it1, 3, 'unit of measure'),
      unitPriceCents: required(parseMoneyCents(requiredElement(it1, 4, 'unit price'), `The unit price of ${where}`)),
    };
  });
  if (lines.length === 0) invalid('The invoice (810) has no IT1 lines.');
  checkTransactionTotals(body, lines.length, 'IT1 lines');
  const linesTotalCents = linesTotal(lines);
  if (!Number.isSafeInteger(linesTotalCents)) invalid('The invoice (810) lines add up to more than can be counted in cents.');
  const poDate = optionalElement(big, 3);
  const poNumber = optionalElement(big, 4);
  return {
    kind: '810',
    controlNumber: set.controlNumber,
    raw: set.raw,
    invoiceDate: required(parseX12Date(requiredElement(big, 1, 'invoice date'), 'The invoice date BIG01')),
    invoiceNumber: requiredElement(big, 2, 'invoice number'),
    ...(poDate === undefined ? {} : { poDate: required(parseX12Date(poDate, 'The PO date BIG03')) }),
    ...(poNumber === undefined ? {} : { poNumber }),
    ...(ref ? { accountNumber: requiredElement(ref, 2, 'account number') } : {}),
    lines,
    totalCents: required(parseImpliedCents(requiredElement(tds, 1, 'total'), 'The invoice total TDS01')),
    linesTotalCents,
  };
}
