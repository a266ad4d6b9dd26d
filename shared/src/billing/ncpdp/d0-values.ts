/**
 * NCPDP Telecommunication Standard D.0 field values: the data dictionary's formats turned into our types and back.
 * - Signed money, s9(n)v99: integer cents, 2 implied decimals, the sign overpunched on the last digit
 *   ({ABCDEFGHI for +0..9, }JKLMNOPQR for -0..9): $12.50 → "125{", -$0.35 → "3N".
 * - Quantities, 9(n)v999: integer thousandths, 3 implied decimals: 30 → "30000", 2.5 → "2500".
 * - Counts and numeric codes, 9(n): safe integers; numeric identifiers (Rx number, phone) kept as digit strings.
 * - Dates, 9(8) CCYYMMDD ↔ YYYY-MM-DD; alphanumeric x(n): printable ASCII (0x20–0x7E) only, so a value can never
 *   hold a separator or a control character.
 * Builders write numbers without leading zeros (the standard lets the variable part drop them: "may be truncated to
 * the actual size used") and refuse what cannot be written with a D0BuildError; readers accept zero-filled values
 * too and answer `{ ok, value } | { ok: false, error }` with a sentence naming the field. Everything is read digit
 * by digit: no floats, no regular expressions over input.
 */

export type D0Result<T> = { ok: true; value: T } | { ok: false; error: string };

/** A builder's input that cannot be written as D.0 (bad characters, too long, not a whole number of cents…). */
export class D0BuildError extends Error {
  override name = 'D0BuildError';
}

/** How a field's value is written: the data dictionary's format, as our types see it. */
export type D0FieldKind =
  /** x(n): printable ASCII, at most `length` characters; trailing spaces are padding. */
  | 'text'
  /** 9(n) count or numeric code → number, at most `length` digits. */
  | 'integer'
  /** 9(n) identifier (Rx number, phone, PA number) → string of 1..`length` digits, as sent. */
  | 'digits'
  /** s9(n)v99 money → integer cents; `length` counts every digit, the 2 decimals included. */
  | 'cents'
  /** 9(n)v999 quantity → integer thousandths; `length` counts every digit, the 3 decimals included. */
  | 'thousandths'
  /** 9(8) CCYYMMDD → YYYY-MM-DD. */
  | 'date';

/** One field of the data dictionary: its 2-character id, its full reference ("442-E7") and its name. */
export interface D0FieldDef {
  id: string;
  ref: string;
  name: string;
  kind: D0FieldKind;
  length: number;
}

/** How messages name a field: "Quantity dispensed (442-E7)". */
export function fieldLabel(field: Pick<D0FieldDef, 'ref' | 'name'>): string {
  return `${field.name} (${field.ref})`;
}

/** A numeric value read with leading zeros is bounded here, whatever its field, so the work stays small. */
const MAX_NUMERIC_CHARS = 18;

const POSITIVE_OVERPUNCH = '{ABCDEFGHI';
const NEGATIVE_OVERPUNCH = '}JKLMNOPQR';

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char.length === 1 && char >= '0' && char <= '9';
}

function allDigits(text: string): boolean {
  if (text === '') return false;
  for (let i = 0; i < text.length; i++) if (!isDigit(text[i])) return false;
  return true;
}

/** A printable ASCII character (space to tilde): what a D.0 value may hold. */
export function isPrintableAscii(char: string): boolean {
  const code = char.charCodeAt(0);
  return code >= 0x20 && code <= 0x7e;
}

/** The digits without leading zeros ("" for zero). */
function significant(digits: string): string {
  let start = 0;
  while (start < digits.length && digits[start] === '0') start += 1;
  return digits.slice(start);
}

function ok<T>(value: T): D0Result<T> {
  return { ok: true, value };
}

function fail<T>(error: string): D0Result<T> {
  return { ok: false, error };
}

/** Digits of an unsigned numeric value with `length` digits at most (leading zeros allowed). */
function readUnsignedDigits(text: string, field: D0FieldDef): D0Result<string> {
  const label = fieldLabel(field);
  if (!allDigits(text)) return fail(`${label} is not a number.`);
  if (text.length > MAX_NUMERIC_CHARS || significant(text).length > field.length) {
    return fail(`${label} is too large: it has at most ${field.length} digits.`);
  }
  return ok(text);
}

/** s9(n)v99 with the overpunched sign → integer cents. */
export function parseOverpunchCents(text: string, field: D0FieldDef): D0Result<number> {
  const label = fieldLabel(field);
  if (text === '') return fail(`${label} is not a signed amount.`);
  const last = text[text.length - 1]!;
  const positive = POSITIVE_OVERPUNCH.indexOf(last);
  const negative = NEGATIVE_OVERPUNCH.indexOf(last);
  if (positive === -1 && negative === -1) {
    return fail(`${label} is not a signed amount: its last character must carry the sign ({, A–I or }, J–R).`);
  }
  const leading = text.slice(0, -1);
  if (leading !== '' && !allDigits(leading)) return fail(`${label} is not a signed amount.`);
  const digits = leading + String(positive === -1 ? negative : positive);
  if (digits.length > MAX_NUMERIC_CHARS || significant(digits).length > field.length) {
    return fail(`${label} is too large: it has at most ${field.length} digits.`);
  }
  const cents = Number(significant(digits) || '0');
  return ok(negative !== -1 && cents !== 0 ? -cents : cents);
}

/** Integer cents → s9(n)v99 with the overpunched sign, without leading zeros (0 → "{"). */
export function formatOverpunchCents(cents: number, field: D0FieldDef): string {
  const label = fieldLabel(field);
  if (!Number.isSafeInteger(cents)) throw new D0BuildError(`${label} must be a whole number of cents; got ${cents}.`);
  const digits = String(Math.abs(cents));
  if (digits.length > field.length) throw new D0BuildError(`${label} is too large: it has at most ${field.length} digits; got ${cents} cents.`);
  const lastDigit = Number(digits[digits.length - 1]);
  const sign = cents < 0 ? NEGATIVE_OVERPUNCH : POSITIVE_OVERPUNCH;
  return digits.slice(0, -1) + sign[lastDigit]!;
}

/** 9(n) → a safe integer. */
export function parseInteger(text: string, field: D0FieldDef): D0Result<number> {
  const digits = readUnsignedDigits(text, field);
  return digits.ok ? ok(Number(significant(digits.value) || '0')) : digits;
}

/** A whole number from 0 → 9(n) without leading zeros. */
export function formatInteger(value: number, field: D0FieldDef): string {
  const max = 10 ** field.length - 1;
  if (!Number.isSafeInteger(value) || value < 0 || value > max) {
    throw new D0BuildError(`${fieldLabel(field)} must be a whole number from 0 to ${max}; got ${value}.`);
  }
  return String(value);
}

/** 9(n)v999 → integer thousandths ("30000" is 30). */
export const parseThousandths = parseInteger;

/** Integer thousandths → 9(n)v999 without leading zeros (30 units → "30000"). */
export const formatThousandths = formatInteger;

/** 9(n) identifier → its digits as sent (leading zeros are not significant in D.0: compare with Number()). */
export function parseDigits(text: string, field: D0FieldDef): D0Result<string> {
  return readUnsignedDigits(text, field);
}

export function formatDigits(value: string, field: D0FieldDef): string {
  if (!allDigits(value) || value.length > field.length) {
    throw new D0BuildError(`${fieldLabel(field)} must be 1 to ${field.length} digits; got "${value}".`);
  }
  return value;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= days[month - 1]!;
}

/** CCYYMMDD → YYYY-MM-DD (a real calendar date). */
export function parseD0Date(text: string, field: Pick<D0FieldDef, 'ref' | 'name'>): D0Result<string> {
  const label = fieldLabel(field);
  if (text.length !== 8 || !allDigits(text)) return fail(`${label} is not a date (CCYYMMDD).`);
  const [year, month, day] = [text.slice(0, 4), text.slice(4, 6), text.slice(6, 8)];
  if (!isCalendarDate(Number(year), Number(month), Number(day))) return fail(`${label} is not a calendar date.`);
  return ok(`${year}-${month}-${day}`);
}

/** YYYY-MM-DD → CCYYMMDD. */
export function formatD0Date(isoDate: string, field: Pick<D0FieldDef, 'ref' | 'name'>): string {
  const compact = isoDate.length === 10 && isoDate[4] === '-' && isoDate[7] === '-'
    ? isoDate.slice(0, 4) + isoDate.slice(5, 7) + isoDate.slice(8, 10)
    : '';
  if (!parseD0Date(compact, field).ok) throw new D0BuildError(`${fieldLabel(field)} must be a calendar date YYYY-MM-DD; got "${isoDate}".`);
  return compact;
}

/** The position of the first character that is not printable ASCII, or -1. */
export function firstUnprintable(text: string): number {
  for (let i = 0; i < text.length; i++) if (!isPrintableAscii(text[i]!)) return i;
  return -1;
}

/** x(n) as received: printable ASCII, trailing spaces (padding) removed. Length is not held against a sender. */
export function parseText(text: string, field: Pick<D0FieldDef, 'ref' | 'name'>): D0Result<string> {
  if (firstUnprintable(text) !== -1) return fail(`${fieldLabel(field)} holds a character that is not printable ASCII.`);
  let end = text.length;
  while (end > 0 && text[end - 1] === ' ') end -= 1;
  return ok(text.slice(0, end));
}

/** A value for x(n): printable ASCII only (never a separator or a control character), at most `length`. */
export function formatText(value: string, field: Pick<D0FieldDef, 'ref' | 'name' | 'length'>): string {
  const label = fieldLabel(field);
  if (firstUnprintable(value) !== -1) {
    throw new D0BuildError(`${label} may hold only printable ASCII characters (no separators or control characters); got "${escapeForMessage(value)}".`);
  }
  if (value.length > field.length) throw new D0BuildError(`${label} is longer than ${field.length} characters; got "${value}".`);
  return value;
}

/** A fixed-width header field: the value left-justified and space-filled to exactly `length` characters. */
export function padText(value: string, field: Pick<D0FieldDef, 'ref' | 'name' | 'length'>): string {
  return formatText(value, field).padEnd(field.length, ' ');
}

/** A value shown in a message: control characters as \xNN so the message stays readable. */
export function escapeForMessage(value: string): string {
  let out = '';
  for (const char of value.slice(0, 60)) {
    out += isPrintableAscii(char) ? char : `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
  }
  return value.length > 60 ? `${out}…` : out;
}

/** A field's value as our type, per its kind. */
export type D0Value = string | number;

/** Reads one field's value per its definition. */
export function parseFieldValue(text: string, field: D0FieldDef): D0Result<D0Value> {
  switch (field.kind) {
    case 'text': return parseText(text, field);
    case 'integer': return parseInteger(text, field);
    case 'digits': return parseDigits(text, field);
    case 'cents': return parseOverpunchCents(text, field);
    case 'thousandths': return parseThousandths(text, field);
    case 'date': return parseD0Date(text, field);
  }
}

/** Writes one field's value per its definition; a value of the wrong type is refused. */
export function formatFieldValue(value: unknown, field: D0FieldDef): string {
  const label = fieldLabel(field);
  if (field.kind === 'text' || field.kind === 'digits' || field.kind === 'date') {
    if (typeof value !== 'string') throw new D0BuildError(`${label} must be text; got ${typeof value}.`);
    if (field.kind === 'text') return formatText(value, field);
    return field.kind === 'digits' ? formatDigits(value, field) : formatD0Date(value, field);
  }
  if (typeof value !== 'number') throw new D0BuildError(`${label} must be a number; got ${typeof value}.`);
  return field.kind === 'cents' ? formatOverpunchCents(value, field) : formatInteger(value, field);
}
