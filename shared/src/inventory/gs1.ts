/**
 * GS1 element strings, as a technician scans them off a drug package's GS1 DataMatrix when receiving an order: the
 * DSCSA product identifier (01) GTIN-14, (17) expiry, (10) lot, (21) serial, read into the NDC candidates
 * (shared/src/inventory/gtin.ts), an ISO expiry date, lot and serial. A keyboard-wedge scanner types the data into
 * a text field, so the input is whatever the scanner was set to send; a person may also type it.
 *
 * Accepted input (bounded: MAX_SCAN_CHARS, refused before any other work):
 * - the human-readable form "(01)00312345678906(17)271231(10)ABC123(21)XYZ" (spaces around fields tolerated);
 * - the raw form, where FNC1 is ASCII GS (0x1D) after each variable-length field that is not last, optionally
 *   after a GS1 symbology identifier (]d2 DataMatrix, ]C1 GS1-128, ]Q3 QR, ]e0 DataBar) and a leading FNC1;
 * - GS sent as one of GS_SUBSTITUTES (scanners are often set to send a visible stand-in);
 * - surrounding whitespace (the CR, LF or Tab a scanner adds at the end).
 * Field lengths are those of the GS1 General Specifications (Figure 7.8.4-2 for the predefined-length AIs, which
 * need no separator). The AIs read are KNOWN_AIS plus the predefined-length measures (31nn–36nn) and locations
 * (410–417); any other AI (240, 241, 7003, 710…) is refused by name, since its end cannot be trusted.
 * Dates are YYMMDD with DD 00 the month's last day, the century chosen by the GS1 rule (within −49..+50 years of a
 * reference year). Lot and serial are checked against GS1 AI encodable character set 82.
 */
import { type Ndc } from '../drugs/ndc.ts';
import { GTIN_MESSAGES, gs1CheckDigit, isValidGtin14, readUsDrugGtin } from './gtin.ts';

/** The longest scan read: a DSCSA DataMatrix is well under 100 characters; this leaves room for stand-ins. */
export const MAX_SCAN_CHARS = 512;

const GS = '\u001d';

/**
 * What a scanner or a person may send for GS, besides GS itself: "<GS>" (case-insensitive; "<" and ">" are in
 * character set 82, so a lot containing the text "<GS>" cannot be read — none does in practice), the escape texts
 * "\u001d" and "\x1d", caret notation "^]", the Unicode symbol "␝" and "↔" (what code page 437 shows for 0x1D when
 * a wedge types it as Alt+029). None of the others can occur in a lot or serial.
 */
export const GS_SUBSTITUTES = ['<GS>', '\\u001d', '\\x1d', '^]', '\u241d', '\u2194'] as const;

/** Symbology identifiers (ISO/IEC 15424) of the GS1 symbologies a package or case may carry. */
export const GS1_SYMBOLOGY_IDENTIFIERS = [']d2', ']C1', ']Q3', ']e0'] as const;

/** GS1 AI encodable character set 82 (General Specifications Figure 7.11-1): no space, #, $, @, [, \, ], ^, `, {, |, }, ~. */
const CSET_82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;

interface AiDefinition {
  /** The field's name in messages. */
  title: string;
  /** The data length of a predefined-length AI (no separator follows it); absent when variable. */
  fixedLength?: number;
  /** The longest data of a variable-length AI. */
  maxLength?: number;
  content: 'digits' | 'date' | 'cset82';
  /** The last digit is a GS1 check digit (GTIN, SSCC, GLN). */
  checkDigit?: boolean;
}

/** The AIs a drug package or its case carries, read by meaning or checked and kept. */
const KNOWN_AIS: Record<string, AiDefinition> = {
  '00': { title: 'shipping container code (SSCC)', fixedLength: 18, content: 'digits', checkDigit: true },
  '01': { title: 'GTIN', fixedLength: 14, content: 'digits' },
  '02': { title: 'contained GTIN', fixedLength: 14, content: 'digits', checkDigit: true },
  '10': { title: 'lot number', maxLength: 20, content: 'cset82' },
  '11': { title: 'production date', fixedLength: 6, content: 'date' },
  '12': { title: 'due date', fixedLength: 6, content: 'date' },
  '13': { title: 'packaging date', fixedLength: 6, content: 'date' },
  '15': { title: 'best before date', fixedLength: 6, content: 'date' },
  '16': { title: 'sell by date', fixedLength: 6, content: 'date' },
  '17': { title: 'expiry date', fixedLength: 6, content: 'date' },
  '20': { title: 'variant', fixedLength: 2, content: 'digits' },
  '21': { title: 'serial number', maxLength: 20, content: 'cset82' },
  '30': { title: 'count', maxLength: 8, content: 'digits' },
  '37': { title: 'count of contained items', maxLength: 8, content: 'digits' },
};

const MEASURE: AiDefinition = { title: 'measure', fixedLength: 6, content: 'digits' };
const LOCATION: AiDefinition = { title: 'location number (GLN)', fixedLength: 13, content: 'digits', checkDigit: true };

function definitionOf(ai: string): AiDefinition | undefined {
  if (Object.hasOwn(KNOWN_AIS, ai)) return KNOWN_AIS[ai];
  if (/^3[1-6]\d\d$/.test(ai)) return MEASURE;
  if (/^41[0-7]$/.test(ai)) return LOCATION;
  return undefined;
}

/** How many digits an AI starting with these two has (GS1's AI table), to name an AI this module does not read. */
function aiLengthOf(firstTwo: string): number {
  const prefix = Number(firstTwo);
  if (prefix >= 23 && prefix <= 25) return 3;
  if ((prefix >= 31 && prefix <= 36) || prefix === 39 || prefix === 43) return 4;
  if (prefix >= 40 && prefix <= 42) return 3;
  if (prefix === 71) return 3;
  if (prefix === 70 || prefix === 72 || (prefix >= 80 && prefix <= 82)) return 4;
  return 2;
}

const SEPARATOR_HINT = 'the scanner may not be sending the separator (GS) between fields: set it to send GS or <GS>, or type the details';

export const GS1_MESSAGES = {
  empty: 'Scan the package\'s barcode or type its data',
  tooLong: `The scan is too long to be a package barcode (at most ${MAX_SCAN_CHARS} characters): scan again`,
  notGs1Symbology: (identifier: string) => `The scan is not a GS1 barcode (symbology ${identifier}): scan the package's GS1 DataMatrix`,
  linearBarcode: 'This is the package\'s linear barcode (UPC), which has no lot or expiry: scan the square DataMatrix barcode',
  notElementString: 'The scan is not GS1 barcode data: it should begin with (01) or 01 and the GTIN',
  unreadableAt: (text: string) => `The barcode has data that is not a GS1 field where "${text}" begins: scan again or type it`,
  unsupportedAi: (ai: string) => `The barcode has a field this screen does not read (AI ${ai}): type the product details instead`,
  cutShort: (ai: string, title: string) => `The barcode's ${title} (${ai}) is cut short: scan again or type it`,
  fixedLength: (ai: string, title: string, length: number) => `The barcode's ${title} (${ai}) must be ${length} digits`,
  digitsOnly: (ai: string, title: string) => `The barcode's ${title} (${ai}) may contain only digits`,
  emptyField: (ai: string, title: string) => `The barcode's ${title} (${ai}) is empty`,
  fieldTooLong: (ai: string, title: string, max: number) => `The barcode's ${title} (${ai}) is longer than ${max} characters`,
  characters: (ai: string, title: string) =>
    `The barcode's ${title} (${ai}) has characters a GS1 barcode cannot carry (letters, digits and ! " % & ' ( ) * + , - . / : ; < = > ? _ only)`,
  checkDigit: (ai: string, title: string) => `The barcode's ${title} (${ai}) check digit is wrong: scan again or type it`,
  invalidDate: (ai: string, title: string, yymmdd: string) => `The barcode's ${title} (${ai}) ${yymmdd} is not a date (YYMMDD)`,
  duplicate: (ai: string) => `The barcode has field (${ai}) twice`,
  noGtin: 'The barcode has no product code (GTIN, 01)',
  noExpiry: 'The barcode has no expiry date (17)',
  gtinDigits: GTIN_MESSAGES.digits,
  gtinCheckDigit: GTIN_MESSAGES.checkDigit,
  notUsDrug: GTIN_MESSAGES.notUsDrug,
  /** Added after an error or warning of a raw scan without any separator, where a field may have run into the next. */
  separatorHint: SEPARATOR_HINT,
  /** Warnings: the scan is read, but the caller should show these. */
  noSerial: 'The barcode has no serial number (21): DSCSA packages carry one, so check the package',
  lotMayHoldSerial: 'The lot number may hold the serial number, since no separator (GS) came between fields: set the scanner to send GS or <GS>, or type the details',
} as const;

export interface Gs1Field {
  ai: string;
  /** The data as scanned (dates as YYMMDD). */
  value: string;
}

export interface Gs1PackageScan {
  gtin: string;
  /** 0 the unit of sale; 1–8 a pack or case level. */
  packagingIndicator: number;
  /** The NDC's 10 digits, as in the GTIN. */
  ndc10: string;
  /** The three 11-digit NDCs the 10 digits can be (4-4-2, 5-3-2, 5-4-1): match one against the catalog or ship notice. */
  ndc11Candidates: Ndc[];
  /** YYYY-MM-DD (DD 00 in the barcode is the month's last day). */
  expiration: string;
  lot?: string;
  serial?: string;
  /** Every field in the order scanned, including those read only for checking (dates, counts, SSCC…). */
  fields: Gs1Field[];
  /** The fields in the human-readable form, "(01)…(17)…", for display and records. */
  elementString: string;
  /** How it came: parentheses, or raw with GS separators (after any symbology identifier). */
  form: 'human-readable' | 'raw';
  /** Things to show the user though the scan was read (GS1_MESSAGES.noSerial, lotMayHoldSerial). */
  warnings: string[];
  /** The input as received. */
  raw: string;
}

export type Gs1Parse = { ok: true; value: Gs1PackageScan } | { ok: false; error: string };

export interface Gs1ParseOptions {
  /** The date the GS1 century rule counts from ('YYYY-MM-DD' or a Date); default today. */
  referenceDate?: string | Date;
}

class ScanError extends Error {
  /** A raw scan without separators gets the separator hint after this error (a field may have run into the next). */
  readonly mayBeMissingSeparator: boolean;

  constructor(message: string, mayBeMissingSeparator: boolean) {
    super(message);
    this.mayBeMissingSeparator = mayBeMissingSeparator;
  }
}

function fail(message: string, mayBeMissingSeparator = false): never {
  throw new ScanError(message, mayBeMissingSeparator);
}

function referenceYearOf(referenceDate: string | Date | undefined): number {
  if (referenceDate === undefined) return new Date().getFullYear();
  if (referenceDate instanceof Date) return referenceDate.getFullYear();
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(referenceDate);
  if (!match) throw new Error(`referenceDate must be YYYY-MM-DD, got ${referenceDate}`);
  return Number(match[1]);
}

/**
 * GS1 General Specifications 7.12: the year of YY is in the reference year's century, unless YY minus the
 * reference's two digits is 51..99 (the previous century) or −99..−50 (the next): within −49..+50 years.
 */
export function gs1Year(yy: number, referenceYear: number): number {
  const century = Math.floor(referenceYear / 100) * 100;
  const difference = yy - (referenceYear % 100);
  if (difference >= 51) return century - 100 + yy;
  if (difference <= -50) return century + 100 + yy;
  return century + yy;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** YYMMDD → YYYY-MM-DD, or null when it is not a date. DD 00 is the month's last day. */
export function gs1DateToIso(yymmdd: string, referenceYear: number): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const year = gs1Year(Number(yymmdd.slice(0, 2)), referenceYear);
  const month = Number(yymmdd.slice(2, 4));
  let day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12) return null;
  const lastDay = daysInMonth(year, month);
  if (day === 0) day = lastDay;
  if (day > lastDay) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The field's data checked against its AI's definition; dates and check digits included. */
function checkField(ai: string, definition: AiDefinition, value: string, referenceYear: number): void {
  const { title } = definition;
  if (value === '') fail(GS1_MESSAGES.emptyField(ai, title));
  if (definition.content === 'cset82') {
    if (!CSET_82.test(value)) fail(GS1_MESSAGES.characters(ai, title));
  } else if (!/^\d+$/.test(value)) {
    fail(GS1_MESSAGES.digitsOnly(ai, title));
  }
  if (definition.fixedLength !== undefined && value.length !== definition.fixedLength) fail(GS1_MESSAGES.fixedLength(ai, title, definition.fixedLength));
  if (definition.maxLength !== undefined && value.length > definition.maxLength) fail(GS1_MESSAGES.fieldTooLong(ai, title, definition.maxLength), true);
  if (definition.content === 'date' && gs1DateToIso(value, referenceYear) === null) fail(GS1_MESSAGES.invalidDate(ai, title, value));
  if (definition.checkDigit && gs1CheckDigit(value.slice(0, -1)) !== Number(value.slice(-1))) fail(GS1_MESSAGES.checkDigit(ai, title));
}

/** The raw form: AIs back to back, a variable-length field ending at GS or the end. */
function rawFields(text: string): Gs1Field[] {
  const fields: Gs1Field[] = [];
  let position = 0;
  while (position < text.length) {
    if (text[position] === GS) {
      position += 1;
      continue;
    }
    const firstTwo = text.slice(position, position + 2);
    if (!/^\d\d$/.test(firstTwo)) fail(fields.length === 0 ? GS1_MESSAGES.notElementString : GS1_MESSAGES.unreadableAt(text.slice(position, position + 10)));
    const ai = text.slice(position, position + aiLengthOf(firstTwo));
    const definition = definitionOf(ai);
    if (!definition) fail(GS1_MESSAGES.unsupportedAi(ai));
    position += ai.length;
    let value: string;
    if (definition.fixedLength !== undefined) {
      value = text.slice(position, position + definition.fixedLength);
      // A GS inside a fixed field means the field was cut short.
      const separatorAt = value.indexOf(GS);
      if (separatorAt >= 0 || value.length < definition.fixedLength) fail(GS1_MESSAGES.cutShort(ai, definition.title));
    } else {
      const end = text.indexOf(GS, position);
      value = text.slice(position, end < 0 ? text.length : end);
    }
    position += value.length;
    fields.push({ ai, value });
  }
  return fields;
}

/** Without surrounding whitespace and GS. */
function trimLayout(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text[start] === GS || text[start]!.trim() === '')) start += 1;
  while (end > start && (text[end - 1] === GS || text[end - 1]!.trim() === '')) end -= 1;
  return text.slice(start, end);
}

/** The human-readable form: "(AI)data" repeated; data runs to the next "(digits)" or the end. */
function humanReadableFields(text: string): Gs1Field[] {
  const fields: Gs1Field[] = [];
  const aiMarker = /\((\d{2,4})\)/g;
  const markers = [...text.matchAll(aiMarker)];
  if (markers.length === 0 || markers[0]!.index !== 0) fail(GS1_MESSAGES.notElementString);
  for (let i = 0; i < markers.length; i++) {
    const marker = markers[i]!;
    const ai = marker[1]!;
    const start = marker.index + marker[0].length;
    const end = i + 1 < markers.length ? markers[i + 1]!.index : text.length;
    // Spaces and separators between fields are layout, never data (neither is in character set 82).
    const value = trimLayout(text.slice(start, end));
    const definition = definitionOf(ai);
    if (!definition) fail(GS1_MESSAGES.unsupportedAi(ai));
    fields.push({ ai, value });
  }
  return fields;
}

function withSeparatorsRestored(text: string): string {
  let result = text;
  for (const substitute of GS_SUBSTITUTES) {
    const escaped = substitute.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    result = result.replace(new RegExp(escaped, 'gi'), GS);
  }
  return result;
}

function read(input: string, options: Gs1ParseOptions): Gs1PackageScan {
  if (input.length > MAX_SCAN_CHARS) fail(GS1_MESSAGES.tooLong);
  const referenceYear = referenceYearOf(options.referenceDate);
  let text = input.trim();
  if (text === '') fail(GS1_MESSAGES.empty);
  if (/^\]\w\d/.test(text)) {
    const identifier = text.slice(0, 3);
    text = text.slice(3);
    if (!(GS1_SYMBOLOGY_IDENTIFIERS as readonly string[]).includes(identifier)) {
      fail(/^\d{12,13}$/.test(text) ? GS1_MESSAGES.linearBarcode : GS1_MESSAGES.notGs1Symbology(identifier));
    }
  }
  // UPC-A (12) or EAN-13 (13) digits alone: no element string is this short.
  if (/^\d{12,13}$/.test(text)) fail(GS1_MESSAGES.linearBarcode);
  // A leading FNC1 (sent as GS by some scanners) only marks the data as GS1.
  text = withSeparatorsRestored(text);
  while (text.startsWith(GS)) text = text.slice(1);
  const form = text.startsWith('(') ? 'human-readable' : 'raw';
  const unseparatedRaw = form === 'raw' && !text.includes(GS);
  try {
    return scanOf(form === 'raw' ? rawFields(text) : humanReadableFields(text), form, unseparatedRaw, referenceYear, input);
  } catch (error) {
    // Without separators a variable field swallows what follows it: say why the data looks wrong.
    if (error instanceof ScanError && error.mayBeMissingSeparator && unseparatedRaw) fail(`${error.message}; ${SEPARATOR_HINT}`);
    throw error;
  }
}

function scanOf(fields: Gs1Field[], form: Gs1PackageScan['form'], unseparatedRaw: boolean, referenceYear: number, raw: string): Gs1PackageScan {
  const seen = new Set<string>();
  for (const { ai, value } of fields) {
    if (seen.has(ai)) fail(GS1_MESSAGES.duplicate(ai));
    seen.add(ai);
    checkField(ai, definitionOf(ai)!, value, referenceYear);
  }
  const valueOf = (ai: string) => fields.find((field) => field.ai === ai)?.value;
  const gtinField = valueOf('01');
  if (gtinField === undefined) fail(GS1_MESSAGES.noGtin, true);
  const gtin = readUsDrugGtin(gtinField);
  if (!gtin.ok) fail(gtin.error);
  const expiry = valueOf('17');
  if (expiry === undefined) fail(GS1_MESSAGES.noExpiry, true);
  const lot = valueOf('10');
  const serial = valueOf('21');
  const warnings: string[] = [];
  if (serial === undefined) warnings.push(GS1_MESSAGES.noSerial);
  if (serial === undefined && lot !== undefined && unseparatedRaw) warnings.push(GS1_MESSAGES.lotMayHoldSerial);
  return {
    ...gtin.value,
    expiration: gs1DateToIso(expiry, referenceYear)!,
    ...(lot === undefined ? {} : { lot }),
    ...(serial === undefined ? {} : { serial }),
    fields,
    elementString: fields.map((field) => `(${field.ai})${field.value}`).join(''),
    form,
    warnings,
    raw,
  };
}

/**
 * Reads one scan or typed entry of a drug package's GS1 barcode into its product identifier. Never throws on
 * input; every refusal is a sentence from GS1_MESSAGES.
 */
export function parseGs1ElementString(input: string, options: Gs1ParseOptions = {}): Gs1Parse {
  try {
    return { ok: true, value: read(input, options) };
  } catch (error) {
    if (error instanceof ScanError) return { ok: false, error: error.message };
    throw error;
  }
}

export interface PackageIdentifier {
  gtin: string;
  /** YYYY-MM-DD. */
  expiration: string;
  lot?: string;
  serial?: string;
}

/**
 * The element string of a package's identifier, (01)(17)(10)(21) in that order — the reverse of the parser, for
 * test scans and the test wholesaler. Raw form puts GS after the lot when a serial follows. Programmer input:
 * values the parser would refuse throw.
 */
export function packageElementString(identifier: PackageIdentifier, form: Gs1PackageScan['form'] = 'raw'): string {
  if (!isValidGtin14(identifier.gtin)) throw new Error(`packageElementString needs a valid GTIN-14, got ${identifier.gtin}`);
  const date = /^\d{2}(\d{2})-(\d{2})-(\d{2})$/.exec(identifier.expiration);
  if (!date) throw new Error(`packageElementString needs the expiration as YYYY-MM-DD, got ${identifier.expiration}`);
  const fields: Gs1Field[] = [{ ai: '01', value: identifier.gtin }, { ai: '17', value: date[1]! + date[2]! + date[3]! }];
  if (identifier.lot !== undefined) fields.push({ ai: '10', value: identifier.lot });
  if (identifier.serial !== undefined) fields.push({ ai: '21', value: identifier.serial });
  for (const field of fields.slice(2)) {
    if (field.value === '' || field.value.length > 20 || !CSET_82.test(field.value)) throw new Error(`packageElementString: (${field.ai}) ${field.value} cannot be encoded`);
  }
  if (form === 'human-readable') return fields.map((field) => `(${field.ai})${field.value}`).join('');
  return fields.map((field, index) => field.ai + field.value + (definitionOf(field.ai)!.fixedLength === undefined && index < fields.length - 1 ? GS : '')).join('');
}
