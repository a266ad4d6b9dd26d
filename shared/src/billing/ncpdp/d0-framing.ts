/**
 * NCPDP D.0 transmission framing, shared by requests and responses: a fixed-width header (56 characters in a
 * request, 31 in a response) with no separators, then the transmission-level segments, then each transaction: a
 * group separator (0x1D) and its segments. A segment is the segment separator (0x1E), a field separator (0x1C) and
 * "AM" with the 2-character segment id (field 111-AM), then each field as <0x1C><2-character field id><value>.
 * Example: "<header>\x1e\x1cAM04\x1cC2123456789\x1d\x1e\x1cAM07\x1cEM1…".
 * Bytes are what go on the wire: builders give a Uint8Array of ASCII, readers take one (or the same text as a
 * string, or an ArrayBuffer). Hostile input is bounded before any work: 16 KB, 80 segments, 4 transactions, 1,000 fields a segment;
 * it is scanned once, character by character (no regular expressions). Values must be printable ASCII.
 */
import { D0BuildError, type D0Result, escapeForMessage, firstUnprintable } from './d0-values.ts';

export const SEGMENT_SEPARATOR = '\x1e';
export const FIELD_SEPARATOR = '\x1c';
export const GROUP_SEPARATOR = '\x1d';

export const D0_MAX_BYTES = 16 * 1024;
export const D0_MAX_SEGMENTS = 80;
export const D0_MAX_TRANSACTIONS = 4;
export const D0_MAX_FIELDS_PER_SEGMENT = 1_000;

/** One field as on the wire: its 2-character id ("E7") and its value, untouched. */
export interface D0Field {
  id: string;
  value: string;
}

/** A segment as on the wire: its 2-character id ("07" for AM07) and its fields after 111-AM. */
export interface D0RawSegment {
  id: string;
  fields: D0Field[];
}

/** A transmission split into its parts, before any field is interpreted. */
export interface D0Frame {
  header: string;
  transmissionSegments: D0RawSegment[];
  transactions: D0RawSegment[][];
}

/** Segment and field ids are letters and digits ("07", "E7", "4C", "28"). */
function isIdCharacter(char: string | undefined): boolean {
  return char !== undefined && ((char >= 'A' && char <= 'Z') || (char >= '0' && char <= '9'));
}

export function isD0Id(id: string): boolean {
  return id.length === 2 && isIdCharacter(id[0]) && isIdCharacter(id[1]);
}

/** How messages name a segment: "AM07". */
export function segmentTag(id: string): string {
  return `AM${id}`;
}

/** What a reader takes: the body's bytes (a Uint8Array or the ArrayBuffer of `await request.arrayBuffer()`), or text. */
export type D0Input = Uint8Array | ArrayBuffer | string;

/** The transmission as text: at most 16 KB, ASCII only. */
export function d0Text(source: D0Input): D0Result<string> {
  const input = source instanceof ArrayBuffer ? new Uint8Array(source) : source;
  if (input.length > D0_MAX_BYTES) return { ok: false, error: `The transmission is larger than ${D0_MAX_BYTES / 1024} KB.` };
  if (typeof input === 'string') {
    for (let i = 0; i < input.length; i++) {
      if (input.charCodeAt(i) > 0x7f) return { ok: false, error: `The transmission holds a character that is not ASCII (at position ${i + 1}).` };
    }
    return { ok: true, value: input };
  }
  let text = '';
  for (let i = 0; i < input.length; i++) {
    const byte = input[i]!;
    if (byte > 0x7f) return { ok: false, error: `The transmission holds a byte that is not ASCII (at position ${i + 1}).` };
    text += String.fromCharCode(byte);
  }
  return { ok: true, value: text };
}

/** ASCII text → the bytes sent. */
export function d0Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) throw new D0BuildError('A transmission is ASCII only.');
    bytes[i] = code;
  }
  return bytes;
}

function isSeparator(char: string | undefined): boolean {
  return char === SEGMENT_SEPARATOR || char === FIELD_SEPARATOR || char === GROUP_SEPARATOR;
}

/** Splits `text` at every `separator` (one pass; the pieces between, the first before the first separator). */
function splitAt(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

type Where = () => string;

function readSegment(piece: string, where: Where): D0Result<D0RawSegment> {
  if (piece === '') return { ok: false, error: `An empty segment ${where()}: a segment separator is followed by nothing.` };
  if (piece[0] !== FIELD_SEPARATOR) return { ok: false, error: `A segment ${where()} does not start with a field separator.` };
  const texts = splitAt(piece.slice(1), FIELD_SEPARATOR);
  const identification = texts[0]!;
  if (identification.length !== 4 || !identification.startsWith('AM') || !isD0Id(identification.slice(2))) {
    return { ok: false, error: `A segment ${where()} does not start with its segment identification (111-AM), e.g. AM07; it starts "${escapeForMessage(identification.slice(0, 8))}".` };
  }
  const id = identification.slice(2);
  if (texts.length - 1 > D0_MAX_FIELDS_PER_SEGMENT) return { ok: false, error: `Segment ${segmentTag(id)} ${where()} has more than ${D0_MAX_FIELDS_PER_SEGMENT} fields.` };
  const fields: D0Field[] = [];
  for (let i = 1; i < texts.length; i++) {
    const text = texts[i]!;
    const fieldId = text.slice(0, 2);
    if (text.length < 2 || !isD0Id(fieldId)) {
      return { ok: false, error: `Field ${i + 1} of segment ${segmentTag(id)} ${where()} does not start with a 2-character field id (letters and digits); it is "${escapeForMessage(text)}".` };
    }
    const value = text.slice(2);
    const bad = firstUnprintable(value);
    if (bad !== -1) return { ok: false, error: `Field ${fieldId} of segment ${segmentTag(id)} ${where()} holds a character that is not printable ASCII.` };
    fields.push({ id: fieldId, value });
  }
  return { ok: true, value: { id, fields } };
}

/** The segments of one part (the transmission level, or one transaction after its group separator). */
function readSegments(part: string, where: Where): D0Result<D0RawSegment[]> {
  if (part === '') return { ok: true, value: [] };
  if (part[0] !== SEGMENT_SEPARATOR) return { ok: false, error: `Text ${where()} is not inside a segment: a segment starts with a segment separator.` };
  const segments: D0RawSegment[] = [];
  for (const piece of splitAt(part.slice(1), SEGMENT_SEPARATOR)) {
    const segment = readSegment(piece, where);
    if (!segment.ok) return segment;
    segments.push(segment.value);
  }
  return { ok: true, value: segments };
}

/**
 * Splits a transmission: the fixed header (`headerLength` characters, no separator inside), then its segments.
 * Bounds: 16 KB (checked by d0Text), 80 segments, 4 transactions, 1,000 fields a segment.
 */
export function splitFrame(text: string, headerLength: number): D0Result<D0Frame> {
  let separators = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (i < headerLength && isSeparator(char)) {
      return { ok: false, error: `The transmission header is shorter than ${headerLength} characters.` };
    }
    if (char === SEGMENT_SEPARATOR && ++separators > D0_MAX_SEGMENTS) {
      return { ok: false, error: `The transmission has more than ${D0_MAX_SEGMENTS} segments.` };
    }
  }
  if (text.length < headerLength) return { ok: false, error: `The transmission header is shorter than ${headerLength} characters.` };
  const header = text.slice(0, headerLength);
  if (firstUnprintable(header) !== -1) return { ok: false, error: 'The transmission header holds a character that is not printable ASCII.' };
  const rest = text.slice(headerLength);
  if (rest !== '' && rest[0] !== SEGMENT_SEPARATOR && rest[0] !== GROUP_SEPARATOR) {
    return { ok: false, error: `The transmission header is longer than ${headerLength} characters: no segment separator follows it.` };
  }
  const parts = splitAt(rest, GROUP_SEPARATOR);
  if (parts.length - 1 > D0_MAX_TRANSACTIONS) return { ok: false, error: `The transmission has more than ${D0_MAX_TRANSACTIONS} transactions.` };
  const transmissionSegments = readSegments(parts[0]!, () => 'after the header');
  if (!transmissionSegments.ok) return transmissionSegments;
  const transactions: D0RawSegment[][] = [];
  for (let i = 1; i < parts.length; i++) {
    const where = () => `in transaction ${i}`;
    if (parts[i] === '') return { ok: false, error: `Transaction ${i} has no segments: a group separator is followed by nothing.` };
    const segments = readSegments(parts[i]!, where);
    if (!segments.ok) return segments;
    transactions.push(segments.value);
  }
  return { ok: true, value: { header, transmissionSegments: transmissionSegments.value, transactions } };
}

function segmentText(segment: D0RawSegment): string {
  if (!isD0Id(segment.id)) throw new D0BuildError(`A segment id must be 2 letters or digits; got "${escapeForMessage(segment.id)}".`);
  let out = `${SEGMENT_SEPARATOR}${FIELD_SEPARATOR}AM${segment.id}`;
  for (const field of segment.fields) {
    if (!isD0Id(field.id)) throw new D0BuildError(`A field id in segment ${segmentTag(segment.id)} must be 2 letters or digits; got "${escapeForMessage(field.id)}".`);
    if (firstUnprintable(field.value) !== -1) {
      throw new D0BuildError(`Field ${field.id} of segment ${segmentTag(segment.id)} may hold only printable ASCII characters; got "${escapeForMessage(field.value)}".`);
    }
    out += `${FIELD_SEPARATOR}${field.id}${field.value}`;
  }
  return out;
}

/** Joins a frame into the bytes sent; refuses what could not be read back (bad ids, characters, sizes). */
export function joinFrame(frame: D0Frame, headerLength: number): Uint8Array {
  if (frame.header.length !== headerLength || firstUnprintable(frame.header) !== -1) {
    throw new D0BuildError(`A transmission header is ${headerLength} printable ASCII characters.`);
  }
  if (frame.transactions.length > D0_MAX_TRANSACTIONS) throw new D0BuildError(`A transmission holds at most ${D0_MAX_TRANSACTIONS} transactions.`);
  const segmentCount = frame.transmissionSegments.length + frame.transactions.reduce((sum, segments) => sum + segments.length, 0);
  if (segmentCount > D0_MAX_SEGMENTS) throw new D0BuildError(`A transmission holds at most ${D0_MAX_SEGMENTS} segments.`);
  let text = frame.header;
  for (const segment of frame.transmissionSegments) text += segmentText(segment);
  for (const segments of frame.transactions) {
    if (segments.length === 0) throw new D0BuildError('A transaction needs at least one segment.');
    text += GROUP_SEPARATOR;
    for (const segment of segments) text += segmentText(segment);
  }
  if (text.length > D0_MAX_BYTES) throw new D0BuildError(`The transmission would be larger than ${D0_MAX_BYTES / 1024} KB.`);
  return d0Bytes(text);
}
