/** shared/src/common/money.ts: dollars as typed → integer cents digit by digit, and back for the screen and forms. */
import { describe, expect, it } from 'vitest';
import { centsFromDollars, dollarsText, formatCents } from '../../shared/src/common/money.ts';

describe('money', () => {
  it('reads dollars as typed into whole cents, never through a float', () => {
    expect(centsFromDollars('12.50')).toBe(1250);
    expect(centsFromDollars('$1,234.5')).toBe(123450);
    expect(centsFromDollars(' 0.29 ')).toBe(29);
    expect(centsFromDollars('3')).toBe(300);
    // 1.15 * 100 is 114.99999999999999 as a float; digit by digit it is 115.
    expect(centsFromDollars('1.15')).toBe(115);
    for (const bad of ['', '1.234', '-1', '1,23', 'abc', '1e3']) expect(centsFromDollars(bad)).toBeNull();
  });

  it('shows cents as dollars, and as the decimal a form field edits', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(-5)).toBe('-$0.05');
    expect(formatCents(null)).toBe('—');
    expect(dollarsText(1250)).toBe('12.50');
    expect(dollarsText(7)).toBe('0.07');
    expect(dollarsText(-1999)).toBe('-19.99');
  });
});
