/**
 * Minimal, strict HTTP/1.1 framing for the gateway: request and response heads parsed from latin1 text
 * (bytes kept as they are, so they can be written back unchanged), and a chunked-body scanner that finds
 * where a message ends across packet boundaries without copying the body. Anything ambiguous (both
 * Content-Length and Transfer-Encoding, repeated Content-Length, Authorization or apikey, folded lines, bad
 * tokens, loose chunk framing, trailer lines that are not fields) is refused rather than guessed at: an
 * upstream that read such a message differently would see a second request the gateway never checked.
 */

/** The blank line ending a head. */
export const HEAD_END = Buffer.from('\r\n\r\n');

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Control characters other than horizontal tab are not allowed in field values. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point: RFC 9110 §5.5 forbids them.
const INVALID_VALUE = /[\x00-\x08\x0a-\x1f\x7f]/;
const REQUEST_LINE = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+) ([\x21-\x7e]+) HTTP\/1\.([01])$/;
// eslint-disable-next-line no-control-regex -- a reason phrase may not carry control characters (RFC 9112 §4).
const STATUS_LINE = /^HTTP\/1\.([01]) ([1-9]\d\d)(?: [^\x00-\x08\x0a-\x1f\x7f]*)?$/;
const DIGITS = /^\d{1,15}$/;

/** Fields both heads share: the raw [name, value, …] list and what decides the framing and the connection. */
interface HeadFields {
  minorVersion: number;
  /** Field names and values as received, alternating. */
  rawHeaders: string[];
  /** The field names lower-cased, one per pair of rawHeaders. */
  lowerNames: string[];
  /** -1 when absent. */
  contentLength: number;
  chunked: boolean;
  connectionClose: boolean;
  connectionKeepAlive: boolean;
  connectionUpgrade: boolean;
  /** Lower-cased extra names listed in Connection: headers of this connection only, not forwarded. */
  connectionNamed: string[] | null;
}

export interface RequestHead extends HeadFields {
  method: string;
  target: string;
  host: string | null;
  apiKey: string | null;
  /** The Authorization value (at most one field is accepted; '' when empty), null when absent. */
  authorization: string | null;
  /** X-Forwarded-For as sent (fields joined): trusted only from a holder of the service-role key. */
  forwardedFor: string | null;
  origin: string | null;
  corsRequestMethod: string | null;
  corsRequestHeaders: string | null;
  expectContinue: boolean;
  upgrade: boolean;
}

export interface ResponseHead extends HeadFields {
  status: number;
  /** The status line without its version ("200 OK"), forwarded as it came. */
  statusText: string;
}

/** Why a head was refused: the status the gateway answers with. */
export class HeadError extends Error {
  constructor(readonly status: number) {
    super(`malformed HTTP head (${status})`);
  }
}

function joinField(previous: string | null, value: string): string {
  return previous === null ? value : `${previous}, ${value}`;
}

function readConnection(head: HeadFields, value: string): void {
  for (const part of value.split(',')) {
    const token = part.trim().toLowerCase();
    if (token === 'close') head.connectionClose = true;
    else if (token === 'keep-alive') head.connectionKeepAlive = true;
    else if (token === 'upgrade') head.connectionUpgrade = true;
    else if (token !== '') (head.connectionNamed ??= []).push(token);
  }
}

/**
 * A request may carry one Content-Length; a response may repeat the same value (RFC 9110 §8.6 lets a
 * recipient accept that), never differing ones.
 */
function readContentLength(head: HeadFields, value: string, request: boolean): void {
  if (!DIGITS.test(value)) throw new HeadError(400);
  const length = Number(value);
  if (head.contentLength !== -1 && (request || head.contentLength !== length)) throw new HeadError(400);
  head.contentLength = length;
}

/** Strips optional whitespace (SP and HTAB only, RFC 9110 §5.6.3) around a field value. */
function trimOws(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && (value.charCodeAt(start) === 0x20 || value.charCodeAt(start) === 0x09)) start++;
  while (end > start && (value.charCodeAt(end - 1) === 0x20 || value.charCodeAt(end - 1) === 0x09)) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

function readTransferEncoding(head: HeadFields, value: string, request: boolean): void {
  // Only plain chunked is supported: any other coding would have to be decoded to find the message end.
  if (head.chunked || value.toLowerCase() !== 'chunked') throw new HeadError(request ? 501 : 502);
  head.chunked = true;
}

/** Splits "name: value" lines, checking each, and calls `field` with the lower-cased name. */
function readFields<Head extends HeadFields>(lines: string[], head: Head, field: (head: Head, lowerName: string, value: string) => void): void {
  const raw = head.rawHeaders;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new HeadError(400);
    const name = line.slice(0, colon);
    if (!TOKEN.test(name)) throw new HeadError(400);
    const value = trimOws(line.slice(colon + 1));
    if (INVALID_VALUE.test(value)) throw new HeadError(400);
    const lowerName = name.toLowerCase();
    raw.push(name, value);
    head.lowerNames.push(lowerName);
    field(head, lowerName, value);
  }
}

/** Parses a request head (its text without the final blank line). Throws HeadError. */
export function parseRequestHead(text: string): RequestHead {
  const lines = text.split('\r\n');
  const start = REQUEST_LINE.exec(lines[0]!);
  if (!start) throw new HeadError(400);
  const head: RequestHead = {
    method: start[1]!,
    target: start[2]!,
    minorVersion: start[3] === '1' ? 1 : 0,
    rawHeaders: [],
    lowerNames: [],
    contentLength: -1,
    chunked: false,
    connectionClose: false,
    connectionKeepAlive: false,
    connectionUpgrade: false,
    connectionNamed: null,
    host: null,
    apiKey: null,
    authorization: null,
    forwardedFor: null,
    origin: null,
    corsRequestMethod: null,
    corsRequestHeaders: null,
    expectContinue: false,
    upgrade: false,
  };
  readFields(lines, head, requestField);
  if (head.chunked && (head.contentLength !== -1 || head.minorVersion === 0)) throw new HeadError(400);
  if (head.minorVersion === 1 && head.host === null) throw new HeadError(400);
  // `upgrade` held "an Upgrade field was present"; an upgrade also needs Connection: upgrade.
  head.upgrade &&= head.connectionUpgrade;
  return head;
}

function requestField(head: RequestHead, name: string, value: string): void {
  switch (name) {
    case 'host':
      if (head.host !== null) throw new HeadError(400);
      head.host = value;
      break;
    // Credentials are checked by the gateway and read again upstream: two of them could be read
    // differently on each side, so a repeated one is refused.
    case 'apikey':
      if (head.apiKey !== null) throw new HeadError(400);
      head.apiKey = value;
      break;
    case 'authorization':
      if (head.authorization !== null) throw new HeadError(400);
      head.authorization = value;
      break;
    case 'x-forwarded-for':
      head.forwardedFor = joinField(head.forwardedFor, value);
      break;
    case 'origin':
      head.origin ??= value;
      break;
    case 'access-control-request-method':
      head.corsRequestMethod ??= value;
      break;
    case 'access-control-request-headers':
      head.corsRequestHeaders = joinField(head.corsRequestHeaders, value);
      break;
    case 'expect':
      if (value.toLowerCase() === '100-continue') head.expectContinue = true;
      break;
    case 'upgrade':
      head.upgrade = true;
      break;
    case 'connection':
      readConnection(head, value);
      break;
    case 'content-length':
      readContentLength(head, value, true);
      break;
    case 'transfer-encoding':
      readTransferEncoding(head, value, true);
      break;
  }
}

function responseField(head: ResponseHead, name: string, value: string): void {
  if (name === 'content-length') readContentLength(head, value, false);
  else if (name === 'transfer-encoding') readTransferEncoding(head, value, false);
  else if (name === 'connection') readConnection(head, value);
}

/** Parses a response head (its text without the final blank line). Throws HeadError (status 502). */
export function parseResponseHead(text: string): ResponseHead {
  const lines = text.split('\r\n');
  const statusLine = lines[0]!;
  const start = STATUS_LINE.exec(statusLine);
  if (!start) throw new HeadError(502);
  const head: ResponseHead = {
    status: Number(start[2]),
    statusText: statusLine.slice(9),
    minorVersion: start[1] === '1' ? 1 : 0,
    rawHeaders: [],
    lowerNames: [],
    contentLength: -1,
    chunked: false,
    connectionClose: false,
    connectionKeepAlive: false,
    connectionUpgrade: false,
    connectionNamed: null,
  };
  try {
    readFields(lines, head, responseField);
  } catch {
    throw new HeadError(502);
  }
  return head;
}

/** Whether a response to `method` with `status` has no body whatever its headers say (RFC 9112 §6.3). */
export function responseHasNoBody(method: string, status: number): boolean {
  return method === 'HEAD' || status === 204 || status === 304 || status < 200;
}

// Chunked scanner states.
const SIZE = 0;
/** Whitespace after the size: only more of it, an extension or the line end may follow. */
const SIZE_BWS = 1;
const SIZE_EXTENSION = 2;
const SIZE_LF = 3;
const DATA = 4;
const DATA_CR = 5;
const DATA_LF = 6;
const TRAILER_LINE_START = 7;
const TRAILER_NAME = 8;
const TRAILER_VALUE = 9;
const TRAILER_LINE_LF = 10;
const TRAILER_END_LF = 11;
const DONE = 12;

const CR = 13;
const LF = 10;
const SP = 0x20;
const HTAB = 0x09;
const SEMICOLON = 0x3b;
const COLON = 0x3a;
const MAX_SIZE_DIGITS = 12;
const MAX_EXTENSION = 4096;
const MAX_TRAILER = 16 * 1024;

/** tchar (RFC 9110 §5.6.2) by byte value. */
const TOKEN_BYTE = new Uint8Array(256);
for (const char of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") TOKEN_BYTE[char.charCodeAt(0)] = 1;

/** Bytes allowed in a field value or a chunk extension: HTAB, visible ASCII, space and obs-text. */
function isValueByte(byte: number): boolean {
  return byte === HTAB || (byte >= SP && byte !== 0x7f);
}

/** Result of ChunkedScanner.scan when the message continues past the given bytes. */
export const NEED_MORE = -1;
/** Result of ChunkedScanner.scan when the framing is broken. */
export const MALFORMED = -2;

function hexValue(byte: number): number {
  if (byte >= 48 && byte <= 57) return byte - 48;
  if (byte >= 97 && byte <= 102) return byte - 87;
  if (byte >= 65 && byte <= 70) return byte - 55;
  return -1;
}

/**
 * Follows a chunked body (RFC 9112 §7.1) across packets. `scan` returns the index just past the body's
 * end, NEED_MORE, or MALFORMED; with `onData` it also hands over the decoded payload slices.
 * Strict where parsers are known to differ: a size is hex digits only, whitespace after it may only lead
 * to an extension, and every trailer line must be a well-formed field ("name: value"), so a request line
 * or a folded line hidden in the trailer section is refused rather than passed on.
 */
export class ChunkedScanner {
  private state = SIZE;
  private remaining = 0;
  private digits = 0;
  private sideBytes = 0;
  private nameBytes = 0;
  private sawExtension = false;
  private sawTrailer = false;

  reset(): void {
    this.state = SIZE;
    this.remaining = 0;
    this.digits = 0;
    this.sideBytes = 0;
    this.nameBytes = 0;
    this.sawExtension = false;
    this.sawTrailer = false;
  }

  get done(): boolean {
    return this.state === DONE;
  }

  /** The body used chunk extensions or trailer fields: legal, but what smuggling attempts are made of. */
  get unusualFraming(): boolean {
    return this.sawExtension || this.sawTrailer;
  }

  scan(buf: Buffer, start: number, onData?: (payload: Buffer) => void): number {
    let i = start;
    const end = buf.length;
    while (i < end) {
      switch (this.state) {
        case SIZE: {
          const byte = buf[i]!;
          const digit = hexValue(byte);
          if (digit >= 0) {
            if (++this.digits > MAX_SIZE_DIGITS) return MALFORMED;
            this.remaining = this.remaining * 16 + digit;
          } else if (this.digits === 0) return MALFORMED;
          else if (byte === CR) this.state = SIZE_LF;
          else if (byte === SEMICOLON) this.startExtension();
          else if (byte === SP || byte === HTAB) this.state = SIZE_BWS;
          else return MALFORMED;
          i++;
          break;
        }
        case SIZE_BWS: {
          const byte = buf[i]!;
          if (byte === CR) this.state = SIZE_LF;
          else if (byte === SEMICOLON) this.startExtension();
          else if (byte !== SP && byte !== HTAB) return MALFORMED;
          i++;
          break;
        }
        case SIZE_EXTENSION: {
          const byte = buf[i]!;
          if (byte === CR) this.state = SIZE_LF;
          else if (!isValueByte(byte) || ++this.sideBytes > MAX_EXTENSION) return MALFORMED;
          i++;
          break;
        }
        case SIZE_LF:
          if (buf[i] !== LF) return MALFORMED;
          i++;
          this.digits = 0;
          if (this.remaining === 0) {
            this.state = TRAILER_LINE_START;
            this.sideBytes = 0;
          } else this.state = DATA;
          break;
        case DATA: {
          const take = Math.min(this.remaining, end - i);
          if (onData) onData(buf.subarray(i, i + take));
          i += take;
          this.remaining -= take;
          if (this.remaining === 0) this.state = DATA_CR;
          break;
        }
        case DATA_CR:
          if (buf[i] !== CR) return MALFORMED;
          i++;
          this.state = DATA_LF;
          break;
        case DATA_LF:
          if (buf[i] !== LF) return MALFORMED;
          i++;
          this.state = SIZE;
          break;
        case TRAILER_LINE_START:
          if (buf[i] === CR) {
            this.state = TRAILER_END_LF;
            i++;
          } else {
            this.sawTrailer = true;
            this.nameBytes = 0;
            this.state = TRAILER_NAME;
          }
          break;
        case TRAILER_NAME: {
          // A line starting with whitespace (obs-fold) or without "name:" fails here.
          if (++this.sideBytes > MAX_TRAILER) return MALFORMED;
          const byte = buf[i]!;
          if (byte === COLON) {
            if (this.nameBytes === 0) return MALFORMED;
            this.state = TRAILER_VALUE;
          } else if (TOKEN_BYTE[byte] === 1) this.nameBytes++;
          else return MALFORMED;
          i++;
          break;
        }
        case TRAILER_VALUE: {
          if (++this.sideBytes > MAX_TRAILER) return MALFORMED;
          const byte = buf[i]!;
          if (byte === CR) this.state = TRAILER_LINE_LF;
          else if (!isValueByte(byte)) return MALFORMED;
          i++;
          break;
        }
        case TRAILER_LINE_LF:
          if (buf[i] !== LF) return MALFORMED;
          i++;
          this.state = TRAILER_LINE_START;
          break;
        case TRAILER_END_LF:
          if (buf[i] !== LF) return MALFORMED;
          this.state = DONE;
          return i + 1;
        default:
          return i;
      }
    }
    return NEED_MORE;
  }

  private startExtension(): void {
    this.state = SIZE_EXTENSION;
    this.sawExtension = true;
    this.sideBytes = 0;
  }
}
