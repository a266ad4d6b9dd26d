/**
 * Normalising the values a document carries, for every reader: dates to YYYY-MM-DD, an NDC in any written format to
 * its 11 digits (shared/src/drugs/ndc.ts), NPI and DEA numbers (free text keeps only those whose check digits pass;
 * a structured message keeps a well-formed one, so its failed check sends the file to review), counts and quantities
 * as numbers, empty text left out, and every value fitted to the model's schemas (fitExtraction). One place, so
 * SCRIPT, EDIFACT and free text agree.
 */
import * as z from 'zod';
import { DEA_NUMBER_PATTERN, isValidDeaNumber, NPI_PATTERN } from '../common/field-rules.ts';
import { parseNdc } from '../drugs/ndc.ts';
import { isValidNpi } from '../prescribers/npi.ts';
import { drugDataSchema, type Extraction, insuranceInfoSchema, patientDataSchema, prescriberDataSchema } from './prescription-file.ts';

/** NUL and UTF-16 surrogates without their pair. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is removed
export const NOT_STORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Trimmed text with runs of spaces collapsed, or undefined when empty. */
export function clean(text: string | undefined | null): string | undefined {
  // NUL and lone surrogates are dropped: the database stores text and jsonb, which take neither.
  const value = text?.replace(NOT_STORABLE, '').replace(/\s+/g, ' ').trim();
  return value === undefined || value === '' ? undefined : value;
}

function isoDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A month's number from its English name or abbreviation ("Nov", "November", "Sept"); undefined otherwise. */
function monthOf(name: string): number | undefined {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index < 0 ? undefined : index + 1;
}

/** Two-digit years: a birth date or a date written is in the past century or this one, never the future. */
function fullYear(year: string): number {
  const value = Number(year);
  return year.length === 4 ? value : value + (value > new Date().getUTCFullYear() % 100 ? 1900 : 2000);
}

/**
 * YYYY-MM-DD from the dates US documents carry: 2026-11-20, 20261120, 2026-11-20T10:00:00, 11/20/2026, 11-20-26,
 * 11.20.2026, Nov 20, 2026, November 20 2026, 20 Nov 2026; undefined for anything else or an impossible date.
 */
export function normalizeDate(text: string | undefined): string | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  let match = /^(\d{4})-?(\d{2})-?(\d{2})(?:[T\s].*)?$/.exec(value);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value);
  if (match) return isoDate(fullYear(match[3]!), Number(match[1]), Number(match[2]));
  match = /^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})$/.exec(value);
  let month = match ? monthOf(match[1]!) : undefined;
  if (match && month) return isoDate(Number(match[3]), month, Number(match[2]));
  match = /^(\d{1,2}) ([A-Za-z]{3,9})\.?,? (\d{4})$/.exec(value);
  month = match ? monthOf(match[2]!) : undefined;
  if (match && month) return isoDate(Number(match[3]), month, Number(match[1]));
  return undefined;
}

/** The first date written in a line of text ("11/23/2026 (signed)", "DOB: November 23, 2026 age 52"). */
export function firstDateIn(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const candidates = /\d{4}-\d{2}-\d{2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|[A-Za-z]{3,9}\.? \d{1,2},? \d{4}|\d{1,2} [A-Za-z]{3,9}\.?,? \d{4}/g;
  for (const candidate of text.replace(/\s+/g, ' ').slice(0, 200).matchAll(candidates)) {
    const date = normalizeDate(candidate[0]);
    if (date) return date;
  }
  return undefined;
}

/** The 11-digit NDC of a written NDC (5-4-2, 4-4-2, 5-3-2, 5-4-1 hyphenated, or 11 digits); undefined otherwise. */
export function normalizeNdc(text: string | undefined): string | undefined {
  const value = text?.replace(/\s+/g, '');
  if (!value) return undefined;
  const parsed = parseNdc(value);
  return parsed.ok ? parsed.ndc.ndc11 : undefined;
}

/** The NPI when it is 10 digits with a matching check digit. */
export function validNpi(text: string | undefined): string | undefined {
  const value = text?.replace(/\s+/g, '');
  return value && isValidNpi(value) ? value : undefined;
}

/** The DEA number (upper case) when its format and check digit pass. */
export function validDea(text: string | undefined): string | undefined {
  const value = text?.replace(/\s+/g, '').toUpperCase();
  return value && isValidDeaNumber(value) ? value : undefined;
}

/**
 * A structured message's NPI as sent when it is ten digits, its check digit unchecked here: the prescriber's system
 * sent that field, so a wrong check digit is a finding for review (extraction-confidence.ts), not noise to drop.
 */
export function sentNpi(text: string | undefined): string | undefined {
  const value = text?.replace(/\s+/g, '');
  return value && NPI_PATTERN.test(value) ? value : undefined;
}

/** A structured message's DEA number (upper case) when it has the DEA format, its check digit left to the checks. */
export function sentDea(text: string | undefined): string | undefined {
  const value = text?.replace(/\s+/g, '').toUpperCase();
  return value && DEA_NUMBER_PATTERN.test(value) ? value : undefined;
}

/** A positive decimal quantity ("30", "30.5", "#30", "30 tablets"); undefined otherwise. */
export function quantityOf(text: string | undefined): number | undefined {
  const match = text ? /(\d{1,6}(?:\.\d{1,3})?)/.exec(text.replace(/,/g, '')) : null;
  const value = match ? Number(match[1]) : NaN;
  return Number.isFinite(value) && value > 0 && value <= 100_000 ? value : undefined;
}

/** A whole count within 0..max ("3", "NR"/"none"/"no refills" = 0); undefined otherwise. */
export function countOf(text: string | undefined, max: number): number | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  if (/^(nr|none|no refills?|zero)$/i.test(value)) return 0;
  const match = /^(\d{1,3})\b/.exec(value);
  const count = match ? Number(match[1]) : NaN;
  return Number.isInteger(count) && count >= 0 && count <= max ? count : undefined;
}

/** A phone number as (NNN) NNN-NNNN when it has ten digits (a leading 1 dropped); the text as written otherwise. */
export function phoneOf(text: string | undefined): string | undefined {
  const value = clean(text);
  if (!value) return undefined;
  const digits = value.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}

/** Drops the undefined fields, so stored data holds only what the document said. */
export function defined<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

/** "First Last" from the parts present. */
export function fullName(...parts: (string | undefined)[]): string | undefined {
  return clean(parts.filter(Boolean).join(' '));
}

/** Prose fields a reader may shorten to the model's length; any other value (ids, codes, dates) is dropped instead. */
const PROSE_FIELDS = new Set(['name', 'firstName', 'lastName', 'address', 'directions', 'provider', 'strength', 'form']);

/** The string length a field takes, looking through optional() and transforms (a transform is a pipe from its input). */
function maxLengthOf(field: z.ZodType): number | null {
  let inner: z.ZodType = field;
  for (let depth = 0; depth < 8; depth += 1) {
    if (inner instanceof z.ZodString) return inner.maxLength;
    if (inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
    else if (inner instanceof z.ZodPipe) inner = inner.in as z.ZodType;
    else return null;
  }
  return null;
}

/** The record's fields that the schema takes: prose cut to its length (never mid-surrogate), anything else invalid left out. */
function fitTo<T extends Record<string, unknown>>(schema: z.ZodObject, record: T): T {
  const fitted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const field = schema.shape[key] as z.ZodType | undefined;
    if (!field || value === undefined) continue;
    let candidate: unknown = value;
    const max = maxLengthOf(field);
    if (typeof value === 'string' && PROSE_FIELDS.has(key) && max !== null && value.length > max) {
      candidate = value.slice(0, max).replace(/[\uD800-\uDBFF]$/, '').trimEnd();
    }
    const parsed = field.safeParse(candidate);
    if (parsed.success && parsed.data !== undefined) fitted[key] = parsed.data;
  }
  return fitted as T;
}

/**
 * The extraction as the model's schemas take it (prescription-file.ts), so what the api stores is what a review can
 * save back: a hostile or garbled document's 50,000-character "drug name" is cut to 300, a BIN of 9 digits or a message id past 100 characters left out.
 */
export function fitExtraction(extraction: Extraction): Extraction {
  const { insuranceInfo, ...patient } = extraction.patientData;
  const insurance = insuranceInfo ? fitTo(insuranceInfoSchema, insuranceInfo) : undefined;
  const patientData = fitTo(patientDataSchema, patient);
  const messageId = extraction.messageId && extraction.messageId.length <= 100 ? extraction.messageId : undefined;
  return defined({
    ...extraction,
    messageId,
    patientData: insurance && Object.keys(insurance).length > 0 ? { ...patientData, insuranceInfo: insurance } : patientData,
    drugData: fitTo(drugDataSchema, extraction.drugData),
    prescriberData: fitTo(prescriberDataSchema, extraction.prescriberData),
  });
}
