/**
 * NCPDP D.0 field values (shared/src/billing/ncpdp/d0-values.ts): the overpunched sign of money fields for every
 * digit and both signs, read and written; leading zeros accepted on read and dropped on write; quantities with 3
 * implied decimals; CCYYMMDD dates; printable-ASCII text; each refusal with the field named.
 */
import { describe, expect, it } from 'vitest';
import { FIELDS } from '../../shared/src/billing/ncpdp/d0-fields.ts';
import {
  D0BuildError, formatD0Date, formatInteger, formatOverpunchCents, formatText, formatThousandths, padText, parseD0Date, parseDigits,
  parseInteger, parseOverpunchCents, parseText, parseThousandths,
} from '../../shared/src/billing/ncpdp/d0-values.ts';

const GROSS = FIELDS.DU; // s9(6)v99
const PATIENT_PAY = FIELDS.F5; // s9(8)v99
const QUANTITY = FIELDS.E7; // 9(7)v999

describe('signed money with the overpunched last digit', () => {
  // The standard's table: { A B C D E F G H I are +0..+9, } J K L M N O P Q R are -0..-9.
  const positive = ['{', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'];
  const negative = ['}', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R'];

  it.each(positive.map((char, digit) => [char, digit] as const))('reads "12%s" as +$1.2x (last digit %i)', (char, digit) => {
    expect(parseOverpunchCents(`12${char}`, GROSS)).toEqual({ ok: true, value: 120 + digit });
    expect(formatOverpunchCents(120 + digit, GROSS)).toBe(`12${char}`);
  });

  it.each(negative.map((char, digit) => [char, digit] as const))('reads "12%s" as -$1.2x (last digit %i)', (char, digit) => {
    expect(parseOverpunchCents(`12${char}`, GROSS)).toEqual({ ok: true, value: -(120 + digit) });
    expect(formatOverpunchCents(-(120 + digit), GROSS)).toBe(`12${char}`);
  });

  it('writes the examples of the standard and reads them back, zero-filled or not', () => {
    expect(formatOverpunchCents(1250, GROSS)).toBe('125{');
    expect(formatOverpunchCents(-1250, GROSS)).toBe('125}');
    expect(formatOverpunchCents(351, GROSS)).toBe('35A');
    expect(formatOverpunchCents(-357, GROSS)).toBe('35P');
    expect(formatOverpunchCents(5, GROSS)).toBe('E');
    expect(formatOverpunchCents(0, GROSS)).toBe('{');
    expect(formatOverpunchCents(99_999_999, GROSS)).toBe('9999999I');
    expect(parseOverpunchCents('0000035A', GROSS)).toEqual({ ok: true, value: 351 });
    expect(parseOverpunchCents('0000035P', GROSS)).toEqual({ ok: true, value: -357 });
    expect(parseOverpunchCents('{', GROSS)).toEqual({ ok: true, value: 0 });
    expect(parseOverpunchCents('}', GROSS)).toEqual({ ok: true, value: 0 });
    expect(parseOverpunchCents('999999999I', PATIENT_PAY)).toEqual({ ok: true, value: 9_999_999_999 });
  });

  it('refuses what is not a signed amount, naming the field', () => {
    expect(parseOverpunchCents('1250', GROSS)).toEqual({ ok: false, error: 'Gross amount due (430-DU) is not a signed amount: its last character must carry the sign ({, A–I or }, J–R).' });
    expect(parseOverpunchCents('12.5{', GROSS)).toEqual({ ok: false, error: 'Gross amount due (430-DU) is not a signed amount.' });
    expect(parseOverpunchCents('-12{', GROSS)).toEqual({ ok: false, error: 'Gross amount due (430-DU) is not a signed amount.' });
    expect(parseOverpunchCents('', GROSS)).toEqual({ ok: false, error: 'Gross amount due (430-DU) is not a signed amount.' });
    expect(parseOverpunchCents('12345678{', GROSS)).toEqual({ ok: false, error: 'Gross amount due (430-DU) is too large: it has at most 8 digits.' });
    expect(parseOverpunchCents(`${'0'.repeat(40)}1{`, GROSS).ok).toBe(false);
  });

  it('refuses to write what is not whole cents or does not fit', () => {
    expect(() => formatOverpunchCents(12.5, GROSS)).toThrow(new D0BuildError('Gross amount due (430-DU) must be a whole number of cents; got 12.5.'));
    expect(() => formatOverpunchCents(Number.NaN, GROSS)).toThrow(D0BuildError);
    expect(() => formatOverpunchCents(100_000_000, GROSS)).toThrow(new D0BuildError('Gross amount due (430-DU) is too large: it has at most 8 digits; got 100000000 cents.'));
  });
});

describe('quantities with 3 implied decimals', () => {
  it('are integer thousandths: 30 → "30000", 2.5 → "2500", 0.125 → "125"', () => {
    expect(formatThousandths(30_000, QUANTITY)).toBe('30000');
    expect(formatThousandths(2_500, QUANTITY)).toBe('2500');
    expect(formatThousandths(125, QUANTITY)).toBe('125');
    expect(formatThousandths(9_999_999_999, QUANTITY)).toBe('9999999999');
    expect(parseThousandths('0000030000', QUANTITY)).toEqual({ ok: true, value: 30_000 });
    expect(parseThousandths('30000', QUANTITY)).toEqual({ ok: true, value: 30_000 });
    expect(parseThousandths('0', QUANTITY)).toEqual({ ok: true, value: 0 });
  });

  it('refuse signs, points, letters and too many digits', () => {
    expect(parseThousandths('30.000', QUANTITY)).toEqual({ ok: false, error: 'Quantity dispensed (442-E7) is not a number.' });
    expect(parseThousandths('3000{', QUANTITY)).toEqual({ ok: false, error: 'Quantity dispensed (442-E7) is not a number.' });
    expect(parseThousandths('', QUANTITY)).toEqual({ ok: false, error: 'Quantity dispensed (442-E7) is not a number.' });
    expect(parseThousandths('10000000000', QUANTITY)).toEqual({ ok: false, error: 'Quantity dispensed (442-E7) is too large: it has at most 10 digits.' });
    expect(() => formatThousandths(-1, QUANTITY)).toThrow(new D0BuildError('Quantity dispensed (442-E7) must be a whole number from 0 to 9999999999; got -1.'));
    expect(() => formatThousandths(1.5, QUANTITY)).toThrow(D0BuildError);
    expect(() => formatThousandths(10_000_000_000, QUANTITY)).toThrow(D0BuildError);
  });
});

describe('counts, codes and numeric identifiers', () => {
  it('reads 9(n) with or without leading zeros and writes without', () => {
    expect(parseInteger('02', FIELDS.D3)).toEqual({ ok: true, value: 2 });
    expect(parseInteger('030', FIELDS.D5)).toEqual({ ok: true, value: 30 });
    expect(formatInteger(30, FIELDS.D5)).toBe('30');
    expect(parseInteger('1000', FIELDS.D5)).toEqual({ ok: false, error: 'Days supply (405-D5) is too large: it has at most 3 digits.' });
    expect(() => formatInteger(100, FIELDS.D3)).toThrow(new D0BuildError('Fill number (403-D3) must be a whole number from 0 to 99; got 100.'));
  });

  it('keeps an identifier as the digits sent', () => {
    expect(parseDigits('000123456', FIELDS.D2)).toEqual({ ok: true, value: '000123456' });
    expect(parseDigits('12A', FIELDS.D2)).toEqual({ ok: false, error: 'Prescription/service reference number (402-D2) is not a number.' });
  });
});

describe('dates', () => {
  it('are CCYYMMDD on the wire and YYYY-MM-DD in our types', () => {
    expect(parseD0Date('20261114', FIELDS.DE)).toEqual({ ok: true, value: '2026-11-14' });
    expect(parseD0Date('20240229', FIELDS.DE)).toEqual({ ok: true, value: '2024-02-29' });
    expect(formatD0Date('1958-03-17', FIELDS.C4)).toBe('19580317');
  });

  it('refuse what is not a calendar date', () => {
    expect(parseD0Date('20250229', FIELDS.DE)).toEqual({ ok: false, error: 'Date prescription written (414-DE) is not a calendar date.' });
    expect(parseD0Date('2026-11-14', FIELDS.DE)).toEqual({ ok: false, error: 'Date prescription written (414-DE) is not a date (CCYYMMDD).' });
    expect(parseD0Date('00000000', FIELDS.DE)).toEqual({ ok: false, error: 'Date prescription written (414-DE) is not a calendar date.' });
    expect(() => formatD0Date('11/14/2026', FIELDS.C4)).toThrow(new D0BuildError('Date of birth (304-C4) must be a calendar date YYYY-MM-DD; got "11/14/2026".'));
    expect(() => formatD0Date('2026-13-01', FIELDS.C4)).toThrow(D0BuildError);
  });
});

describe('alphanumeric text', () => {
  it('is printable ASCII; trailing padding is dropped on read', () => {
    expect(parseText('OKAFOR   ', FIELDS.CB)).toEqual({ ok: true, value: 'OKAFOR' });
    expect(parseText(' O\'BRIEN-SMITH', FIELDS.CB)).toEqual({ ok: true, value: ' O\'BRIEN-SMITH' });
    expect(parseText('ÉLISE', FIELDS.CA)).toEqual({ ok: false, error: 'Patient first name (310-CA) holds a character that is not printable ASCII.' });
    expect(padText('ADV', { ref: '104-A4', name: 'Processor control number', length: 10 })).toBe('ADV       ');
  });

  it('refuses to write separators, control characters, other scripts and overlong values', () => {
    expect(() => formatText('OKA\x1cFOR', FIELDS.CB)).toThrow(new D0BuildError('Patient last name (311-CB) may hold only printable ASCII characters (no separators or control characters); got "OKA\\x1cFOR".'));
    expect(() => formatText('LINE\nTWO', FIELDS.CM)).toThrow(D0BuildError);
    expect(() => formatText('JOSÉ', FIELDS.CA)).toThrow(D0BuildError);
    expect(() => formatText('A'.repeat(13), FIELDS.CA)).toThrow(new D0BuildError(`Patient first name (310-CA) is longer than 12 characters; got "${'A'.repeat(13)}".`));
    expect(formatText('A'.repeat(12), FIELDS.CA)).toBe('A'.repeat(12));
  });
});
