/**
 * The tests' own RFC 6238 code generator (HMAC-SHA-1, 30-second steps), written apart from the auth service's so
 * that a test computes the code an authenticator app would show and the service is checked against it.
 */
import { createHmac } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function fromBase32(secret: string): Buffer {
  const bits = [...secret.replace(/=+$/, '').toUpperCase()]
    .map((char) => {
      const value = ALPHABET.indexOf(char);
      if (value < 0) throw new Error(`not base32: ${char}`);
      return value.toString(2).padStart(5, '0');
    })
    .join('');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP with a raw key: the code for the step holding unix time `seconds`. */
export function totpFromKey(key: Buffer, seconds: number, digits = 6, period = 30): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(seconds / period)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[19]! & 0xf;
  const value = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return (value % 10 ** digits).toString().padStart(digits, '0');
}

/** The 6-digit code of a base32 secret (as POST /factors returns it) at a time, by default now. */
export function totpCode(secret: string, at: Date = new Date()): string {
  return totpFromKey(fromBase32(secret), Math.floor(at.getTime() / 1000));
}

/** A code of the step `steps` away from now's (e.g. -1 for the previous step's code, +5 outside the window). */
export function totpCodeAtStep(secret: string, steps: number, at: Date = new Date()): string {
  return totpCode(secret, new Date(at.getTime() + steps * 30_000));
}
