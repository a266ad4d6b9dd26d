/**
 * The auth service's pure rules, each as GoTrue defines it: ban durations in Go's duration syntax,
 * email and phone validation, metadata merging, password strength, and bcrypt hashes (GoTrue's own
 * "$2a$" format, plus pgcrypto-made hashes that seeds use).
 */
import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { parseGoDuration } from '../../supabase/local/src/auth/go-duration.ts';
import { hashPassword, passwordMatches, passwordStrengthError } from '../../supabase/local/src/auth/passwords.ts';
import { mergeMetadata, validateEmail, validatePhone } from '../../supabase/local/src/auth/users.ts';

describe('ban_duration (Go durations)', () => {
  it('parses single and compound units, fractions and "0"', () => {
    expect(parseGoDuration('24h')).toBe(86_400_000);
    expect(parseGoDuration('1h30m')).toBe(5_400_000);
    expect(parseGoDuration('1.5s')).toBe(1500);
    expect(parseGoDuration('876000h')).toBe(876_000 * 3_600_000);
    expect(parseGoDuration('250ms')).toBe(250);
    expect(parseGoDuration('0')).toBe(0);
    expect(parseGoDuration('-2m')).toBe(-120_000);
  });

  it('rejects what Go rejects', () => {
    expect(() => parseGoDuration('soon')).toThrow('time: invalid duration "soon"');
    expect(() => parseGoDuration('10')).toThrow('time: missing unit in duration "10"');
    expect(() => parseGoDuration('')).toThrow('invalid duration');
    expect(() => parseGoDuration('5d')).toThrow();
  });
});

describe('email and phone validation', () => {
  it('lower-cases valid emails and refuses missing, long and malformed ones with GoTrue messages', () => {
    expect(validateEmail('Pat.Smith+rx@Example.COM')).toBe('pat.smith+rx@example.com');
    expect(() => validateEmail('')).toThrow('An email address is required');
    expect(() => validateEmail(`${'a'.repeat(250)}@example.com`)).toThrow('An email address is too long');
    expect(() => validateEmail('not-an-email')).toThrow('Unable to validate email address: invalid format');
    expect(() => validateEmail('a@-example.com')).toThrow('invalid format');
  });

  it('normalises phones to E.164 digits', () => {
    expect(validatePhone('+1 555 010 9999')).toBe('15550109999');
    expect(() => validatePhone('0123')).toThrow('Invalid phone number format (E.164 required)');
  });
});

describe('metadata updates', () => {
  it('replaces given keys, removes keys set to null and keeps the rest', () => {
    expect(mergeMetadata({ a: 1, b: { c: 2 }, d: 'x' }, { b: { e: 3 }, d: null, f: true })).toEqual({ a: 1, b: { e: 3 }, f: true });
    expect(mergeMetadata(null, { a: 1 })).toEqual({ a: 1 });
  });
});

describe('passwords', () => {
  it('hashes like GoTrue ($2a$, cost 10) and verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
    expect(await passwordMatches(hash, 'correct horse')).toBe(true);
    expect(await passwordMatches(hash, 'wrong horse')).toBe(false);
  });

  it('accepts the $2b$ and $2y$ variants and other costs, and treats a missing or broken hash as no match', async () => {
    const cost6 = bcrypt.hashSync('seeded', 6);
    expect(await passwordMatches(cost6, 'seeded')).toBe(true);
    expect(await passwordMatches(cost6.replace(/^\$2b\$/, '$2y$'), 'seeded')).toBe(true);
    expect(await passwordMatches(null, 'seeded')).toBe(false);
    expect(await passwordMatches('', '')).toBe(false);
    expect(await passwordMatches('$2a$10$short', 'seeded')).toBe(false);
  });

  it('applies the default strength policy: at least 6 characters, at most 72 bytes', () => {
    expect(passwordStrengthError('123456', 6)).toBeNull();
    expect(passwordStrengthError('12345', 6)).toMatchObject({
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      extra: { weak_password: { reasons: ['length'] } },
    });
    expect(passwordStrengthError('é'.repeat(37), 6)).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});
