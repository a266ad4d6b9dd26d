/**
 * X12 004010 data element values for wholesaler ordering: decimals (type R) to integer cents and back, integer
 * quantities, dates (DT, CCYYMMDD / YYMMDD) and times (TM, HHMM), NDCs in the N4 qualifier's 5-4-2 form, and the
 * text rules a builder applies so no value can carry a delimiter. Decimals are read digit by digit, never through
 * floats, so a price survives exactly. Every reader answers `{ ok, value } | { ok: false, error }`.
 */
import { formatNdc, parseNdc } from '../../drugs/ndc.ts';

export type X12Value<T> = { ok: true; value: T } | { ok: false; error: string };

/** The largest amount in cents we accept: 13 integer digits (a trillion dollars) stays a safe integer. */
const MAX_MONEY_INTEGER_DIGITS = 13;
const MAX_QUANTITY = 99_999_999;

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

function allDigits(text: string): boolean {
  if (text === '') return false;
  for (const char of text) if (!isDigit(char)) return false;
  return true;
}

interface DecimalParts {
  negative: boolean;
  integer: string;
  fraction: string;
}

/** An X12 R value: an optional minus, digits, an optional point with digits ("12.34", "12", ".5", "-1.00"). */
function decimalParts(text: string): DecimalParts | null {
  let rest = text;
  const negative = rest.startsWith('-');
  if (negative) rest = rest.slice(1);
  const point = rest.indexOf('.');
  const integer = point === -1 ? rest : rest.slice(0, point);
  const fraction = point === -1 ? '' : rest.slice(point + 1);
  if (integer === '' && fraction === '') return null;
  if (integer !== '' && !allDigits(integer)) return null;
  if (point !== -1 && !allDigits(fraction)) return null;
  return { negative, integer, fraction };
}

/** A decimal amount of dollars ("12.34", "12", ".5", "-1.00") as integer cents; more than 2 decimals only as zeros. */
export function parseMoneyCents(text: string, label = 'The amount'): X12Value<number> {
  const parts = decimalParts(text.trim());
  if (!parts) return { ok: false, error: `${label} "${text}" is not a decimal number.` };
  const integer = parts.integer.replace(/^0+/, '');
  if (integer.length > MAX_MONEY_INTEGER_DIGITS) return { ok: false, error: `${label} "${text}" is too large.` };
  const extra = parts.fraction.slice(2);
  for (const char of extra) {
    if (char !== '0') return { ok: false, error: `${label} "${text}" has more than 2 decimals: amounts are in whole cents.` };
  }
  const cents = Number(integer || '0') * 100 + Number(parts.fraction.slice(0, 2).padEnd(2, '0'));
  return { ok: true, value: parts.negative && cents !== 0 ? -cents : cents };
}

/** Integer cents as an X12 R value with 2 decimals ("12.34", "-1.05", "0.00"). */
export function formatMoneyCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new X12BuildError(`An amount of ${cents} cents is not a whole number of cents.`);
  const sign = cents < 0 ? '-' : '';
  const absolute = String(Math.abs(cents)).padStart(3, '0');
  return `${sign}${absolute.slice(0, -2)}.${absolute.slice(-2)}`;
}

/** An N type with 2 implied decimals (TDS01: "12345" is $123.45) as integer cents. */
export function parseImpliedCents(text: string, label = 'The amount'): X12Value<number> {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const digits = negative ? trimmed.slice(1) : trimmed;
  if (!allDigits(digits)) return { ok: false, error: `${label} "${text}" must be whole cents (digits with 2 implied decimals).` };
  const significant = digits.replace(/^0+/, '');
  if (significant.length > MAX_MONEY_INTEGER_DIGITS + 2) return { ok: false, error: `${label} "${text}" is too large.` };
  const cents = Number(significant || '0');
  return { ok: true, value: negative && cents !== 0 ? -cents : cents };
}

/** A quantity (R, "10" or "10.00"): a whole number from 0, decimals only as zeros. */
export function parseQuantity(text: string, label = 'The quantity'): X12Value<number> {
  const parts = decimalParts(text.trim());
  if (!parts || parts.negative || parts.integer === '') return { ok: false, error: `${label} "${text}" is not a whole number.` };
  for (const char of parts.fraction) if (char !== '0') return { ok: false, error: `${label} "${text}" is not a whole number.` };
  const integer = parts.integer.replace(/^0+/, '');
  if (integer.length > String(MAX_QUANTITY).length || Number(integer || '0') > MAX_QUANTITY) {
    return { ok: false, error: `${label} "${text}" is too large.` };
  }
  return { ok: true, value: Number(integer || '0') };
}

export function formatQuantity(quantity: number, label = 'A quantity'): string {
  if (!Number.isSafeInteger(quantity) || quantity < 0 || quantity > MAX_QUANTITY) {
    throw new X12BuildError(`${label} must be a whole number from 0 to ${MAX_QUANTITY}; got ${quantity}.`);
  }
  return String(quantity);
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= days[month - 1]!;
}

/** CCYYMMDD → YYYY-MM-DD (a real calendar date). */
export function parseX12Date(text: string, label = 'The date'): X12Value<string> {
  const trimmed = text.trim();
  if (trimmed.length !== 8 || !allDigits(trimmed)) return { ok: false, error: `${label} "${text}" is not a date (CCYYMMDD).` };
  const [year, month, day] = [trimmed.slice(0, 4), trimmed.slice(4, 6), trimmed.slice(6, 8)];
  if (!isCalendarDate(Number(year), Number(month), Number(day))) return { ok: false, error: `${label} "${text}" is not a calendar date.` };
  return { ok: true, value: `${year}-${month}-${day}` };
}

/** YYMMDD (ISA09) → YYYY-MM-DD; interchanges are of this century. */
export function parseIsaDate(text: string): X12Value<string> {
  if (text.length !== 6 || !allDigits(text)) return { ok: false, error: `The interchange date "${text}" is not a date (YYMMDD).` };
  return parseX12Date(`20${text}`, 'The interchange date');
}

/** HHMM, HHMMSS or HHMMSSD.. (TM) → HH:MM. */
export function parseX12Time(text: string, label = 'The time'): X12Value<string> {
  const trimmed = text.trim();
  if (trimmed.length < 4 || trimmed.length > 8 || !allDigits(trimmed)) return { ok: false, error: `${label} "${text}" is not a time (HHMM).` };
  const [hour, minute] = [trimmed.slice(0, 2), trimmed.slice(2, 4)];
  if (Number(hour) > 23 || Number(minute) > 59) return { ok: false, error: `${label} "${text}" is not a time of day.` };
  return { ok: true, value: `${hour}:${minute}` };
}

/** YYYY-MM-DD → CCYYMMDD. */
export function formatX12Date(isoDate: string, label = 'A date'): string {
  const compact = isoDate.length === 10 && isoDate[4] === '-' && isoDate[7] === '-' ? isoDate.slice(0, 4) + isoDate.slice(5, 7) + isoDate.slice(8, 10) : '';
  if (!parseX12Date(compact).ok) throw new X12BuildError(`${label} must be a calendar date YYYY-MM-DD; got "${isoDate}".`);
  return compact;
}

/** HH:MM → HHMM. */
export function formatX12Time(time: string, label = 'A time'): string {
  const compact = time.length === 5 && time[2] === ':' ? time.slice(0, 2) + time.slice(3, 5) : '';
  if (!parseX12Time(compact).ok) throw new X12BuildError(`${label} must be a time of day HH:MM; got "${time}".`);
  return compact;
}

/** The calendar date and time (YYYY-MM-DD, HH:MM) of an instant in an IANA time zone (the pharmacy's). */
export function localDateTime(instant: Date, timeZone = 'UTC'): { date: string; time: string } {
  if (Number.isNaN(instant.getTime())) throw new X12BuildError('The creation time is not a valid date.');
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/** An NDC as sent after the N4 qualifier: 5-4-2 with hyphens ("12345-6789-01"). */
export function formatNdcN4(ndc11: string): string {
  if (ndc11.length !== 11 || !allDigits(ndc11)) throw new X12BuildError(`An NDC must be 11 digits; got "${ndc11}".`);
  return formatNdc(ndc11, '5-4-2');
}

/** An N4 product id as wholesalers send it (11 digits, or hyphenated 5-4-2 / 4-4-2 / 5-3-2 / 5-4-1) → 11 digits. */
export function parseNdcN4(text: string): X12Value<string> {
  const parsed = parseNdc(text);
  return parsed.ok ? { ok: true, value: parsed.ndc.ndc11 } : { ok: false, error: `${parsed.error}.` };
}

/** A builder's input that cannot be written as X12 (a bad control number, NDC, date, or identifier). */
export class X12BuildError extends Error {
  override name = 'X12BuildError';
}

/** Characters a value may never hold: the delimiters we write with and control characters. */
function isForbidden(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f || char === '*' || char === '~' || char === '>' || char === '^';
}

/** Free text (a name): forbidden characters become spaces, runs of spaces one, cut to `maxLength`. */
export function x12Text(value: string, maxLength: number): string {
  let out = '';
  for (const char of value) out += isForbidden(char) ? ' ' : char;
  return out.split(' ').filter((word) => word !== '').join(' ').slice(0, maxLength).trim();
}

/** An identifier (PO number, account, lot, serial): must already be clean, `min`..`max` characters. */
export function x12Identifier(value: string, label: string, min: number, max: number): string {
  const trimmed = value.trim();
  if (trimmed.length < min || trimmed.length > max) {
    throw new X12BuildError(`${label} must be ${min === max ? min : `${min} to ${max}`} characters; got "${value}".`);
  }
  for (const char of trimmed) {
    if (isForbidden(char)) throw new X12BuildError(`${label} "${value}" holds a character X12 reserves (*, ~, >, ^ or a control character).`);
  }
  return trimmed;
}
