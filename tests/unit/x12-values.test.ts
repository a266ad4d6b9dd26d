/**
 * X12 values (shared/src/inventory/x12/x12-values.ts): decimal money to cents without floats, implied-decimal
 * totals, whole quantities, CCYYMMDD dates and HHMM times, NDCs 5-4-2 for N4, and the builder's text rules.
 */
import { describe, expect, it } from 'vitest';
import {
  formatMoneyCents, formatNdcN4, formatX12Date, formatX12Time, localDateTime, parseImpliedCents, parseIsaDate, parseMoneyCents, parseNdcN4,
  parseQuantity, parseX12Date, parseX12Time, x12Identifier, x12Text,
} from '../../shared/src/inventory/x12/x12-values.ts';

describe('parseMoneyCents', () => {
  it.each([
    ['12.34', 1234], ['12', 1200], ['.5', 50], ['-1.00', -100], ['0.1', 10], ['0', 0], ['-0', 0], ['007.07', 707],
    ['12.3400', 1234], ['1.10', 110], ['0.29', 29], ['0.57', 57], ['1.000', 100], [' 4.25 ', 425],
    ['9999999999999.99', 999_999_999_999_999],
  ])('%s → %i cents', (text, cents) => {
    expect(parseMoneyCents(text)).toEqual({ ok: true, value: cents });
  });

  it.each([
    ['12.345', 'The amount "12.345" has more than 2 decimals: amounts are in whole cents.'],
    ['0.001', 'The amount "0.001" has more than 2 decimals: amounts are in whole cents.'],
    ['', 'The amount "" is not a decimal number.'],
    ['.', 'The amount "." is not a decimal number.'],
    ['-', 'The amount "-" is not a decimal number.'],
    ['1.', 'The amount "1." is not a decimal number.'],
    ['1,000.00', 'The amount "1,000.00" is not a decimal number.'],
    ['+1', 'The amount "+1" is not a decimal number.'],
    ['1e3', 'The amount "1e3" is not a decimal number.'],
    ['1.2.3', 'The amount "1.2.3" is not a decimal number.'],
    ['--1', 'The amount "--1" is not a decimal number.'],
    ['10000000000000', 'The amount "10000000000000" is too large.'],
  ])('refuses %j', (text, error) => {
    expect(parseMoneyCents(text)).toEqual({ ok: false, error });
  });

  it('names the value in its message', () => {
    expect(parseMoneyCents('x', 'The unit price of IT1 segment 5')).toEqual({ ok: false, error: 'The unit price of IT1 segment 5 "x" is not a decimal number.' });
  });
});

describe('formatMoneyCents and parseImpliedCents', () => {
  it.each([[1234, '12.34'], [5, '0.05'], [0, '0.00'], [-105, '-1.05'], [100000, '1000.00']])('%i cents → %s', (cents, text) => {
    expect(formatMoneyCents(cents)).toBe(text);
    expect(parseMoneyCents(text)).toEqual({ ok: true, value: cents });
  });

  it('refuses a fraction of a cent', () => {
    expect(() => formatMoneyCents(1.5)).toThrow('An amount of 1.5 cents is not a whole number of cents.');
  });

  it.each([['12345', 12345], ['0', 0], ['-250', -250], ['0007', 7]])('TDS %s → %i cents', (text, cents) => {
    expect(parseImpliedCents(text)).toEqual({ ok: true, value: cents });
  });

  it.each(['123.45', '', '12a'])('TDS refuses %j', (text) => {
    expect(parseImpliedCents(text).ok).toBe(false);
  });
});

describe('parseQuantity', () => {
  it.each([['10', 10], ['10.00', 10], ['0', 0], ['012', 12]])('%s → %i', (text, quantity) => {
    expect(parseQuantity(text)).toEqual({ ok: true, value: quantity });
  });

  it.each(['1.5', '-1', '', '.0', 'ten', '100000000'])('refuses %j', (text) => {
    expect(parseQuantity(text).ok).toBe(false);
  });
});

describe('dates and times', () => {
  it.each([['20240229', '2024-02-29'], ['20001231', '2000-12-31']])('%s → %s', (text, iso) => {
    expect(parseX12Date(text)).toEqual({ ok: true, value: iso });
    expect(formatX12Date(iso)).toBe(text);
  });

  it.each([['20230229', 'is not a calendar date'], ['19001301', 'is not a calendar date'], ['2024031', 'is not a date (CCYYMMDD)'], ['2024-03-15', 'is not a date (CCYYMMDD)']])(
    'refuses %s',
    (text, reason) => {
      expect(parseX12Date(text)).toEqual({ ok: false, error: `The date "${text}" ${reason}.` });
    },
  );

  it('reads the ISA date YYMMDD and times HHMM / HHMMSS', () => {
    expect(parseIsaDate('240315')).toEqual({ ok: true, value: '2024-03-15' });
    expect(parseX12Time('0905')).toEqual({ ok: true, value: '09:05' });
    expect(parseX12Time('235959')).toEqual({ ok: true, value: '23:59' });
    expect(parseX12Time('2400').ok).toBe(false);
    expect(formatX12Time('07:30')).toBe('0730');
    expect(() => formatX12Date('2024-02-30')).toThrow('A date must be a calendar date YYYY-MM-DD; got "2024-02-30".');
  });

  it('gives the local date and time of an instant in the pharmacy time zone', () => {
    expect(localDateTime(new Date('2024-03-16T02:05:00Z'), 'America/Los_Angeles')).toEqual({ date: '2024-03-15', time: '19:05' });
    expect(localDateTime(new Date('2024-03-16T00:00:00Z'))).toEqual({ date: '2024-03-16', time: '00:00' });
  });
});

describe('NDCs for N4', () => {
  it('writes 11 digits as 5-4-2 with hyphens', () => {
    expect(formatNdcN4('12345678901')).toBe('12345-6789-01');
    expect(formatNdcN4('00071015523')).toBe('00071-0155-23');
    expect(() => formatNdcN4('1234567890')).toThrow('An NDC must be 11 digits; got "1234567890".');
  });

  it.each([['12345-6789-01', '12345678901'], ['12345678901', '12345678901'], ['0071-0155-23', '00071015523'], ['59011-410-10', '59011041010']])(
    'reads %s as %s',
    (text, ndc11) => {
      expect(parseNdcN4(text)).toEqual({ ok: true, value: ndc11 });
    },
  );

  it('refuses a 10-digit NDC without hyphens', () => {
    expect(parseNdcN4('0071015523')).toEqual({ ok: false, error: 'NDC 0071015523 has 10 digits without hyphens: write it with hyphens (4-4-2, 5-3-2 or 5-4-1) or as 11 digits.' });
  });
});

describe('text rules', () => {
  it('turns delimiters and control characters in free text into single spaces and cuts to length', () => {
    expect(x12Text('  A*B~C>D^E\nF  ', 60)).toBe('A B C D E F');
    expect(x12Text('ABCDEFGH', 5)).toBe('ABCDE');
  });

  it('refuses identifiers out of length or holding a delimiter', () => {
    expect(x12Identifier(' LOT1 ', 'The lot', 1, 20)).toBe('LOT1');
    expect(() => x12Identifier('', 'The lot', 1, 20)).toThrow('The lot must be 1 to 20 characters; got "".');
    expect(() => x12Identifier('A>B', 'The lot', 1, 20)).toThrow('The lot "A>B" holds a character X12 reserves');
  });
});
