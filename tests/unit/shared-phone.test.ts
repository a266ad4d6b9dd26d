import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN, formatPhoneNumber } from '../../shared/src/common/phone.ts';

describe('phone mask (spec §5: (xxx) xxx-xxxx)', () => {
  it('lays out the digits typed so far', () => {
    expect(formatPhoneNumber('')).toBe('');
    expect(formatPhoneNumber('5')).toBe('(5');
    expect(formatPhoneNumber('555')).toBe('(555');
    expect(formatPhoneNumber('5551')).toBe('(555) 1');
    expect(formatPhoneNumber('555123')).toBe('(555) 123');
    expect(formatPhoneNumber('5551234')).toBe('(555) 123-4');
    expect(formatPhoneNumber('5551234567')).toBe('(555) 123-4567');
  });

  it('drops non-digits and anything past ten digits', () => {
    expect(formatPhoneNumber('555.123.4567')).toBe('(555) 123-4567');
    expect(formatPhoneNumber('(555) 123-45678')).toBe('(555) 123-4567');
    expect(formatPhoneNumber('abc')).toBe('');
  });

  it('re-masking a masked value (the user keeps typing) keeps it stable', () => {
    expect(formatPhoneNumber(formatPhoneNumber('555123') + '4')).toBe('(555) 123-4');
    expect(formatPhoneNumber('(555) 123-4567')).toBe('(555) 123-4567');
  });

  it('a full mask is the shape the wizard accepts', () => {
    expect(PHONE_PATTERN.test(formatPhoneNumber('5551234567'))).toBe(true);
    expect(PHONE_PATTERN.test(formatPhoneNumber('555123456'))).toBe(false);
  });
});
