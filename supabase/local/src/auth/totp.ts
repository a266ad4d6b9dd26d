/**
 * TOTP as GoTrue uses it (pquerna/otp): RFC 6238 over RFC 4226 HOTP with HMAC-SHA-1, 6 digits, a 30-second
 * step, codes of the previous and next step accepted (skew 1); secrets are 20 random bytes in unpadded base32.
 * Also the otpauth:// URI authenticator apps read and its QR code as SVG markup.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import qrcode from 'qrcode-generator';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of the current one whose codes are accepted (GoTrue: Skew 1). */
export const TOTP_SKEW = 1;
const SECRET_BYTES = 20;
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return output;
}

/** Decodes base32 (case-insensitive, padding and spaces ignored); throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error('secret is not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new TOTP secret as GoTrue hands it out: base32 of 20 random bytes, 32 characters, no padding. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** RFC 4226 HOTP: the code for a counter, with the given HMAC algorithm and number of digits. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The RFC 6238 time step of an instant. */
export function totpStep(at: Date, period = TOTP_PERIOD_SECONDS): number {
  return Math.floor(at.getTime() / 1000 / period);
}

/** The code of a base32 secret at an instant (what an authenticator app shows). */
export function totpCode(secret: string, at: Date = new Date()): string {
  return hotp(base32Decode(secret), totpStep(at));
}

/**
 * The time step whose code matches, searching the current step and TOTP_SKEW steps either side; null when
 * none does or the code is not 6 digits. Callers refuse a step at or before the factor's last accepted one.
 */
export function matchTotpStep(secret: string, code: string, at: Date = new Date()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const current = totpStep(at);
  let matched: number | null = null;
  // Every candidate is compared (no early exit), so timing does not tell which step matched.
  for (let step = current - TOTP_SKEW; step <= current + TOTP_SKEW; step += 1) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code)) && matched === null) matched = step;
  }
  return matched;
}

/** The key URI authenticator apps scan (pquerna/otp's Key.URL(): its parameters in sorted order). */
export function otpauthUri(issuer: string, accountName: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${accountName}`).replace(/%3A/gi, ':');
  const params = new URLSearchParams({ algorithm: 'SHA1', digits: String(TOTP_DIGITS), issuer, period: String(TOTP_PERIOD_SECONDS), secret });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/** The QR code of a URI as SVG markup (GoTrue sends raw SVG; auth-js makes it a data URI). */
export function qrCodeSvg(text: string): string {
  const code = qrcode(0, 'H');
  code.addData(text, 'Byte');
  code.make();
  return code.createSvgTag({ cellSize: 3, margin: 4, scalable: true });
}
