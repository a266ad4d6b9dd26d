import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotpStep, newTotpSecret, otpauthUri, qrCodeSvg, totpCode } from '../../supabase/local/src/auth/totp.ts';
import { totpCode as testTotpCode, totpFromKey } from '../support/totp.ts';

// RFC 6238 Appendix B (SHA-1 rows): the key is the ASCII of "12345678901234567890", 8 digits, 30-second steps.
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP codes (RFC 6238)', () => {
  it.each(RFC_VECTORS)("the auth service's generator gives RFC 6238's code at %i s", (seconds, code) => {
    expect(hotp(RFC_KEY, Math.floor(seconds / 30), 8)).toBe(code);
  });

  it.each(RFC_VECTORS)("the tests' own generator gives RFC 6238's code at %i s", (seconds, code) => {
    expect(totpFromKey(RFC_KEY, seconds, 8)).toBe(code);
  });

  it('gives the 6-digit codes of RFC 4226 Appendix D for the same key (HOTP, counters 0 to 9)', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(RFC_KEY, counter))).toEqual(expected);
  });

  it('reads and writes base32 secrets as authenticator apps do', () => {
    const secret = base32Encode(RFC_KEY);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(secret).equals(RFC_KEY)).toBe(true);
    expect(base32Decode(secret.toLowerCase()).equals(RFC_KEY)).toBe(true);
    expect(() => base32Decode('NOT-BASE32!')).toThrow('base32');
    expect(totpCode(secret, new Date(59_000))).toBe('287082');
  });

  it('makes 32-character secrets of 20 random bytes that the two generators agree on', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const at = new Date();
    expect(totpCode(secret, at)).toBe(testTotpCode(secret, at));
  });

  it('accepts the codes of the previous, current and next step and nothing further (skew 1)', () => {
    const secret = base32Encode(RFC_KEY);
    const now = new Date(1_234_567_890_000);
    const step = Math.floor(1_234_567_890 / 30);
    const codeAt = (offset: number) => totpCode(secret, new Date(now.getTime() + offset * 30_000));
    expect(matchTotpStep(secret, codeAt(0), now)).toBe(step);
    expect(matchTotpStep(secret, codeAt(-1), now)).toBe(step - 1);
    expect(matchTotpStep(secret, codeAt(1), now)).toBe(step + 1);
    expect(matchTotpStep(secret, codeAt(-2), now)).toBeNull();
    expect(matchTotpStep(secret, codeAt(2), now)).toBeNull();
    expect(matchTotpStep(secret, '12345', now)).toBeNull();
    expect(matchTotpStep(secret, 'abcdef', now)).toBeNull();
  });

  it("writes pquerna/otp's key URI and an SVG QR code of it", () => {
    const uri = otpauthUri('127.0.0.1:5173', 'ada@example.com', 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(uri).toBe(
      'otpauth://totp/127.0.0.1:5173:ada%40example.com?algorithm=SHA1&digits=6&issuer=127.0.0.1%3A5173&period=30&secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
    );
    expect(qrCodeSvg(uri)).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>$/);
  });
});
